import { type CheckDatabaseReq, INSTALL_DEFAULT_DB_HOST } from '@agora/contracts';
import pg from 'pg';

/** How long a connection check waits for a server before it reports the failure. */
export const DATABASE_CHECK_TIMEOUT_MS = 5_000;

/**
 * The connection URL of an external PostgreSQL the installer is given: `host[:port]` (default
 * 127.0.0.1:5432), database, user, password, and the SSL mode with its certificate files.
 */
export function postgresUrlOf(request: CheckDatabaseReq): string {
  const address = request.db_host?.trim() || INSTALL_DEFAULT_DB_HOST;
  const url = new URL(`postgres://${address.includes(':') ? address : `${address}:5432`}`);
  url.username = encodeURIComponent(request.db_username ?? '');
  url.password = encodeURIComponent(request.db_password ?? '');
  url.pathname = `/${encodeURIComponent(request.db_name?.trim() || 'agora')}`;
  const mode: string = request.ssl_mode || (request.ssl_enabled ? 'require' : '');
  if (mode) url.searchParams.set('sslmode', mode);
  if (mode && mode !== 'disable') {
    if (request.ssl_root_cert) url.searchParams.set('sslrootcert', request.ssl_root_cert);
    if (request.ssl_cert) url.searchParams.set('sslcert', request.ssl_cert);
    if (request.ssl_key) url.searchParams.set('sslkey', request.ssl_key);
  }
  return url.toString();
}

/** Whether a PostgreSQL server takes the URL's credentials: null, or the server's (or network's) reason. */
export async function postgresRefusal(url: string): Promise<string | null> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: DATABASE_CHECK_TIMEOUT_MS });
  client.on('error', () => {});
  try {
    await client.connect();
    await client.query('select 1');
    return null;
  } catch (error) {
    return (error as Error).message || String(error);
  } finally {
    await client.end().catch(() => {});
  }
}

/** The schemas of these services that exist in the database (an installation's tables). */
export async function existingSchemas(url: string, schemas: readonly string[]): Promise<string[]> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: DATABASE_CHECK_TIMEOUT_MS });
  client.on('error', () => {});
  await client.connect();
  try {
    const { rows } = await client.query<{ nspname: string }>(
      'select nspname from pg_namespace where nspname = any($1::text[]) order by nspname',
      [schemas],
    );
    return rows.map((row) => row.nspname);
  } finally {
    await client.end().catch(() => {});
  }
}
