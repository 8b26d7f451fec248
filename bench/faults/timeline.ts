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
  /** Whether the first gateway gave no answer and the balancer sent it to the other (GatewayClient). */
  resent?: boolean;
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
    /** Requests the first gateway did not answer, sent to the other one by the balancer (not errors if answered). */
    resent_to_another_gateway: within.filter((s) => s.resent).length,
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

/**
 * The p99 of sliding windows starting at t, for t from `from` by `stepMs`: each window is `[t, t + windowMs)`,
 * stretched until it holds `minRequests` requests (a p99 of fewer than 100 is only their maximum); a window that
 * would reach past `to` is not judged.
 */
export function slidingP99(
  samples: readonly TimedSample[],
  from: number,
  to: number,
  windowMs: number,
  stepMs: number,
  minRequests = 1,
): WindowP99[] {
  const bySendTime = [...samples].sort((a, b) => a.at - b.at);
  const windows: WindowP99[] = [];
  for (let t = from; t + windowMs <= to; t += stepMs) {
    const first = bySendTime.findIndex((s) => s.at >= t);
    const enough = first < 0 ? undefined : bySendTime[first + minRequests - 1];
    if (minRequests > 1 && (!enough || enough.at >= to)) break;
    const end = Math.max(t + windowMs, enough ? enough.at + 1e-6 : 0);
    const within = bySendTime.filter((s) => s.at >= t && s.at < end);
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
  /** The fewest requests a window is judged on (see `slidingP99`); 1 when absent. */
  minRequests?: number;
}

/**
 * Milliseconds from the injection until p99 is back under budget for good: the start of the first window from
 * which every later window's p99 is within budget (empty windows, with nothing to judge, are passed over).
 * 0 when the fault never pushed p99 over; null when it never came back before the run ended.
 */
export function recoveryMs(samples: readonly TimedSample[], options: RecoveryOptions): number | null {
  const windows = slidingP99(
    samples,
    options.injectedAt,
    options.endAt,
    options.windowMs,
    options.stepMs,
    options.minRequests,
  ).filter((w) => w.requests > 0);
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

/**
 * The answered requests sent in `[from, to)`, by kind: how many, their p50 and p99 and the slowest, so that a
 * report shows which kind of request made a window's tail.
 */
export function latencyByKind(samples: readonly TimedSample[], from: number, to: number) {
  const byKind = new Map<string, number[]>();
  for (const s of samples) {
    if (!s.ok || s.at < from || s.at >= to) continue;
    const values = byKind.get(s.kind) ?? [];
    values.push(s.ms);
    byKind.set(s.kind, values);
  }
  const kinds: Record<string, { requests: number; p50_ms: number; p99_ms: number; max_ms: number }> = {};
  for (const [kind, values] of [...byKind].sort(([a], [b]) => a.localeCompare(b))) {
    values.sort((a, b) => a - b);
    kinds[kind] = {
      requests: values.length,
      p50_ms: Math.round(nearestRank(values, 50)),
      p99_ms: Math.round(nearestRank(values, 99)),
      max_ms: Math.round(values[values.length - 1] ?? 0),
    };
  }
  return kinds;
}
