/**
 * Kafka and OpenSearch for `cluster up`: used when already up (never started, restarted or stopped by the
 * cluster then), else started from infra/ (`infra/up.sh`), started again by it when one dies
 * (docs/adr/0091-cluster-supervisor-restarts.md) and stopped again by `cluster down`.
 */
import { spawn, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';

import { REPO } from '../repository';

export interface InfraAddresses {
  kafkaBrokers: string[];
  opensearchUrl: string;
}

/** A TCP connection to `host:port` opens within `timeoutMs`. */
export function reachable(hostPort: string, timeoutMs = 1000): Promise<boolean> {
  const [host = '127.0.0.1', port = '0'] = hostPort.split(':');
  return new Promise((resolve) => {
    const socket = net.connect({ host, port: Number(port) });
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(timeoutMs, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
}

/** OpenSearch answers its cluster health. */
export async function opensearchUp(url: string, timeoutMs = 2000): Promise<boolean> {
  try {
    const response = await fetch(`${url}/_cluster/health`, { signal: AbortSignal.timeout(timeoutMs) });
    return response.ok;
  } catch {
    return false;
  }
}

/** Whether both are up at these addresses. */
export async function infraUp(addresses: InfraAddresses): Promise<boolean> {
  const brokers = await Promise.all(addresses.kafkaBrokers.map((b) => reachable(b)));
  return brokers.length > 0 && brokers.some(Boolean) && (await opensearchUp(addresses.opensearchUrl));
}

const UP_SCRIPT = path.join(REPO, 'infra/up.sh');

/** The parts of infra/ the cluster may start, each with the pid file up.sh writes for it. */
export const INFRA_PARTS = ['kafka', 'opensearch'] as const;
export type InfraPart = (typeof INFRA_PARTS)[number];

/** Where infra/up.sh keeps its state (infra/common.sh's `INFRA_DIR`, for the same environment). */
function infraDir(): string {
  return process.env.AGORA_INFRA_DIR || path.join(REPO, '.agora/infra');
}

/** The pid infra/up.sh recorded for a part (null when there is none). */
export function infraPidOf(part: InfraPart): number | null {
  try {
    const pid = Number(readFileSync(path.join(infraDir(), part, `${part}.pid`), 'utf8').trim());
    return Number.isInteger(pid) && pid > 0 ? pid : null;
  } catch {
    return null;
  }
}

/** Runs `infra/up.sh` (idempotent: what is up is left alone) and reads the addresses it prints. */
export function startInfra(): InfraAddresses {
  const run = spawnSync('bash', [UP_SCRIPT], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  if (run.status !== 0) throw new Error(`infra/up.sh failed (exit ${run.status})`);
  return addressesOf(run.stdout);
}

/**
 * `infra/up.sh` again, without blocking the supervisor: starts what of Kafka and OpenSearch is not running.
 * Its output goes to `log` (a file descriptor); `signal` ends it.
 */
export function restartInfra(log: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const run = spawn('bash', [UP_SCRIPT], { stdio: ['ignore', 'ignore', log], signal });
    run.once('error', reject);
    run.once('exit', (code, how) =>
      code === 0 ? resolve() : reject(new Error(`infra/up.sh failed (${how ?? `exit ${code}`})`)),
    );
  });
}

function addressesOf(stdout: string): InfraAddresses {
  const value = (name: string) => new RegExp(`^${name}=(.+)$`, 'm').exec(stdout)?.[1]?.trim();
  const brokers = value('KAFKA_BROKERS');
  const opensearchUrl = value('OPENSEARCH_URL');
  if (!brokers || !opensearchUrl) throw new Error('infra/up.sh printed no KAFKA_BROKERS or OPENSEARCH_URL');
  return { kafkaBrokers: brokers.split(','), opensearchUrl };
}

/** Runs `infra/down.sh`: only for infrastructure this cluster started. */
export function stopInfra(): void {
  spawnSync('bash', [path.join(REPO, 'infra/down.sh')], { stdio: ['ignore', 'inherit', 'inherit'] });
}
