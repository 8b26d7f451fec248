import type { QueryClient, QueryKey } from '@tanstack/react-query';

const buckets = new Map<number, Map<string, QueryKey>>();

/**
 * Reads the queries under these keys again after `delayMs`, each once however many messages asked in the meantime
 * (several parts of a page follow the same topic; a burst of messages asks for the same read).
 */
export function refreshLater(client: QueryClient, keys: QueryKey[], delayMs = 0): void {
  let bucket = buckets.get(delayMs);
  if (!bucket) {
    const pending = new Map<string, QueryKey>();
    bucket = pending;
    buckets.set(delayMs, pending);
    setTimeout(() => {
      buckets.delete(delayMs);
      for (const queryKey of pending.values()) void client.invalidateQueries({ queryKey });
    }, delayMs);
  }
  for (const key of keys) bucket.set(JSON.stringify(key), key);
}
