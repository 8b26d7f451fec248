import { Limits } from '@agora/contracts/limits';
import {
  capCount,
  ErrorPage,
  Loading,
  NO_RED_DOT,
  notificationApi,
  queryKeys,
  reviewApi,
  useLoginState,
  useTranslation,
} from '@agora/kit';
import { Badge, Box, Tab, Tabs, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { FlaggedPosts } from '../components/flagged-posts';
import { HeldPosts } from '../components/held-posts';
import { SuggestedEdits } from '../components/suggested-edits';
import { useReviewLive } from '../use-review-live';

const SCREENS: Record<string, () => React.JSX.Element> = {
  queued_post: HeldPosts,
  suggested_post_edit: SuggestedEdits,
  flagged_post: FlaggedPosts,
};

/**
 * /review: a tab per queue the caller may work (suggested edits; held posts and flags for the staff), with what
 * waits in each.
 * Only for moderators and members who may review some edits (`can_revision` of the red dot). What waits is
 * read again as the stream tells it changed, or polled without one.
 */
export function ReviewPage() {
  const { t } = useTranslation();
  const state = useLoginState();
  const dot = useQuery({
    queryKey: queryKeys.redDot(),
    queryFn: async () => (await notificationApi.status()) ?? NO_RED_DOT,
  });
  const live = useReviewLive();
  const types = useQuery({
    queryKey: queryKeys.reviewingTypes(),
    queryFn: () => reviewApi.types(),
    refetchInterval: live ? false : Limits.liveClient.fallbackPollMs,
  });
  const [chosen, setChosen] = useState<string | null>(null);
  if (dot.isPending || types.isPending) return <Loading />;
  if (!state.isAdmin && !state.isModerator && !dot.data?.can_revision) return <ErrorPage code="403" />;
  const queues = (types.data ?? []).filter((type) => type.name in SCREENS);
  const current = chosen ?? queues.find((q) => q.todo_amount > 0)?.name ?? queues[0]?.name;
  const Screen = current ? SCREENS[current] : undefined;
  return (
    <Box sx={{ maxWidth: 1100 }} data-testid="review-page">
      <Typography variant="h5" component="h1" sx={{ mb: 1 }}>
        {t('ui.nav.review')}
      </Typography>
      <Tabs
        value={current ?? false}
        onChange={(_event, value: string) => setChosen(value)}
        variant="scrollable"
        allowScrollButtonsMobile
        sx={{ mb: 2 }}
      >
        {queues.map((queue) => (
          <Tab
            key={queue.name}
            value={queue.name}
            data-testid={`review-tab-${queue.name}`}
            label={
              <Badge
                color="warning"
                badgeContent={capCount(queue.todo_amount)}
                invisible={queue.todo_amount === 0}
                sx={{ pr: 2 }}
              >
                {queue.label}
              </Badge>
            }
          />
        ))}
      </Tabs>
      {Screen ? <Screen /> : null}
    </Box>
  );
}
