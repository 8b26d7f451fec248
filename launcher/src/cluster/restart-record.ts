/**
 * What the cluster's supervisor knows of each process it keeps (docs/adr/0091-cluster-supervisor-restarts.md):
 * its state, how often it was started again, how it last ended, when it last started. Pure transitions: the
 * timers are `Restarts`', the clock is the caller's.
 */
import { type BackoffPolicy, endedQuickly, restartDelayMs } from './backoff';

/**
 * - `running`: started, not ended;
 * - `backing-off`: ended on its own, started again at `nextStartAt`;
 * - `crash-looping`: the same, after `crashLoopAfter` quick exits in a row: retried at the slow pace;
 * - `restarting`: being started again (Kafka and OpenSearch take a while);
 * - `stopped`: stopped on purpose (`stopProcess`, `cluster down`): started again only by hand;
 * - `down`: ended and not to be started again (restarts off, or before the cluster first came up).
 */
export type SupervisedState = 'running' | 'backing-off' | 'crash-looping' | 'restarting' | 'stopped' | 'down';

export interface ExitInfo {
  /** Exit code, when it ended by itself; null when a signal ended it or it is not the supervisor's child. */
  code: number | null;
  signal: string | null;
  /** Epoch milliseconds. */
  at: number;
  /** Why, when neither code nor signal says it (a start that failed, a server found gone). */
  reason?: string;
}

export interface RestartRecord {
  state: SupervisedState;
  /** Times the supervisor started it again after it ended on its own. */
  restarts: number;
  /** Quick exits in a row (each within the policy's `stableMs` of its start). */
  failures: number;
  /** When it last started (epoch milliseconds). */
  startedAt: number | null;
  lastExit: ExitInfo | null;
  /** When the supervisor starts it again, while it waits. */
  nextStartAt: number | null;
}

export const NEW_RECORD: Readonly<RestartRecord> = Object.freeze({
  state: 'down',
  restarts: 0,
  failures: 0,
  startedAt: null,
  lastExit: null,
  nextStartAt: null,
});

/** Started: by the supervisor after an exit (`restart`), or by hand or at first (a fresh run of failures). */
export function recordStart(record: RestartRecord, at: number, restart: boolean): RestartRecord {
  return {
    ...record,
    state: 'running',
    startedAt: at,
    nextStartAt: null,
    failures: restart ? record.failures : 0,
  };
}

/**
 * The supervisor begins a restart: counted now, and its start time is now, so that a start that fails at once is
 * counted too and is a quick exit.
 */
export function recordRestarting(record: RestartRecord, at: number): RestartRecord {
  return { ...record, state: 'restarting', restarts: record.restarts + 1, startedAt: at, nextStartAt: null };
}

/** Stopped on purpose: whatever restart was pending is dropped, and its exit will not bring one. */
export function recordHold(record: RestartRecord): RestartRecord {
  return { ...record, state: 'stopped', nextStartAt: null };
}

/**
 * Ended. A process held (stopped on purpose) stays stopped; one not to be restarted (`restarting` false) is
 * down; any other is started again after the policy's pause for its run of quick exits. `delayMs` is that
 * pause, null when no restart follows.
 */
export function recordExit(
  record: RestartRecord,
  exit: ExitInfo,
  policy: BackoffPolicy,
  restarting: boolean,
): { record: RestartRecord; delayMs: number | null } {
  if (record.state === 'stopped') return { record: { ...record, lastExit: exit }, delayMs: null };
  const failures = endedQuickly(policy, record.startedAt, exit.at) ? record.failures + 1 : 1;
  if (!restarting) return { record: { ...record, state: 'down', failures, lastExit: exit }, delayMs: null };
  const delayMs = restartDelayMs(policy, failures);
  const state = failures >= policy.crashLoopAfter ? 'crash-looping' : 'backing-off';
  return { record: { ...record, state, failures, lastExit: exit, nextStartAt: exit.at + delayMs }, delayMs };
}
