/**
 * How far a reader (a consumer, a relay) has got, as it commits: a position that only moves forward, and
 * waits for it to reach a target. Waiters are woken by the reader's commits; `recheck` reads the position
 * its store holds, for when another replica is the one reading (docs/adr/0044-catching-up.md).
 */
/**
 * How often a waiter reads the stored position while another replica is the one reading or relaying: a wait
 * for a write's reply is this much longer at most. One indexed row per look, only while someone waits. Not
 * shorter: a look can see a batch committed before that batch has told the caches of its process (and other
 * replicas' caches hear of it by announcement a moment later), so a read straight after it may still be
 * answered from before the commit; at 20 ms that showed as a vote's 404 on a comment just added.
 */
export const CROSS_REPLICA_RECHECK_MS = 100;

/**
 * The same look for a caller that reads the database itself once the wait is over, never a cache (votes' target
 * of a vote): the race above cannot reach it, so it looks often and a vote waits for another replica's consumer
 * about as long as that consumer takes.
 */
export const FRESH_READ_RECHECK_MS = 10;

export class Progress<P> {
  private readonly waiters = new Set<() => void>();
  /** How often the position has moved forward: a waiter that sees it move knows the reader is not stuck. */
  private moves = 0;

  constructor(
    private current: P,
    /** The position after `update` was committed on top of `current` (never behind either). */
    private readonly merge: (current: P, update: P) => P,
    /** Whether `after` is further than `before` (by default: a different value). */
    private readonly moved: (before: P, after: P) => boolean = (before, after) => before !== after,
  ) {}

  get position(): P {
    return this.current;
  }

  advance(update: P): void {
    const before = this.current;
    this.current = this.merge(before, update);
    if (this.moved(before, this.current)) this.moves++;
    for (const wake of [...this.waiters]) wake();
  }

  /**
   * Resolves true as soon as `reached(position)` holds, false once `timeoutMs` has passed without it.
   * Between commits it looks at the store every `recheck.everyMs`, if given. With `maxMs`, `timeoutMs` bounds
   * a wait in which the position does not move: while the reader advances the wait goes on, up to `maxMs` in all
   * (docs/adr/0092-ready-when-caught-up.md).
   */
  async until(
    reached: (position: P) => boolean,
    timeoutMs: number,
    recheck?: { everyMs: number; read: () => Promise<P> },
    maxMs?: number,
  ): Promise<boolean> {
    const started = Date.now();
    const last = started + Math.max(timeoutMs, maxMs ?? 0);
    let deadline = started + timeoutMs;
    let movesSeen = this.moves;
    for (;;) {
      if (reached(this.current)) return true;
      if (maxMs !== undefined && this.moves !== movesSeen) {
        movesSeen = this.moves;
        deadline = Math.min(Date.now() + timeoutMs, last);
      }
      const remaining = deadline - Date.now();
      if (remaining <= 0) return false;
      const advanced = await this.nextAdvance(Math.min(remaining, recheck?.everyMs ?? remaining));
      if (!advanced && recheck && Date.now() < deadline) {
        try {
          this.advance(await recheck.read());
        } catch {
          // The store is unreachable for now: the deadline still bounds the wait.
        }
      }
    }
  }

  /** Resolves true at the next advance, false after `ms` without one. */
  private nextAdvance(ms: number): Promise<boolean> {
    return new Promise((resolve) => {
      const wake = () => {
        clearTimeout(timer);
        this.waiters.delete(wake);
        resolve(true);
      };
      const timer = setTimeout(() => {
        this.waiters.delete(wake);
        resolve(false);
      }, ms);
      this.waiters.add(wake);
    });
  }
}
