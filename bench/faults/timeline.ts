/**
 * A fault run's timeline, read from what the clients saw (pure: the unit tests feed it made-up samples). Each
 * sample is one request, placed at the moment it was sent; a failed request counts as slower than any budget.
 * docs/adr/0079-faults-under-load.md says why these definitions.
 */

/** One request as a client saw it. */
export interface TimedSample {
  /** Milliseconds from the start of the run to the moment the request was sent. */
  at: number;
  /** Milliseconds until its whole answer (or its failure). */
  ms: number;
  ok: boolean;
  kind: string;
  /** The HTTP status, 0 when no answer came (refused, reset, timed out). */
  status: number;
}

/** Nearest-rank percentile of values already sorted ascending (NaN for none). */
export function nearestRank(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[index] ?? Number.NaN;
}

/** The p99 of these samples, a failure counting as infinitely slow. */
export function p99Of(samples: readonly TimedSample[]): number {
  const values = samples.map((s) => (s.ok ? s.ms : Number.POSITIVE_INFINITY)).sort((a, b) => a - b);
  return nearestRank(values, 99);
}

/** Requests sent in `[from, to)` and those of them that failed, by status (`0`: no answer at all). */
export function errorsBetween(samples: readonly TimedSample[], from: number, to: number) {
  const within = samples.filter((s) => s.at >= from && s.at < to);
  const failed = within.filter((s) => !s.ok);
  const byStatus: Record<string, number> = {};
  for (const s of failed) byStatus[String(s.status)] = (byStatus[String(s.status)] ?? 0) + 1;
  const byKind: Record<string, number> = {};
  for (const s of failed) byKind[s.kind] = (byKind[s.kind] ?? 0) + 1;
  return {
    requests: within.length,
    errors: failed.length,
    error_rate: within.length ? failed.length / within.length : 0,
    by_status: byStatus,
    by_kind: byKind,
  };
}

export interface WindowP99 {
  /** The window's start, milliseconds from the start of the run. */
  at: number;
  requests: number;
  /** Infinity when a request of the window failed or (beyond 1 in 100) was slower than anything measurable. */
  p99_ms: number;
}

/** The p99 of sliding windows `[t, t + windowMs)` for t from `from` by `stepMs`, each window ending by `to`. */
export function slidingP99(
  samples: readonly TimedSample[],
  from: number,
  to: number,
  windowMs: number,
  stepMs: number,
): WindowP99[] {
  const windows: WindowP99[] = [];
  for (let t = from; t + windowMs <= to; t += stepMs) {
    const within = samples.filter((s) => s.at >= t && s.at < t + windowMs);
    windows.push({ at: t, requests: within.length, p99_ms: within.length ? p99Of(within) : Number.NaN });
  }
  return windows;
}

export interface RecoveryOptions {
  /** When the fault was injected (ms from the start of the run). */
  injectedAt: number;
  /** The end of the run: no window reaches past it. */
  endAt: number;
  budgetMs: number;
  windowMs: number;
  stepMs: number;
}

/**
 * Milliseconds from the injection until p99 is back under budget for good: the start of the first window from
 * which every later window's p99 is within budget (empty windows, with nothing to judge, are passed over).
 * 0 when the fault never pushed p99 over; null when it never came back before the run ended.
 */
export function recoveryMs(samples: readonly TimedSample[], options: RecoveryOptions): number | null {
  const windows = slidingP99(samples, options.injectedAt, options.endAt, options.windowMs, options.stepMs).filter(
    (w) => w.requests > 0,
  );
  if (windows.length === 0) return null;
  let recoveredAt: number | null = null;
  for (const window of windows) {
    if (window.p99_ms > options.budgetMs) recoveredAt = null;
    else recoveredAt ??= window.at;
  }
  return recoveredAt === null ? null : recoveredAt - options.injectedAt;
}

/** The p99 of whole seconds (by send time), for the result's timeline. */
export function perSecond(samples: readonly TimedSample[], endAt: number) {
  const seconds: Array<{ second: number; requests: number; errors: number; p99_ms: number | null }> = [];
  for (let second = 0; second * 1000 < endAt; second++) {
    const within = samples.filter((s) => s.at >= second * 1000 && s.at < (second + 1) * 1000);
    const ok = within
      .filter((s) => s.ok)
      .map((s) => s.ms)
      .sort((a, b) => a - b);
    seconds.push({
      second,
      requests: within.length,
      errors: within.length - ok.length,
      p99_ms: ok.length ? Math.round(nearestRank(ok, 99)) : null,
    });
  }
  return seconds;
}
