import { Limits } from '@agora/contracts/limits';
import { NO_RED_DOT, notificationApi, queryKeys, type RedDot, useLoginState } from '@agora/kit';
import { useQuery } from '@tanstack/react-query';

/**
 * Unread counts and the review badge from `notification/status`, polled every 3 s for a signed-in user;
 * one poll for the header and the side nav (they share the query). Failures, including a deployment
 * without the route, leave no dots.
 */
export function useRedDot(): RedDot {
  const { isLogged } = useLoginState();
  const query = useQuery({
    queryKey: queryKeys.redDot(),
    queryFn: async () => (await notificationApi.status()) ?? NO_RED_DOT,
    enabled: isLogged,
    refetchInterval: Limits.timing.notificationPollMs,
    staleTime: 0,
  });
  return isLogged ? (query.data ?? NO_RED_DOT) : NO_RED_DOT;
}
