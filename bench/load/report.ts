/** The figures of a run (`bench/results/load-<scenario>.json`): per request kind and overall, and the thresholds. */
import type { Scenario } from '../../infra/k6/lib/scenarios.js';
import { summarize } from '../support';
import type { Sample } from './virtual-users';

function figuresOf(samples: Sample[], seconds: number) {
  const failed = samples.filter((s) => !s.ok);
  const errors = failed.length;
  const timing = summarize(samples.map((s) => s.ms));
  const errorsByStatus: Record<string, number> = {};
  for (const sample of failed) errorsByStatus[sample.status] = (errorsByStatus[sample.status] ?? 0) + 1;
  return {
    requests: samples.length,
    rps: Math.round((samples.length / seconds) * 100) / 100,
    errors,
    // 503s apart from 4xx and refused connections (status 0): issue 45 counts a write's 503 after a restart.
    errors_by_status: errorsByStatus,
    error_rate: samples.length ? errors / samples.length : 0,
    p50_ms: timing.p50_ms,
    p95_ms: timing.p95_ms,
    p99_ms: timing.p99_ms,
    max_ms: timing.max_ms,
  };
}

export type Figures = ReturnType<typeof figuresOf>;

/** Each threshold with the measured value and whether it was met (a run without requests meets none). */
export function thresholdsOf(scenario: Scenario, overall: Figures) {
  const { p95Ms, p99Ms, errorRate } = scenario.thresholds;
  const measured = overall.requests > 0;
  const p95 = { limit_ms: p95Ms, value_ms: overall.p95_ms, met: measured && overall.p95_ms < p95Ms };
  const p99 = { limit_ms: p99Ms, value_ms: overall.p99_ms, met: measured && overall.p99_ms < p99Ms };
  const errors = { limit: errorRate, value: overall.error_rate, met: measured && overall.error_rate < errorRate };
  return { p95, p99, error_rate: errors, all_met: p95.met && p99.met && errors.met };
}

export function loadReport(scenario: Scenario, samples: Sample[], seconds: number) {
  const kinds = [...new Set(samples.map((s) => s.kind))].sort();
  const overall = figuresOf(samples, seconds);
  return {
    overall,
    by_kind: Object.fromEntries(
      kinds.map((kind) => [
        kind,
        figuresOf(
          samples.filter((s) => s.kind === kind),
          seconds,
        ),
      ]),
    ),
    thresholds: thresholdsOf(scenario, overall),
  };
}
