import type pg from 'pg';

/** Below every id a staging table holds (duplicate links staged from the history have negative ids). */
export const BEFORE_ALL = '-9223372036854775808';

/**
 * The rows of a query in keyset pages by `id` (docs/adr/0094-importing-a-community.md: a kind's records in one fixed
 * order, bounded memory): `sql` takes the last id seen as `$1` and the page size as `$2`, and orders by id.
 */
export async function* keysetPages<Row extends { id: string }>(
  db: pg.Pool,
  sql: string,
  pageSize: number,
): AsyncGenerator<Row[]> {
  let after = BEFORE_ALL;
  for (;;) {
    const { rows } = await db.query<Row>(sql, [after, pageSize]);
    if (rows.length === 0) return;
    yield rows;
    after = (rows[rows.length - 1] as Row).id;
    if (rows.length < pageSize) return;
  }
}
