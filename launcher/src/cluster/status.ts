/** `cluster status`: each process's health and its projections' lag, asked over HTTP like a probe would. */
import { alive } from './state';
import type { ProcessSpec } from './topology';

export interface ProcessHealth {
  name: string;
  role: ProcessSpec['role'];
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

/** The status table: one line per process. */
export function formatStatus(health: ProcessHealth[]): string {
  const rows = health.map((h) => {
    const lags = Object.values(h.lag);
    const total = lags.reduce((a, b) => a + b, 0);
    const behind = Object.entries(h.lag)
      .filter(([, n]) => n > 0)
      .map(([name, n]) => `${name} ${n}`)
      .join(', ');
    const lag = h.role === 'gateway' ? '-' : lags.length === 0 ? '?' : total === 0 ? '0' : `${total} (${behind})`;
    return [h.name, String(h.pid ?? '-'), String(h.port), h.state, lag];
  });
  const header = ['PROCESS', 'PID', 'PORT', 'HEALTH', 'PROJECTION LAG'];
  const widths = header.map((title, i) => Math.max(title.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: string[]) =>
    cells
      .map((c, i) => c.padEnd(widths[i] ?? 0))
      .join('  ')
      .trimEnd();
  return [line(header), ...rows.map(line)].join('\n');
}
