import { sql } from 'kysely';
import type { Db } from '../db/database';

/**
 * About how many rows a table of the service's schema holds, for an export's progress estimate: the planner's
 * figure on a large table (instant at any size), an exact count on a small one (the figure is absent until the
 * table was first analysed).
 */
export async function tableEstimate(db: Db, table: string): Promise<number> {
  const { rows } = await sql<{ n: number }>`
    select greatest(reltuples, 0)::bigint::int as n from pg_class where oid = to_regclass(${table})`.execute(db);
  const planned = rows[0]?.n ?? 0;
  if (planned >= 100_000) return planned;
  const counted = await sql<{ n: number }>`select count(*)::int as n from ${sql.table(table)}`.execute(db);
  return counted.rows[0]?.n ?? 0;
}
