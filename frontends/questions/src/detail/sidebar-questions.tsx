import { hasAccepted, Link, type QuestionPageItem, questionPath, usePermalink } from '@agora/kit';
import { Box, Card, CardContent, Typography } from '@mui/material';

/** A sidebar card of questions: each one's answer count (green once one is accepted) and its title. */
export function SidebarQuestions({
  title,
  questions,
  testId,
}: {
  title: string;
  questions: QuestionPageItem[];
  testId: string;
}) {
  const permalink = usePermalink();
  if (!questions.length) return null;
  return (
    <Card variant="outlined" data-testid={testId}>
      <CardContent>
        <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600, mb: 1 }}>
          {title}
        </Typography>
        {questions.map((q) => (
          <Box key={q.id} sx={{ py: 0.5, fontSize: 14, display: 'flex', gap: 1 }} data-testid={`${testId}-item`}>
            <Box
              component="span"
              sx={{ color: hasAccepted(q.accepted_answer_id) ? 'success.main' : 'text.secondary', minWidth: 24 }}
            >
              {q.answer_count}
            </Box>
            <Link to={questionPath(permalink, q.id, q.url_title)}>{q.title}</Link>
          </Box>
        ))}
      </CardContent>
    </Card>
  );
}
