import {
  Avatar,
  invalidateKeys,
  Link,
  Loading,
  queryKeys,
  questionPath,
  RelativeTime,
  reviewApi,
  tagPath,
  toast,
  type UnreviewedRevisionItem,
  useTranslation,
} from '@agora/kit';
import { Box, Button, Chip, Paper, Stack, Typography } from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { SideBySide } from './side-by-side';

type Decision = 'approve' | 'reject' | 'skip';

const tagNames = (tags: { slug_name: string }[]) => tags.map((t) => t.slug_name).join(' ');

function linkOf(item: UnreviewedRevisionItem): string {
  if (item.type === 'tag') return tagPath(item.info.url_title);
  return questionPath(undefined, item.info.question_id, item.info.url_title, item.info.answer_id || undefined);
}

/** One suggested edit beside the object as it stands: title, tags and body side by side, then the decision. */
function Suggestion({ item, onDecide }: { item: UnreviewedRevisionItem; onDecide: (d: Decision) => void }) {
  const { t } = useTranslation();
  const proposed = item.unreviewed_info;
  const editor = proposed.user_info;
  const isTag = item.type === 'tag';
  return (
    <Paper variant="outlined" sx={{ p: 2 }} data-testid="suggested-edit">
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1, flexWrap: 'wrap' }}>
        <Chip size="small" label={t(`ui.review.object_${item.type}`)} />
        <Link to={linkOf(item)}>{item.info.title || proposed.title}</Link>
      </Stack>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 2 }}>
        <Avatar avatar={editor.avatar} name={editor.display_name} size={24} />
        <Typography variant="body2">
          {t('ui.review.suggested_by', { name: editor.display_name })} <RelativeTime time={proposed.create_at} />
        </Typography>
      </Stack>
      {proposed.reason ? (
        <Typography variant="body2" sx={{ mb: 2 }} data-testid="edit-summary">
          {t('ui.review.summary')}: {proposed.reason}
        </Typography>
      ) : null}
      <Box
        sx={{ display: { xs: 'none', md: 'grid' }, gridTemplateColumns: '1fr 1fr', gap: 1, mb: 0.5 }}
        aria-hidden="true"
      >
        <Typography variant="overline">{t('ui.review.current')}</Typography>
        <Typography variant="overline">{t('ui.review.suggested')}</Typography>
      </Box>
      {item.type === 'question' || isTag ? (
        <SideBySide
          label={t(isTag ? 'ui.review.display_name' : 'ui.review.title')}
          before={item.info.title}
          after={isTag ? proposed.content.display_name : proposed.content.title}
          by="words"
        />
      ) : null}
      {item.type === 'question' ? (
        <SideBySide
          label={t('ui.review.tags')}
          before={tagNames(item.info.tags)}
          after={tagNames(proposed.content.tags)}
          by="words"
        />
      ) : null}
      <SideBySide label={t('ui.review.body')} before={item.info.content} after={proposed.content.content} by="lines" />
      <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
        <Button onClick={() => onDecide('skip')} data-testid="review-skip">
          {t('ui.review.skip')}
        </Button>
        <Button color="error" variant="outlined" onClick={() => onDecide('reject')} data-testid="review-reject">
          {t('ui.review.reject')}
        </Button>
        <Button variant="contained" onClick={() => onDecide('approve')} data-testid="review-approve">
          {t('ui.review.approve')}
        </Button>
      </Stack>
    </Paper>
  );
}

/** The suggested edits waiting for the caller, one at a time, oldest first. */
export function SuggestedEdits() {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [busy, setBusy] = useState(false);
  const page = useQuery({ queryKey: queryKeys.unreviewedRevision(1), queryFn: () => reviewApi.unreviewed(1) });
  if (page.isPending) return <Loading />;
  const item = page.data?.list[0];
  if (!item) {
    return (
      <Typography color="text.secondary" sx={{ py: 4, textAlign: 'center' }} data-testid="review-empty">
        {t('ui.review.nothing_edits')}
      </Typography>
    );
  }
  const decide = (decision: Decision) => {
    if (busy) return;
    setBusy(true);
    void reviewApi
      .audit(item.unreviewed_info.id, decision)
      .then(() => toast.success(t(`ui.review.done_${decision}`)))
      .catch(() => undefined)
      .finally(() => {
        setBusy(false);
        void invalidateKeys(client, queryKeys.unreviewedRevisions(), queryKeys.reviewingTypes(), queryKeys.redDot());
      });
  };
  return (
    <Box>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }} data-testid="review-remaining">
        {t('ui.review.remaining', { count: page.data?.count ?? 0 })}
      </Typography>
      <Suggestion key={item.unreviewed_info.id} item={item} onDecide={decide} />
    </Box>
  );
}
