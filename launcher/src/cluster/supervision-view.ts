/**
 * `cluster status`'s columns for what the supervisor did to a process (docs/adr/0091-cluster-supervisor-restarts.md):
 * its state, restarts, how it last ended and when it last started. Pure: the clock is the caller's.
 */
import type { RestartRecord } from './restart-record';
import { describeExit } from './restarts';

export const SUPERVISION_HEADERS = ['STATE', 'RESTARTS', 'LAST EXIT', 'STARTED'] as const;

const SECOND = 1_000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;

/** A span in the unit that reads best: `4 s`, `12 min`, `3 h`. */
export function span(ms: number): string {
  const at = Math.max(0, ms);
  if (at < MINUTE) return `${Math.round(at / SECOND)} s`;
  if (at < HOUR) return `${Math.floor(at / MINUTE)} min`;
  return `${Math.floor(at / HOUR)} h`;
}

/** The four cells; `-` each when the supervisor wrote none (one from before restarts). */
export function supervisionCells(record: RestartRecord | undefined, now: number): string[] {
  if (!record) return SUPERVISION_HEADERS.map(() => '-');
  const next = record.nextStartAt === null ? '' : ` (next in ${span(record.nextStartAt - now)})`;
  const exit = record.lastExit ? `${describeExit(record.lastExit)} ${span(now - record.lastExit.at)} ago` : '-';
  const started = record.startedAt === null ? '-' : `${span(now - record.startedAt)} ago`;
  return [`${record.state}${next}`, String(record.restarts), exit, started];
}
