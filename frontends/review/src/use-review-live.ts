import { Limits } from '@agora/contracts/limits';
import { LiveTopic } from '@agora/contracts/live/messages';
import { queryKeys, refreshLater, useLiveOpen, useLiveTopic, useLoginState } from '@agora/kit';
import { useQueryClient } from '@tanstack/react-query';

/**
 * The review queues, read again a moment after the `review` topic says they changed (moderation projects them; the
 * topic is the staff's). Returns whether the stream carries it: while it does not, the page polls.
 */
export function useReviewLive(): boolean {
  const client = useQueryClient();
  const { isAdmin, isModerator } = useLoginState();
  const topic = isAdmin || isModerator ? LiveTopic.review : null;
  const readAgain = () =>
    refreshLater(
      client,
      [
        queryKeys.reviewingTypes(),
        queryKeys.unreviewedRevisions(),
        queryKeys.pendingFlags(),
        queryKeys.heldPosts(),
        queryKeys.redDot(),
      ],
      Limits.liveClient.settleMs,
    );
  useLiveTopic(topic, readAgain, readAgain);
  return useLiveOpen(topic);
}
