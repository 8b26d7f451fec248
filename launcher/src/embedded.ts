import { chmodSync, mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { Role } from '@agora/contracts';
import { type ComposedAgora, composeAgora, lazyPageRenderer } from '@agora/gateway';
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

/** Creates the database `name` on the server unless it exists. */
export async function ensureDatabase(adminUrl: string, name: string): Promise<void> {
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

/** The database Agora runs on: DATABASE_URL's (or the config file's), or the embedded server it started. */
export interface OpenedDatabase {
  url: string;
  /** The embedded server, which stops with Agora; null for a server Agora does not own. */
  server: EmbeddedDatabase | null;
}

/** Starts the embedded PostgreSQL in the data directory, with Agora's database on it. */
export async function startEmbeddedDatabase(config: AgoraConfig, log: Logger): Promise<OpenedDatabase> {
  mkdirSync(config.dataDir, { recursive: true });
  protectDataDir(config.dataDir, await serverUser());
  log.info(`starting PostgreSQL with its data in ${path.join(config.dataDir, 'postgres')}`);
  // Every slot costs shared memory: room for every pool and listener twice over (an operator command beside).
  const connections = ALL_SERVICES.length * ((config.dbConnections ?? EMBEDDED_CONNECTIONS) + 2) * 2 + 20;
  const server = await startEmbeddedPostgres({
    dataDir: path.join(config.dataDir, 'postgres'),
    sharedBuffersMb: config.postgresSharedBuffersMb,
    settings: { max_connections: String(connections) },
    log: (line) => log.debug({ postgres: line }),
    report: (level, message) => log[level](message),
    onGone: databaseGone(log),
  });
  try {
    await ensureDatabase(server.adminUrl, DATABASE_NAME);
  } catch (error) {
    await server.stop().catch(() => {});
    throw error;
  }
  return { url: server.urlFor(DATABASE_NAME), server };
}

/** The database the configuration names, or the embedded one started now. */
export async function openDatabase(config: AgoraConfig, log: Logger): Promise<OpenedDatabase> {
  mkdirSync(config.dataDir, { recursive: true });
  if (config.databaseUrl) return { url: config.databaseUrl, server: null };
  return startEmbeddedDatabase(config, log);
}

/** Every service and the gateway on the database (their migrations run first), not listening yet. */
export function composeEmbedded(config: AgoraConfig, log: Logger, databaseUrl: string): Promise<ComposedAgora> {
  return composeAgora({
    config,
    databaseUrl,
    log,
    services: ALL_SERVICES,
    maxConnections: config.dbConnections ?? EMBEDDED_CONNECTIONS,
    gateway: { webRoot: WEB_ROOT, pages: lazyPageRenderer(WEB_ROOT) },
    operator: true,
  });
}

/** How long a start waits for its projections to catch up before it opens its port anyway (not ready). */
const STARTUP_CATCH_UP_WAIT_MS = 30_000;

/** Opens the composed Agora on its port and tells operator commands where its database is. */
export async function serveEmbedded(
  config: AgoraConfig,
  database: OpenedDatabase,
  agora: ComposedAgora,
): Promise<EmbeddedAgora> {
  // Writes are taken once every projection has caught up with the log as it stood at start (docs/adr/0092-ready-when-caught-up.md);
  // a catch-up that takes longer than that opens the port anyway, not ready, rather than leave the site shut.
  const wait = new AbortController();
  const caughtUp = await Promise.race([
    agora.startedUp().then(() => true),
    sleep(STARTUP_CATCH_UP_WAIT_MS, false, { signal: wait.signal }).catch(() => false),
  ]);
  wait.abort();
  if (!caughtUp) {
    agora.gateway.log.warn(
      { waitedMs: STARTUP_CATCH_UP_WAIT_MS },
      'projections still catching up with the log as of start: opening the port, not ready until they have',
    );
  }
  const url = await agora.listen({ host: config.host, port: config.port });
  writeRuntimeFile(config.dataDir, { pid: process.pid, databaseUrl: database.url, url });
  const { gateway, operator, services } = agora;
  return {
    url,
    databaseUrl: database.url,
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
      await agora.close();
      await database.server?.stop();
      rmSync(runtimeFile(config.dataDir), { force: true });
    },
  };
}

/**
 * Agora in one process (DESIGN §4, embedded column): a real PostgreSQL from `embedded-postgres` under
 * the data directory unless DATABASE_URL names one (or `database` is already open), every service, and
 * the gateway.
 */
export async function startEmbedded(config: AgoraConfig, log: Logger, opened?: OpenedDatabase): Promise<EmbeddedAgora> {
  const database = opened ?? (await openDatabase(config, log));
  let agora: ComposedAgora | null = null;
  try {
    agora = await composeEmbedded(config, log, database.url);
    return await serveEmbedded(config, database, agora);
  } catch (error) {
    await agora?.close().catch(() => {});
    await database.server?.stop().catch(() => {});
    throw error;
  }
}
