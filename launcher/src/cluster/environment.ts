/** The settings every process of the topology shares (docs/adr/0076-cluster-command.md); a service's database is its own. */
import path from 'node:path';
import type { InfraAddresses } from './infra';

/** Connections per service process's query pool when the configuration names none: a small machine's. */
export const CLUSTER_DB_CONNECTIONS = 4;

export interface EnvironmentOptions {
  runDir: string;
  gatewayPort: number;
  kafkaPrefix?: string;
  dbConnections?: number;
  dbPools?: Record<string, number>;
  logLevel?: string;
  /** More settings for every process. */
  env?: Record<string, string>;
}

export function sharedEnv(options: EnvironmentOptions, infra: InfraAddresses | null): Record<string, string> {
  const keep = ['PATH', 'HOME', 'LANG', 'TMPDIR', 'TZ'];
  const base = Object.fromEntries(keep.flatMap((k) => (process.env[k] ? [[k, process.env[k] as string]] : [])));
  return {
    ...base,
    AGORA_HOST: '127.0.0.1',
    AGORA_SITE_URL: `http://localhost:${options.gatewayPort}`,
    AGORA_DATA_DIR: path.join(options.runDir, 'data'),
    LOG_LEVEL: options.logLevel ?? 'info',
    AGORA_DB_CONNECTIONS: String(options.dbConnections ?? CLUSTER_DB_CONNECTIONS),
    ...(options.dbPools && Object.keys(options.dbPools).length > 0
      ? {
          AGORA_DB_POOLS: Object.entries(options.dbPools)
            .map(([k, v]) => `${k}=${v}`)
            .join(','),
        }
      : {}),
    ...(infra
      ? {
          AGORA_BUS: 'kafka',
          KAFKA_BROKERS: infra.kafkaBrokers.join(','),
          AGORA_KAFKA_PREFIX: options.kafkaPrefix ?? 'agora',
          AGORA_SEARCH: 'opensearch',
          OPENSEARCH_URL: infra.opensearchUrl,
        }
      : { AGORA_BUS: 'postgres', AGORA_SEARCH: 'postgres' }),
    ...options.env,
  };
}
