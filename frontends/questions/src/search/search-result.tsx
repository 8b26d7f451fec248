import { Link, questionPath, RelativeTime, type SearchResult, TagChips, UserLink, useTranslation } from '@agora/kit';
import Check from '@mui/icons-material/Check';
import { Box, Chip, Typography } from '@mui/material';

/** Marks the words of the query in a text (the highlighted results of the search page). */
function Highlighted({ text, words }: { text: string; words: string[] }) {
  if (words.length === 0) return <>{text}</>;
  const pattern = new RegExp(`(${words.map((w) => w.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|')})`, 'gi');
  return (
    <>
      {text.split(pattern).map((part, i) =>
        i % 2 === 1 ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one fixed text, never reordered
          <Box component="mark" key={`${i}-${part}`} sx={{ bgcolor: 'rgba(255, 193, 7, 0.4)', px: 0.25 }}>
            {part}
          </Box>
        ) : (
          part
        ),
      )}
    </>
  );
}

export function SearchResultRow({
  result,
  words,
  permalink,
}: {
  result: SearchResult;
  words: string[];
  permalink?: number;
}) {
  const { t } = useTranslation();
  const o = result.object;
  const isAnswer = result.object_type === 'answer';
  const path = questionPath(permalink, o.question_id || o.id, o.url_title, isAnswer ? o.id : undefined);
  return (
    <Box
      component="li"
      sx={{ listStyle: 'none', py: 1.5, borderBottom: 1, borderColor: 'divider' }}
      data-testid="search-result"
    >
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', mb: 0.5 }}>
        <Chip
          size="small"
          label={t(isAnswer ? 'ui.search.answer' : 'ui.search.question')}
          color={isAnswer ? 'secondary' : 'default'}
        />
        <Link to={path} variant="subtitle1">
          <Highlighted text={o.title} words={words} />
          {o.status === 'closed' ? ` [${t('ui.questions.closed')}]` : ''}
        </Link>
      </Box>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 0.5 }}>
        <Highlighted text={o.excerpt} words={words} />
      </Typography>
      <Box sx={{ display: 'flex', gap: 1.5, fontSize: 13, color: 'text.secondary', flexWrap: 'wrap', mb: 0.5 }}>
        {o.user_info ? <UserLink username={o.user_info.username}>{o.user_info.display_name}</UserLink> : null}
        <RelativeTime time={o.created_at} />
        <span>{t('ui.questions.votes', { count: o.vote_count, value: o.vote_count })}</span>
        {!isAnswer ? <span>{t('ui.questions.answers', { count: o.answer_count, value: o.answer_count })}</span> : null}
        {o.accepted ? (
          <Box component="span" sx={{ color: 'success.main' }}>
            <Check fontSize="inherit" sx={{ mr: 0.25, verticalAlign: 'middle' }} />
            {t('ui.detail.accepted')}
          </Box>
        ) : null}
      </Box>
      <TagChips tags={o.tags ?? []} />
    </Box>
  );
}
