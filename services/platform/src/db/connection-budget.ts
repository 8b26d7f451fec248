import type { AgoraConfig } from '../config/config';
import { SESSION_CONNECTIONS } from './database';

/** What one process of a service may hold open on PostgreSQL (docs/adr/0075-connection-budget.md). */
export interface ProcessConnections {
  /** Its query pool at full size (idle connections close after `dbIdleMs`). */
  pool: number;
  /** Held for its life whatever the load: the node-id lease, the read-model change feed's LISTEN, the bus's. */
  held: number;
  /** At most: the pool full, every held connection, and the session pool's others (a relay lock, a migration). */
  most: number;
}

/** A service's pool size as a process of it would open it: AGORA_DB_POOLS, else AGORA_DB_CONNECTIONS, else 10. */
export function poolSizeOf(config: Pick<AgoraConfig, 'dbPools' | 'dbConnections'>, service: string): number {
  return config.dbPools[service] ?? config.dbConnections ?? 10;
}

/**
 * One process of `service`: its pool, its session pool (lease, relay lock, migration), the change feed's
 * listener, and the bus's listener (the PostgreSQL log's LISTEN, or the Kafka outbox relay's).
 */
export function connectionsOfServiceProcess(
  config: Pick<AgoraConfig, 'dbPools' | 'dbConnections'>,
  service: string,
): ProcessConnections {
  const pool = poolSizeOf(config, service);
  const lease = 1;
  const changeFeed = 1;
  const busListener = 1;
  return { pool, held: lease + changeFeed + busListener, most: pool + SESSION_CONNECTIONS + changeFeed + busListener };
}

/** The whole topology: every replica of every service, summed. */
export function connectionBudget(
  config: Pick<AgoraConfig, 'dbPools' | 'dbConnections'>,
  replicas: Readonly<Record<string, number>>,
): { processes: number; held: number; most: number } {
  let processes = 0;
  let held = 0;
  let most = 0;
  for (const [service, count] of Object.entries(replicas)) {
    const one = connectionsOfServiceProcess(config, service);
    processes += count;
    held += one.held * count;
    most += one.most * count;
  }
  return { processes, held, most };
}
