import { Kysely, PostgresDialect, sql, type Transaction } from 'kysely';
import pg from 'pg';
import { PreparingClient } from './prepared';

/** int8 columns (event positions, counters) come back as strings unless a query casts them. */
export type Tx = Transaction<any>;
export type Db = Kysely<any>;

/** One service's view of PostgreSQL: its own schema, found first on the search path of every connection. */
export interface ServiceDatabase {
  readonly schema: string;
  readonly pool: pg.Pool;
  readonly db: Db;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  url: string;
  schema: string;
  maxConnections?: number;
  applicationName?: string;
}

const SCHEMA_NAME = /^[a-z][a-z0-9_]{0,62}$/;

export function quoteIdent(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}

export function connectDatabase(options: DatabaseOptions): ServiceDatabase {
  if (!SCHEMA_NAME.test(options.schema)) throw new Error(`Invalid schema name ${options.schema}`);
  const pool = new pg.Pool({
    connectionString: options.url,
    max: options.maxConnections ?? 10,
    application_name: options.applicationName ?? `agora-${options.schema}`,
    options: `-c search_path=${quoteIdent(options.schema)},public`,
    idleTimeoutMillis: 30_000,
    Client: PreparingClient,
  });
  // A lost connection (a database restart, or Ctrl-C reaching the embedded server before us) fails the
  // query that used it; the client-level 'error' event must not end the process, idle or checked out.
  pool.on('error', () => {});
  pool.on('connect', (client) => client.on('error', () => {}));
  const db = new Kysely<any>({ dialect: new PostgresDialect({ pool }) });
  return {
    schema: options.schema,
    pool,
    db,
    async close() {
      await db.destroy();
    },
  };
}

export async function isReachable(db: Db): Promise<boolean> {
  try {
    await sql`select 1`.execute(db);
    return true;
  } catch {
    return false;
  }
}

/** Retries a unit of work on serialization failures and deadlocks, which PostgreSQL asks the client to retry. */
export function isRetryablePgError(error: unknown): boolean {
  const code = (error as { code?: string } | null)?.code;
  return code === '40001' || code === '40P01';
}
