import { Limits } from '@agora/contracts/limits';
import {
  Link,
  type QuestionBaseInfo,
  queryKeys,
  questionPath,
  searchApi,
  useDebounced,
  usePermalink,
  useSiteInfo,
  useTranslation,
  useUser,
} from '@agora/kit';
import { Box, Paper, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';

type Similar = Pick<QuestionBaseInfo, 'id' | 'title' | 'url_title' | 'answer_count' | 'accepted_answer'>;

/** The questions nearest in meaning to a title (the assistant's `ai/search`), as the box lists them. */
async function similarByMeaning(title: string): Promise<Similar[]> {
  const page = await searchApi.semantic(title, Limits.suggestions.similarQuestions * 2);
  return page.list
    .filter((result) => result.object_type === 'question')
    .map(({ object }) => ({
      id: object.id,
      title: object.title,
      url_title: object.url_title,
      answer_count: object.answer_count,
      accepted_answer: object.accepted,
    }));
}

/**
 * Questions like the title being typed: by meaning while the AI assistant is on (a member's search asks the provider),
 * else, or when that fails, by words (`question/similar`); nothing when the deployment has no search yet.
 */
export function SimilarQuestions({ title }: { title: string }) {
  const { t } = useTranslation();
  const permalink = usePermalink();
  const aiOn = useSiteInfo().data?.ai_enabled === true;
  const signedIn = useUser() !== null;
  const byMeaning = aiOn && signedIn;
  const settled = useDebounced(title.trim(), 500);
  const similar = useQuery<Similar[]>({
    queryKey: [...queryKeys.similarQuestions(settled), byMeaning],
    queryFn: () =>
      byMeaning ? similarByMeaning(settled).catch(() => searchApi.similar(settled)) : searchApi.similar(settled),
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
