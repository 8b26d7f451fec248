import { type ProfileOrder, useSearchParams } from '@agora/kit';

/** A tab's page (`page`, from 1) and sort (`sort`: newest by default) from the query string. */
export function useTabQuery(): { page: number; order: ProfileOrder } {
  const params = useSearchParams();
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  const order: ProfileOrder = params.get('sort') === 'score' ? 'score' : 'newest';
  return { page, order };
}
