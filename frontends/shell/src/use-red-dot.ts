import { Limits } from '@agora/contracts/limits';
import { LiveTopic } from '@agora/contracts/live/messages';
import {
  NO_RED_DOT,
  notificationApi,
  queryKeys,
  type RedDot,
  refreshLater,
  useLiveOpen,
  useLiveTopic,
  useLoginState,
} from '@agora/kit';
import { type QueryClient, useQuery, useQueryClient } from '@tanstack/react-query';

const readAgain = (client: QueryClient) => refreshLater(client, [queryKeys.redDot()]);
/** The review queues are moderation's projection: read a moment after their message. */
const reviewAgain = (client: QueryClient) =>
  refreshLater(client, [queryKeys.redDot(), queryKeys.reviewingTypes()], Limits.liveClient.settleMs);

/**
 * Unread counts and the review badge from `notification/status`, one read for the header and the side nav (they
 * share the query), read again when the live stream says the member's counts (`me`) or the review queues (`review`,
 * staff) changed. While the stream does not carry them (it cannot be opened: no live route, 503, repeated errors)
 * they are polled every 3 s. Failures, including a deployment without the route, leave no dots.
 */
export function useRedDot(): RedDot {
  const { isLogged, isAdmin, isModerator } = useLoginState();
  const client = useQueryClient();
  const me = isLogged ? LiveTopic.me : null;
  const review = isAdmin || isModerator ? LiveTopic.review : null;
  useLiveTopic(
    me,
    () => readAgain(client),
    () => readAgain(client),
  );
  useLiveTopic(
    review,
    () => reviewAgain(client),
    () => reviewAgain(client),
  );
  const meLive = useLiveOpen(me);
  const reviewLive = useLiveOpen(review);
  const live = meLive && (review === null || reviewLive);
  const query = useQuery({
    queryKey: queryKeys.redDot(),
    queryFn: async () => (await notificationApi.status()) ?? NO_RED_DOT,
    enabled: isLogged,
    refetchInterval: live ? false : Limits.timing.notificationPollMs,
    staleTime: 0,
  });
  return isLogged ? (query.data ?? NO_RED_DOT) : NO_RED_DOT;
}
