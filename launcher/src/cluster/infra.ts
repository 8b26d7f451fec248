/**
 * Kafka and OpenSearch for `cluster up`: used when already up (never started or stopped by the cluster
 * then), else started from infra/ (`infra/up.sh`) and stopped again by `cluster down`.
 */
import { spawnSync } from 'node:child_process';
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

/** Runs `infra/up.sh` (idempotent: what is up is left alone) and reads the addresses it prints. */
export function startInfra(): InfraAddresses {
  const run = spawnSync('bash', [path.join(REPO, 'infra/up.sh')], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  if (run.status !== 0) throw new Error(`infra/up.sh failed (exit ${run.status})`);
  const value = (name: string) => new RegExp(`^${name}=(.+)$`, 'm').exec(run.stdout)?.[1]?.trim();
  const brokers = value('KAFKA_BROKERS');
  const opensearchUrl = value('OPENSEARCH_URL');
  if (!brokers || !opensearchUrl) throw new Error('infra/up.sh printed no KAFKA_BROKERS or OPENSEARCH_URL');
  return { kafkaBrokers: brokers.split(','), opensearchUrl };
}

/** Runs `infra/down.sh`: only for infrastructure this cluster started. */
export function stopInfra(): void {
  spawnSync('bash', [path.join(REPO, 'infra/down.sh')], { stdio: ['ignore', 'inherit', 'inherit'] });
}
