import type { FlagOperation } from '@agora/contracts/moderation/events';
import {
  Avatar,
  invalidateKeys,
  Link,
  Loading,
  PostHtml,
  queryKeys,
  questionPath,
  RelativeTime,
  type ReportItem,
  reviewApi,
  toast,
  useTranslation,
} from '@agora/kit';
import { Box, Button, Chip, Paper, Stack, Typography } from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';

/** What a moderator may do with a flag from this screen, per kind of object. */
const ACTIONS: Record<string, FlagOperation[]> = {
  question: ['ignore_report', 'unlist_post', 'delete_post'],
  answer: ['ignore_report', 'delete_post'],
  comment: ['ignore_report', 'delete_post'],
  user: ['ignore_report'],
};

function linkOf(flag: ReportItem): string {
  if (flag.object_type === 'user') return `/users/${flag.author_user_info.username}`;
  return questionPath(undefined, flag.question_id, flag.url_title, flag.answer_id || undefined);
}

/** The flags waiting for a moderator, one at a time, newest first, with the post as it stands. */
export function FlaggedPosts() {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [busy, setBusy] = useState(false);
  const page = useQuery({ queryKey: queryKeys.pendingFlag(1), queryFn: () => reviewApi.pendingFlag(1) });
  if (page.isPending) return <Loading />;
  const flag = page.data?.list[0];
  if (!flag) {
    return (
      <Typography color="text.secondary" sx={{ py: 4, textAlign: 'center' }} data-testid="flags-empty">
        {t('ui.review.nothing_flags')}
      </Typography>
    );
  }
  const handle = (operation: FlagOperation) => {
    if (busy) return;
    setBusy(true);
    void reviewApi
      .handleFlag({ flag_id: flag.flag_id, operation_type: operation })
      .then(() => toast.success(t('ui.review.flag_handled')))
      .catch(() => undefined)
      .finally(() => {
        setBusy(false);
        void invalidateKeys(client, queryKeys.pendingFlags(), queryKeys.reviewingTypes(), queryKeys.redDot());
      });
  };
  return (
    <Paper variant="outlined" sx={{ p: 2 }} data-testid="flagged-post">
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1, flexWrap: 'wrap' }}>
        <Chip size="small" label={t(`ui.review.object_${flag.object_type}`)} />
        <Link to={linkOf(flag)}>{flag.title || flag.author_user_info.display_name}</Link>
      </Stack>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1 }}>
        <Avatar avatar={flag.submitter_user.avatar} name={flag.submitter_user.display_name} size={24} />
        <Typography variant="body2">
          {t('ui.review.flagged_by', { name: flag.submitter_user.display_name, reason: flag.reason.name })}{' '}
          <RelativeTime time={flag.created_at} />
        </Typography>
      </Stack>
      {flag.reason_content ? (
        <Typography variant="body2" sx={{ mb: 1 }} data-testid="flag-content">
          “{flag.reason_content}”
        </Typography>
      ) : null}
      {flag.parsed_text ? (
        <Box sx={{ p: 1, bgcolor: 'grey.50', borderRadius: 1, mb: 2 }}>
          <PostHtml html={flag.parsed_text} />
        </Box>
      ) : null}
      <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end', flexWrap: 'wrap' }}>
        {(ACTIONS[flag.object_type] ?? []).map((operation) => (
          <Button
            key={operation}
            color={operation === 'delete_post' ? 'error' : 'inherit'}
            variant={operation === 'ignore_report' ? 'text' : 'outlined'}
            onClick={() => handle(operation)}
            data-testid={`flag-${operation}`}
          >
            {t(`ui.review.op_${operation}`)}
          </Button>
        ))}
      </Stack>
    </Paper>
  );
}
