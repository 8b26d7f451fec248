/**
 * `cluster status`: each process's health and its projections' lag, asked over HTTP like a probe would, beside
 * what the supervisor did to it (docs/adr/0091-cluster-supervisor-restarts.md).
 */
import { opensearchUp, reachable } from './infra';
import type { RestartRecord } from './restart-record';
import { alive, type InfraState } from './state';
import { SUPERVISION_HEADERS, supervisionCells } from './supervision-view';
import type { ProcessSpec } from './topology';

export interface ProcessHealth {
  name: string;
  /** `infra`: PostgreSQL, Kafka or OpenSearch, when the supervisor started them. */
  role: ProcessSpec['role'] | 'infra';
  port: number;
  /** Null when the process is not running. */
  pid: number | null;
  /** `/readyz` answered 200 (a service's on its port, a gateway's on its operator port). */
  ready: boolean;
  /** `ready`, `degraded`, `not ready`, `down`. */
  state: string;
  /** Events each projection of a service has still to read (`agora_projection_lag_events`). */
  lag: Record<string, number>;
}

const LAG_LINE = /^agora_projection_lag_events\{projection="([^"]+)"\} (\d+(?:\.\d+)?)$/gm;

/** The lag per projection in a Prometheus text exposition. */
export function lagOf(metrics: string): Record<string, number> {
  const lag: Record<string, number> = {};
  for (const [, name, value] of metrics.matchAll(LAG_LINE)) if (name) lag[name] = Number(value);
  return lag;
}

async function get(url: string, timeoutMs: number): Promise<{ status: number; text: string } | null> {
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(timeoutMs) });
    return { status: response.status, text: await response.text() };
  } catch {
    return null;
  }
}

export async function processHealth(
  spec: Pick<ProcessSpec, 'name' | 'role' | 'port' | 'operatorPort'>,
  pid: number | null,
  timeoutMs = 2000,
): Promise<ProcessHealth> {
  const base = { name: spec.name, role: spec.role, port: spec.port };
  if (!alive(pid)) return { ...base, pid: null, ready: false, state: 'down', lag: {} };
  const probe = `http://127.0.0.1:${spec.operatorPort ?? spec.port}`;
  const readiness = await get(`${probe}/readyz`, timeoutMs);
  let state = 'not ready';
  if (readiness?.status === 200) {
    try {
      state = (JSON.parse(readiness.text) as { status?: string }).status ?? 'ready';
    } catch {
      state = 'ready';
    }
  }
  const metrics =
    spec.role === 'gateway' || readiness?.status !== 200 ? null : await get(`${probe}/metrics`, timeoutMs);
  return { ...base, pid, ready: readiness?.status === 200, state, lag: metrics ? lagOf(metrics.text) : {} };
}

/** A part of the infrastructure the supervisor keeps: up when it answers (a connection, OpenSearch's health). */
export async function infraHealth(part: InfraState): Promise<ProcessHealth> {
  const url = /^https?:/.test(part.address) ? new URL(part.address) : null;
  const port = Number(url ? url.port || (url.protocol === 'https:' ? 443 : 80) : part.address.split(':')[1]);
  const base = { name: part.name, role: 'infra' as const, port, lag: {} };
  if (!alive(part.pid)) return { ...base, pid: null, ready: false, state: 'down' };
  const up = url ? await opensearchUp(part.address) : await reachable(part.address);
  return { ...base, pid: part.pid, ready: up, state: up ? 'ready' : 'not ready' };
}

/** A line of the status table: a process's health, and what the supervisor did to it. */
export type StatusLine = ProcessHealth & { supervision?: RestartRecord };

/** The status table: one line per process. */
export function formatStatus(health: StatusLine[], now = Date.now()): string {
  const rows = health.map((h) => {
    const lags = Object.values(h.lag);
    const total = lags.reduce((a, b) => a + b, 0);
    const behind = Object.entries(h.lag)
      .filter(([, n]) => n > 0)
      .map(([name, n]) => `${name} ${n}`)
      .join(', ');
    const noLag = h.role === 'gateway' || h.role === 'infra';
    const lag = noLag ? '-' : lags.length === 0 ? '?' : total === 0 ? '0' : `${total} (${behind})`;
    return [h.name, String(h.pid ?? '-'), String(h.port), ...supervisionCells(h.supervision, now), h.state, lag];
  });
  const header = ['PROCESS', 'PID', 'PORT', ...SUPERVISION_HEADERS, 'HEALTH', 'PROJECTION LAG'];
  const widths = header.map((title, i) => Math.max(title.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: string[]) =>
    cells
      .map((c, i) => c.padEnd(widths[i] ?? 0))
      .join('  ')
      .trimEnd();
  return [line(header), ...rows.map(line)].join('\n');
}
