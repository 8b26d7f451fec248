import { Limits } from '@agora/contracts/limits';
import { Live } from '@agora/contracts/live/limits';

/** How an attempt at the stream ended. */
export type StreamEnd =
  /** The route answered with a status other than 200 (0: no answer at all, the network). */
  | { kind: 'refused'; status: number }
  /** The stream was open and ended without a word: the connection broke, or the gateway went. */
  | { kind: 'dropped' }
  /** The gateway is stopping and said when to come back (`event: reconnect` after its `retry:`). */
  | { kind: 'reconnect'; retryMs: number }
  /** The position given is further back than the gateway can replay: the pages read anew, the stream opens anew. */
  | { kind: 'reload' };

export interface NextAttempt {
  /** The pages poll until a stream opens again. */
  fallback: boolean;
  delayMs: number;
}

const { failuresBeforeFallback, retryMaxMs } = Limits.liveClient;

/** A status that no retry soon will change: no live route (404), no right to it (401, 403). */
const lasting = (status: number) => status === 404 || status === 401 || status === 403;

/**
 * When to try again after `failures` attempts in a row that did not open (this one counted), and whether the pages
 * poll meanwhile: at once for a route that is missing, refused or unavailable (503), else after repeated failures.
 */
export function nextAttempt(end: StreamEnd, failures: number): NextAttempt {
  if (end.kind === 'reconnect') return { fallback: false, delayMs: end.retryMs };
  if (end.kind === 'reload') return { fallback: false, delayMs: 0 };
  const backoff = Math.min(Live.retryMs * 2 ** Math.max(0, failures - 1), retryMaxMs);
  if (end.kind === 'dropped') return { fallback: failures >= failuresBeforeFallback, delayMs: backoff };
  if (lasting(end.status)) return { fallback: true, delayMs: retryMaxMs };
  return { fallback: end.status === 503 || failures >= failuresBeforeFallback, delayMs: backoff };
}
