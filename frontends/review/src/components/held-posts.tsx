import {
  Avatar,
  dialogs,
  invalidateKeys,
  Link,
  Loading,
  type PendingPostItem,
  PostHtml,
  queryKeys,
  questionPath,
  RelativeTime,
  reviewApi,
  toast,
  useTranslation,
} from '@agora/kit';
import CheckIcon from '@mui/icons-material/Check';
import CloseIcon from '@mui/icons-material/Close';
import { Box, Button, Chip, Paper, Stack, Typography } from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';

type Decision = 'approve' | 'reject';

const linkOf = (post: PendingPostItem) =>
  questionPath(undefined, post.question_id, post.url_title, post.answer_id || undefined);

/** A held post as its author wrote it: what it is, who wrote it and why it waits, its text, its tags. */
function HeldPost({ post, busy, onDecide }: { post: PendingPostItem; busy: boolean; onDecide: (d: Decision) => void }) {
  const { t } = useTranslation();
  const author = post.author_user_info;
  return (
    <Paper variant="outlined" sx={{ p: 2 }} data-testid="held-post">
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1, flexWrap: 'wrap', rowGap: 1 }}>
        <Chip size="small" label={t(`ui.review.object_${post.object_type}`)} />
        <Chip size="small" color="warning" variant="outlined" label={post.reason} data-testid="held-reason" />
        <Link to={linkOf(post)}>{post.title}</Link>
      </Stack>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1 }}>
        <Avatar avatar={author.avatar} name={author.display_name} size={24} />
        <Typography variant="body2">
          {t('ui.review.held_by', { name: author.display_name })} <RelativeTime time={post.submit_at} />
        </Typography>
      </Stack>
      <Box sx={{ p: 1, bgcolor: 'grey.50', borderRadius: 1, mb: 1 }} data-testid="held-body">
        <PostHtml html={post.parsed_text} />
      </Box>
      {post.tags.length > 0 ? (
        <Stack direction="row" spacing={1} sx={{ mb: 2, flexWrap: 'wrap', rowGap: 1 }}>
          {post.tags.map((tag) => (
            <Chip key={tag.slug_name} size="small" variant="outlined" label={tag.display_name} />
          ))}
        </Stack>
      ) : null}
      <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end', flexWrap: 'wrap' }}>
        <Button
          color="error"
          variant="outlined"
          startIcon={<CloseIcon />}
          disabled={busy}
          onClick={() => onDecide('reject')}
          data-testid="held-reject"
        >
          {t('ui.review.reject')}
        </Button>
        <Button
          variant="contained"
          startIcon={<CheckIcon />}
          disabled={busy}
          onClick={() => onDecide('approve')}
          data-testid="held-approve"
        >
          {t('ui.review.approve')}
        </Button>
      </Stack>
    </Paper>
  );
}

/** Posts the site held for review (pre-moderation), one at a time, oldest first: approve publishes, reject drops. */
export function HeldPosts() {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [busy, setBusy] = useState(false);
  const page = useQuery({ queryKey: queryKeys.heldPost(1), queryFn: () => reviewApi.heldPost(1) });
  if (page.isPending) return <Loading />;
  const post = page.data?.list[0];
  if (!post) {
    return (
      <Typography color="text.secondary" sx={{ py: 4, textAlign: 'center' }} data-testid="held-empty">
        {t('ui.review.nothing_held')}
      </Typography>
    );
  }
  const decide = (decision: Decision) => {
    const run = () => {
      setBusy(true);
      void reviewApi
        .decideHeld(post.review_id, decision)
        .then(() => toast.success(t(decision === 'approve' ? 'ui.review.held_approved' : 'ui.review.held_rejected')))
        .catch(() => undefined)
        .finally(() => {
          setBusy(false);
          void invalidateKeys(client, queryKeys.heldPosts(), queryKeys.reviewingTypes(), queryKeys.redDot());
        });
    };
    if (busy) return;
    // Rejecting deletes the post for good: asked first.
    if (decision === 'reject') dialogs.confirm(t('ui.review.held_reject_confirm'), run);
    else run();
  };
  return (
    <Stack spacing={1}>
      <Typography variant="body2" color="text.secondary" data-testid="held-remaining">
        {t('ui.review.held_remaining', { count: page.data?.count ?? 0 })}
      </Typography>
      <HeldPost post={post} busy={busy} onDecide={decide} />
    </Stack>
  );
}
