import { Limits } from '@agora/contracts/limits';
import { hasAccepted, Link, queryKeys, questionApi, questionPath, usePermalink, useTranslation } from '@agora/kit';
import { Box, Card, CardContent, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';

/** Hot questions: page 1 of 6, order frequent, of the last 7 days; answer count and accepted marker. */
export function HotQuestions() {
  const { t } = useTranslation();
  const permalink = usePermalink();
  const params = {
    order: 'frequent',
    page: 1,
    page_size: Limits.hotQuestions.count,
    in_days: Limits.hotQuestions.days,
  };
  const hot = useQuery({
    queryKey: queryKeys.questionPage(params),
    queryFn: () => questionApi.page(params),
    staleTime: 60_000,
  });
  if (!hot.data?.list.length) return null;
  return (
    <Card variant="outlined" data-testid="hot-questions">
      <CardContent>
        <Typography variant="subtitle1" component="h2" sx={{ mb: 1, fontWeight: 600 }}>
          {t('ui.questions.hot')}
        </Typography>
        {hot.data.list.map((q) => (
          <Box key={q.id} sx={{ display: 'flex', gap: 1, py: 0.5, fontSize: 14 }}>
            <Box
              component="span"
              sx={{
                minWidth: 28,
                textAlign: 'center',
                borderRadius: 1,
                fontSize: 12,
                alignSelf: 'flex-start',
                ...(hasAccepted(q.accepted_answer_id)
                  ? { bgcolor: 'success.main', color: '#fff' }
                  : { border: 1, borderColor: 'divider' }),
              }}
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
