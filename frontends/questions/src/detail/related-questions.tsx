import { hasAccepted, Link, queryKeys, questionApi, questionPath, usePermalink } from '@agora/kit';
import { Box, Card, CardContent, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';

/** Related questions: up to 6 sharing the first tag (`question/similar/tag`). */
export function RelatedQuestions({ questionId }: { questionId: string }) {
  const { t } = useTranslation();
  const permalink = usePermalink();
  const related = useQuery({
    queryKey: queryKeys.relatedQuestions(questionId),
    queryFn: () => questionApi.related(questionId),
  });
  if (!related.data?.list.length) return null;
  return (
    <Card variant="outlined" data-testid="related-questions">
      <CardContent>
        <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600, mb: 1 }}>
          {t('ui.detail.related')}
        </Typography>
        {related.data.list.map((q) => (
          <Box key={q.id} sx={{ py: 0.5, fontSize: 14, display: 'flex', gap: 1 }}>
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
