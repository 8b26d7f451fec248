import { Limits } from '@agora/contracts/limits';
import { Link, queryKeys, questionPath, searchApi, useDebounced, usePermalink, useTranslation } from '@agora/kit';
import { Box, Paper, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';

/** Questions like the title being typed (`question/similar`); nothing when the deployment has no search yet. */
export function SimilarQuestions({ title }: { title: string }) {
  const { t } = useTranslation();
  const permalink = usePermalink();
  const settled = useDebounced(title.trim(), 500);
  const similar = useQuery({
    queryKey: queryKeys.similarQuestions(settled),
    queryFn: () => searchApi.similar(settled),
    enabled: settled.length >= Limits.suggestions.similarAfterCharacters,
  });
  const list = settled.length >= Limits.suggestions.similarAfterCharacters ? (similar.data ?? []) : [];
  if (list.length === 0) return null;
  return (
    <Paper variant="outlined" sx={{ p: 1.5, mt: 1 }} data-testid="similar-questions">
      <Typography variant="caption" color="text.secondary">
        {t('ui.ask.similar')}
      </Typography>
      {list.slice(0, Limits.suggestions.similarQuestions).map((q) => (
        <Box key={q.id} sx={{ display: 'flex', gap: 1, fontSize: 14, py: 0.25 }}>
          <Box component="span" sx={{ color: q.accepted_answer ? 'success.main' : 'text.secondary', minWidth: 24 }}>
            {q.answer_count}
          </Box>
          <Link to={questionPath(permalink, q.id, q.url_title)} target="_blank">
            {q.title}
          </Link>
        </Box>
      ))}
    </Paper>
  );
}
