/**
 * The pure part of balancing a service's replicas (docs/adr/0074-replicas-behind-the-gateway.md): which replica
 * takes the next request, and whether a failed request may go to another one.
 */

/** Which replicas are in (ready) and whose turn is next, round-robin among those in. */
export class ReplicaSet {
  private readonly up: boolean[];
  private next = 0;

  /** Every replica starts in: the first readiness check or failed request takes a dead one out. */
  constructor(readonly size: number) {
    if (!Number.isInteger(size) || size < 1) throw new Error('A service needs at least one replica');
    this.up = Array.from({ length: size }, () => true);
  }

  isUp(index: number): boolean {
    return this.up[index] === true;
  }

  markDown(index: number): void {
    this.up[index] = false;
  }

  markUp(index: number): void {
    this.up[index] = true;
  }

  /** The indices of the replicas in, in order. */
  inService(): number[] {
    return this.up.flatMap((up, index) => (up ? [index] : []));
  }

  /**
   * The replica for the next attempt, not one of `tried`: the next one in, round-robin; when every untried
   * replica is out, the untried one after the turn (a readiness check can be stale, and a request sent to
   * an out replica is better than none); undefined when every replica was tried.
   */
  pick(tried: ReadonlySet<number> = new Set()): number | undefined {
    let fallback: number | undefined;
    for (let step = 0; step < this.size; step++) {
      const index = (this.next + step) % this.size;
      if (tried.has(index)) continue;
      if (this.up[index]) {
        this.next = (index + 1) % this.size;
        return index;
      }
      fallback ??= index;
    }
    if (fallback !== undefined) this.next = (fallback + 1) % this.size;
    return fallback;
  }
}

/** Methods that change nothing: a request of these may be sent again whatever became of the first. */
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Errors raised before a byte of the request left the gateway: no connection was made (refused, unreachable,
 * the name not found, the connect timed out). A request that failed so never reached the service.
 */
const NOT_CONNECTED = new Set([
  'ECONNREFUSED',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  'UND_ERR_CONNECT_TIMEOUT',
]);

function codeOf(error: unknown): string | undefined {
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code === 'string') return code;
  const cause = (error as { cause?: unknown } | null)?.cause;
  return cause && cause !== error ? codeOf(cause) : undefined;
}

/** The request failed before any of it was sent: the service never saw it. */
export function neverReached(error: unknown): boolean {
  const code = codeOf(error);
  return code !== undefined && NOT_CONNECTED.has(code);
}

/**
 * Whether a request that failed on one replica may go to another: a safe method always, any other method
 * only when it never reached the service (a POST that may have arrived is never sent twice).
 */
export function mayRetry(method: string, error: unknown): boolean {
  return SAFE_METHODS.has(method.toUpperCase()) || neverReached(error);
}

/**
 * A failure that says the replica itself is gone (no connection, or the connection dropped), not that one
 * request was slow: the replica is taken out at once, before its next readiness check.
 */
export function replicaGone(error: unknown): boolean {
  const code = codeOf(error);
  return neverReached(error) || code === 'ECONNRESET' || code === 'EPIPE' || code === 'UND_ERR_SOCKET';
}
