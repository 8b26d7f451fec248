import { Limits } from '@agora/contracts/limits';
import { queryKeys, reviewApi } from '@agora/kit';
import { useQuery } from '@tanstack/react-query';

/**
 * What waits for the caller in every review queue (`reviewing/type`, summed), polled with the red dot for
 * those who may review; 0 for everyone else and while the call fails.
 */
export function useReviewCount(canReview: boolean): number {
  const query = useQuery({
    queryKey: queryKeys.reviewingTypes(),
    queryFn: () => reviewApi.types(),
    enabled: canReview,
    refetchInterval: Limits.timing.notificationPollMs,
    staleTime: 0,
  });
  if (!canReview) return 0;
  return (query.data ?? []).reduce((sum, type) => sum + type.todo_amount, 0);
}
