import { Kysely, PostgresDialect, sql, type Transaction } from 'kysely';
import pg from 'pg';
import { preparingPool } from './prepared';

/**
 * Services query with `sql` templates that name their own row types, never with the query builder, so a
 * database handle knows no tables (as migrations' handles do). int8 columns (event positions, counters)
 * come back as strings unless a query casts them.
 */
export type Db = Kysely<unknown>;
export type Tx = Transaction<unknown>;

/** One service's view of PostgreSQL: its own schema, found first on the search path of every connection. */
export interface ServiceDatabase {
  readonly schema: string;
  /** The pool queries and transactions run on: through a transaction-pooling PgBouncer, if `url` is one. */
  readonly pool: pg.Pool;
  readonly db: Db;
  /**
   * Connections that keep session state (a session advisory lock held for the process's life, migrations
   * under a session lock): straight to PostgreSQL at `directUrl` (docs/adr/0075-connection-budget.md).
   */
  readonly sessionPool: pg.Pool;
  /** The same, as kysely (migrations). */
  readonly sessionDb: Db;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  url: string;
  /** PostgreSQL itself, for session state, when `url` is a transaction pooler (default: `url`). */
  directUrl?: string;
  schema: string;
  maxConnections?: number;
  /** How long an idle pooled connection is kept before it is closed (default 10 s). */
  idleTimeoutMs?: number;
  /** Hot statements as named prepared statements (default true; off for a pooler that cannot keep them). */
  prepared?: boolean;
  applicationName?: string;
}

/** How long an idle connection of a pool stays open: a quiet service holds none for long. */
export const DEFAULT_IDLE_TIMEOUT_MS = 10_000;
/** The session pool's size: the node-id lease, the outbox relay's lock, and a migration at start. */
export const SESSION_CONNECTIONS = 3;

const SCHEMA_NAME = /^[a-z][a-z0-9_]{0,62}$/;

/**
 * How long a query may wait for a connection (a free one from the pool, or a new one being made) before
 * it fails as unavailable (503): with the database gone, a request ends in seconds instead of hanging.
 */
export const CONNECT_TIMEOUT_MS = 5000;
/** How long a transaction may wait on its client between statements before the server ends it. */
export const IDLE_IN_TRANSACTION_TIMEOUT_MS = 10_000;

/** How long the readiness probe waits for `select 1`: readiness turns 503 well within 5 s of an outage. */
export const READINESS_TIMEOUT_MS = 2000;

export function quoteIdent(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}

function openPool(url: string, options: DatabaseOptions, max: number, applicationName: string): pg.Pool {
  const pool = new pg.Pool({
    connectionString: url,
    max,
    application_name: applicationName,
    // A transaction left waiting on its client ends after 10 s: while open it holds back every consumer
    // on the server (the log's fence, docs/adr/0034-consumers-read-the-log-in-one-statement.md).
    options: `-c search_path=${quoteIdent(options.schema)},public -c idle_in_transaction_session_timeout=${IDLE_IN_TRANSACTION_TIMEOUT_MS}`,
    idleTimeoutMillis: options.idleTimeoutMs ?? DEFAULT_IDLE_TIMEOUT_MS,
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    // A peer that vanished without a reset (a network partition) is found out by TCP keep-alive.
    keepAlive: true,
    keepAliveInitialDelayMillis: 10_000,
  });
  // A lost connection (a database restart, or Ctrl-C reaching the embedded server before us) fails the
  // query that used it; the client-level 'error' event must not end the process, idle or checked out.
  pool.on('error', () => {});
  pool.on('connect', (client) => client.on('error', () => {}));
  return pool;
}

export function connectDatabase(options: DatabaseOptions): ServiceDatabase {
  if (!SCHEMA_NAME.test(options.schema)) throw new Error(`Invalid schema name ${options.schema}`);
  const name = options.applicationName ?? `agora-${options.schema}`;
  const pool = openPool(options.url, options, options.maxConnections ?? 10, name);
  const db = new Kysely<unknown>({
    dialect: new PostgresDialect({ pool: options.prepared === false ? pool : preparingPool(pool) }),
  });
  // Opened on first use; a connection held for the process's life (the lease) is never idle-closed.
  const sessionPool = openPool(options.directUrl ?? options.url, options, SESSION_CONNECTIONS, `${name}-session`);
  const sessionDb = new Kysely<unknown>({ dialect: new PostgresDialect({ pool: sessionPool }) });
  return {
    schema: options.schema,
    pool,
    db,
    sessionPool,
    sessionDb,
    async close() {
      await db.destroy();
      await sessionDb.destroy();
      // kysely ends a pool only if it ran a query on it; the lease uses the session pool directly.
      if (!sessionPool.ended) await sessionPool.end();
      if (!pool.ended) await pool.end();
    },
  };
}

/** Readiness: the database answers `select 1` within `timeoutMs` (a hung connection is not ready). */
export async function isReachable(db: Db, timeoutMs = READINESS_TIMEOUT_MS): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(false), timeoutMs);
  });
  const answered = sql`select 1`.execute(db).then(
    () => true,
    () => false,
  );
  try {
    return await Promise.race([answered, timedOut]);
  } finally {
    clearTimeout(timer);
  }
}

/** Retries a unit of work on serialization failures and deadlocks, which PostgreSQL asks the client to retry. */
export function isRetryablePgError(error: unknown): boolean {
  const code = (error as { code?: string } | null)?.code;
  return code === '40001' || code === '40P01';
}
