import { chmodSync, mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { Role } from '@agora/contracts';
import { type ComposedAgora, composeAgora } from '@agora/gateway';
import type { AgoraConfig, HttpApp, RunningService } from '@agora/platform';
import pg from 'pg';
import type { Logger } from 'pino';
import { type EmbeddedDatabase, startEmbeddedPostgres } from './embedded-postgres';
import { protectDataDir, serverUser } from './postgres-cluster';
import { ALL_SERVICES } from './services';
import { WEB_ROOT } from './web-build';

export const DATABASE_NAME = 'agora';
/** Connections per service's pool in one process (AGORA_DB_CONNECTIONS): a service alone opens up to 10. */
export const EMBEDDED_CONNECTIONS = 6;

export interface EmbeddedAgora {
  url: string;
  databaseUrl: string;
  services: RunningService[];
  gateway: HttpApp;
  /** Health, readiness (every service's) and metrics; null when AGORA_OPERATOR_PORT is off. */
  operator: HttpApp | null;
  hasAdmin(): Promise<boolean>;
  stop(): Promise<void>;
}

async function ensureDatabase(adminUrl: string, name: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const { rowCount } = await client.query('select 1 from pg_database where datname = $1', [name]);
    if (!rowCount) await client.query(`create database ${name}`);
  } finally {
    await client.end();
  }
}

/** Where a running embedded instance tells operator commands how to reach its database. */
export const runtimeFile = (dataDir: string) => path.join(dataDir, 'runtime.json');

/** It holds the database URL with its password: readable by Agora's user only, written whole. */
function writeRuntimeFile(dataDir: string, contents: object): void {
  const next = `${runtimeFile(dataDir)}.new`;
  writeFileSync(next, JSON.stringify(contents, null, 2), { mode: 0o600 });
  chmodSync(next, 0o600);
  renameSync(next, runtimeFile(dataDir));
}

/** The embedded database died for good while Agora ran: stop with a non-zero code so a supervisor restarts. */
function databaseGone(log: Logger) {
  return (error: Error) => {
    log.fatal(`${error.message}. Agora stops; start it again (a supervisor restarts it by itself).`);
    process.exit(1);
  };
}

/**
 * Agora in one process (DESIGN §4, embedded column): a real PostgreSQL from `embedded-postgres` under
 * the data directory unless DATABASE_URL names one, every service, and the gateway.
 */
export async function startEmbedded(config: AgoraConfig, log: Logger): Promise<EmbeddedAgora> {
  mkdirSync(config.dataDir, { recursive: true });
  let server: EmbeddedDatabase | null = null;
  let databaseUrl = config.databaseUrl;
  if (!databaseUrl) {
    protectDataDir(config.dataDir, await serverUser());
    log.info(`starting PostgreSQL with its data in ${path.join(config.dataDir, 'postgres')}`);
    // Every slot costs shared memory: room for every pool and listener twice over (an operator command beside).
    const connections = ALL_SERVICES.length * ((config.dbConnections ?? EMBEDDED_CONNECTIONS) + 2) * 2 + 20;
    server = await startEmbeddedPostgres({
      dataDir: path.join(config.dataDir, 'postgres'),
      sharedBuffersMb: config.postgresSharedBuffersMb,
      settings: { max_connections: String(connections) },
      log: (line) => log.debug({ postgres: line }),
      report: (level, message) => log[level](message),
      onGone: databaseGone(log),
    });
    await ensureDatabase(server.adminUrl, DATABASE_NAME);
    databaseUrl = server.urlFor(DATABASE_NAME);
  }
  let agora: ComposedAgora | null = null;
  try {
    agora = await composeAgora({
      config,
      databaseUrl,
      log,
      services: ALL_SERVICES,
      maxConnections: config.dbConnections ?? EMBEDDED_CONNECTIONS,
      gateway: { webRoot: WEB_ROOT },
      operator: true,
    });
    const url = await agora.listen({ host: config.host, port: config.port });
    writeRuntimeFile(config.dataDir, { pid: process.pid, databaseUrl, url });
    const { gateway, operator, services } = agora;
    const running = agora;
    return {
      url,
      databaseUrl,
      services,
      gateway,
      operator,
      async hasAdmin() {
        const identity = services.find((s) => s.name === 'identity');
        if (!identity) return true;
        const { rows } = await identity.context.database.pool.query(
          "select 1 from users where role_id = $1 and status <> 'deleted' limit 1",
          [Role.admin],
        );
        return rows.length > 0;
      },
      async stop() {
        await running.close();
        await server?.stop();
        rmSync(runtimeFile(config.dataDir), { force: true });
      },
    };
  } catch (error) {
    await agora?.close().catch(() => {});
    await server?.stop().catch(() => {});
    throw error;
  }
}
