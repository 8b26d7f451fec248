import { type AnswerDatabase, bigParam, type Row } from './database';
import { rawId } from './values';

/** Rows per query: memory holds one page (and what is read for it), whatever the table's size. */
export const PAGE_SIZE = 500;

export interface PagedQuery {
  /** The select list; it must include the key as `page_key`. */
  select: string;
  /** `FROM …` with any joins, without the word FROM. */
  from: string;
  /** The key column (`t.id`): unique, ordered as an integer. */
  key: string;
  /** Further conditions, ANDed. */
  where?: string;
  params?: readonly unknown[];
}

/**
 * The rows of a query in pages ordered by their key (keyset paging: each page starts after the last key of the one
 * before), so that reading is bounded and the order is fixed (docs/adr/0094-importing-a-community.md).
 */
export async function* pages(db: AnswerDatabase, query: PagedQuery, size = PAGE_SIZE): AsyncGenerator<Row[]> {
  let after = '0';
  const where = query.where ? ` AND (${query.where})` : '';
  const sql = `SELECT ${query.select} FROM ${query.from} WHERE ${query.key} > ${bigParam(db.dialect)}${where} ORDER BY ${query.key} LIMIT ${size}`;
  for (;;) {
    const rows = await db.query(sql, [after, ...(query.params ?? [])]);
    if (rows.length === 0) return;
    yield rows;
    const last = rawId(rows[rows.length - 1]?.page_key);
    if (rows.length < size || last === undefined) return;
    after = last;
  }
}

/** `?, ?, ?` for a list of parameters, each compared as a 64-bit integer. */
export function bigList(db: AnswerDatabase, count: number): string {
  return Array.from({ length: count }, () => bigParam(db.dialect)).join(', ');
}
