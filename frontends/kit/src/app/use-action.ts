import { useState } from 'react';

/**
 * A write run from a part drawn once per post (a vote, a bookmark, an acceptance): the way to run it, and whether
 * it runs. TanStack's `useMutation` makes a mutation observer per part on every render, dozens on a question page
 * (docs/adr/0083-plain-post-parts.md), and these writes need no more than this. As with its `mutate`, a failure
 * is the API client's to show.
 */
export function useAction<Args extends unknown[], Result>(
  action: (...args: Args) => Promise<Result>,
  onSuccess?: (result: Result) => unknown,
): { run: (...args: Args) => void; pending: boolean } {
  const [pending, setPending] = useState(false);
  const run = (...args: Args) => {
    setPending(true);
    action(...args)
      .then((result) => onSuccess?.(result))
      .catch(() => {})
      .finally(() => setPending(false));
  };
  return { run, pending };
}
