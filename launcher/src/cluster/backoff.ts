/**
 * How long the cluster's supervisor waits before starting again a process that ended on its own
 * (docs/adr/0091-cluster-supervisor-restarts.md): exponential, capped, started afresh once the process has
 * stayed up a while. Pure, so that the curve is tested without a clock.
 */
export interface BackoffPolicy {
  /** The pause before the first restart of a run of quick exits. */
  firstDelayMs: number;
  /** Each further quick exit in a row multiplies the pause by this. */
  factor: number;
  /** The pause never grows past this: a process that keeps failing is still started again, this often. */
  maxDelayMs: number;
  /** A process that stayed up this long had recovered: its next exit starts the curve afresh. */
  stableMs: number;
  /** Quick exits in a row from which the process is shown as crash-looping (still retried, at the slow pace). */
  crashLoopAfter: number;
}

/** The supervisor's policy: 1 s, 2 s, 4 s, 8 s, 16 s, then every 30 s; afresh after a minute up. */
export const RESTART_BACKOFF: Readonly<BackoffPolicy> = Object.freeze({
  firstDelayMs: 1_000,
  factor: 2,
  maxDelayMs: 30_000,
  stableMs: 60_000,
  crashLoopAfter: 5,
});

/** A policy that could not pace restarts (a pause of 0, a shrinking or unbounded one) is refused. */
export function checkPolicy(policy: BackoffPolicy): BackoffPolicy {
  const { firstDelayMs, factor, maxDelayMs, stableMs, crashLoopAfter } = policy;
  const problems = [
    firstDelayMs > 0 && Number.isFinite(firstDelayMs) ? null : 'firstDelayMs must be a positive number',
    factor >= 1 && Number.isFinite(factor) ? null : 'factor must be 1 or more',
    maxDelayMs >= firstDelayMs && Number.isFinite(maxDelayMs) ? null : 'maxDelayMs must be at least firstDelayMs',
    stableMs > 0 ? null : 'stableMs must be positive',
    Number.isInteger(crashLoopAfter) && crashLoopAfter >= 1 ? null : 'crashLoopAfter must be a whole number from 1',
  ].filter((p): p is string => p !== null);
  if (problems.length) throw new RangeError(`Restart policy: ${problems.join('; ')}`);
  return policy;
}

/** The pause before the restart that follows `failures` quick exits in a row (1: the first exit). */
export function restartDelayMs(policy: BackoffPolicy, failures: number): number {
  const step = Math.max(1, Math.floor(failures)) - 1;
  return Math.min(policy.maxDelayMs, policy.firstDelayMs * policy.factor ** step);
}

/** Whether a process that started at `startedAt` and ended at `endedAt` ended quickly (it had not recovered). */
export function endedQuickly(policy: BackoffPolicy, startedAt: number | null, endedAt: number): boolean {
  return startedAt === null || endedAt - startedAt < policy.stableMs;
}
