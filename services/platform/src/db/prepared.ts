import type { RawBuilder } from 'kysely';
import pg from 'pg';
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

/** The client of every pool: a query whose text was marked by `executePrepared` goes as a named statement. */
export class PreparingClient extends pg.Client {
  // pg's overloads, passed through unchanged.
  override query(config: any, values?: any, callback?: any): any {
    const name = typeof config === 'string' ? NAMES.get(config) : undefined;
    if (name && Array.isArray(values)) return super.query({ name, text: config, values }, callback);
    return super.query(config, values, callback);
  }
}
