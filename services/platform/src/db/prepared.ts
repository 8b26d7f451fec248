import type { PostgresCursor, PostgresPool, PostgresPoolClient, PostgresQueryResult, RawBuilder } from 'kysely';
import type pg from 'pg';
import type { Db, Tx } from './database';

/**
 * SQL texts to run as named prepared statements, and their names. PostgreSQL then parses and plans a
 * statement once per connection instead of on every call, which for the long statements of the hot
 * write paths costs as much as running them. Only texts that never vary belong here, so the set stays
 * small; past the cap a statement simply runs unprepared.
 */
const NAMES = new Map<string, string>();
const MAX_PREPARED = 256;

/** Runs a statement whose text never varies (only its parameters) as a prepared statement. */
export function executePrepared<R>(db: Db | Tx, query: RawBuilder<R>) {
  const compiled = query.compile(db);
  if (!NAMES.has(compiled.sql) && NAMES.size < MAX_PREPARED) NAMES.set(compiled.sql, `agora_${NAMES.size + 1}`);
  return db.executeQuery(compiled);
}

/** A pooled connection as kysely uses it: a query whose text `executePrepared` marked goes as a named statement. */
function preparingClient(client: pg.PoolClient): PostgresPoolClient {
  function query<R>(sql: string, parameters: ReadonlyArray<unknown>): Promise<PostgresQueryResult<R>>;
  function query<R>(cursor: PostgresCursor<R>): PostgresCursor<R>;
  function query<R>(
    text: string | PostgresCursor<R>,
    parameters?: ReadonlyArray<unknown>,
  ): Promise<PostgresQueryResult<R>> | PostgresCursor<R> {
    // Kysely streams only through a cursor class given to its dialect, and ours is given none.
    if (typeof text !== 'string') throw new Error('streaming queries need a cursor, and none is configured');
    const name = NAMES.get(text);
    const values = parameters as unknown[] | undefined;
    return client.query<R & pg.QueryResultRow>(name ? { name, text, values } : { text, values }).then((result) => ({
      command: result.command as PostgresQueryResult<R>['command'],
      rowCount: result.rowCount ?? 0,
      rows: result.rows,
    }));
  }
  return { query, release: () => client.release() };
}

/** The pool kysely queries through: pg's pool, each of its connections wrapped once by `preparingClient`. */
export function preparingPool(pool: pg.Pool): PostgresPool {
  const clients = new WeakMap<pg.PoolClient, PostgresPoolClient>();
  return {
    async connect() {
      const client = await pool.connect();
      const known = clients.get(client);
      if (known) return known;
      const wrapped = preparingClient(client);
      clients.set(client, wrapped);
      return wrapped;
    },
    end: () => pool.end(),
  };
}
