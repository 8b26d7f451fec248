import {
  type DiffPart,
  diffTokens,
  lines,
  type ObjectTimelineDetail,
  queryKeys,
  revisionApi,
  useTranslation,
  words,
} from '@agora/kit';
import { Box, CircularProgress, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';

const STYLE = {
  added: { bgcolor: 'rgba(46, 160, 67, 0.2)' },
  removed: { bgcolor: 'rgba(248, 81, 73, 0.2)', textDecoration: 'line-through' },
  same: {},
} as const;

function Parts({ parts, pre }: { parts: DiffPart[]; pre?: boolean }) {
  return (
    <Box
      component={pre ? 'pre' : 'div'}
      sx={{ whiteSpace: 'pre-wrap', fontFamily: pre ? 'monospace' : undefined, m: 0, fontSize: 14 }}
    >
      {parts.map((part, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one fixed text, never reordered
        <Box component="span" key={`${i}-${part.kind}`} sx={STYLE[part.kind]} data-diff={part.kind}>
          {part.text}
        </Box>
      ))}
    </Box>
  );
}

const tagNames = (r: ObjectTimelineDetail | null) => (r?.tags ?? []).map((t) => `${t.slug_name} `);

/** What a revision changed against the one before it: title, tags and body, additions and removals marked. */
export function RevisionDiff({ oldId, newId }: { oldId: string; newId: string }) {
  const { t } = useTranslation();
  const detail = useQuery({
    queryKey: queryKeys.revisionDiff(oldId, newId),
    queryFn: () => revisionApi.detail(oldId, newId),
  });
  if (detail.isPending) return <CircularProgress size={20} />;
  const before = detail.data?.old_revision ?? null;
  const after = detail.data?.new_revision ?? null;
  return (
    <Box sx={{ p: 1.5, bgcolor: 'grey.50', borderRadius: 1 }} data-testid="revision-diff">
      {before?.title || after?.title ? (
        <>
          <Typography variant="caption" color="text.secondary">
            {t('ui.timeline.title')}
          </Typography>
          <Parts parts={diffTokens(words(before?.title ?? ''), words(after?.title ?? ''))} />
        </>
      ) : null}
      {before?.tags?.length || after?.tags?.length ? (
        <>
          <Typography variant="caption" color="text.secondary">
            {t('ui.timeline.tags')}
          </Typography>
          <Parts parts={diffTokens(tagNames(before), tagNames(after))} />
        </>
      ) : null}
      <Typography variant="caption" color="text.secondary">
        {t('ui.timeline.body')}
      </Typography>
      <Parts pre parts={diffTokens(lines(before?.original_text ?? ''), lines(after?.original_text ?? ''))} />
    </Box>
  );
}
