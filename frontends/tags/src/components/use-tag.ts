import { queryKeys, type TagInfo, tagApi } from '@agora/kit';
import { useQuery, useQueryClient } from '@tanstack/react-query';

/** A tag by slug name (tag page, info) or by id (edit page), with a way to patch the cached copy. */
export function useTag(by: { name?: string; id?: string }) {
  const client = useQueryClient();
  const key = queryKeys.tagInfo(by);
  const tag = useQuery({ queryKey: key, queryFn: () => tagApi.info(by) });
  const patch = (change: Partial<TagInfo>) => client.setQueryData<TagInfo>(key, (t) => (t ? { ...t, ...change } : t));
  return { tag, patch };
}
