import type { Db } from '@agora/platform';
import { type RawBuilder, sql } from 'kysely';
import type { Range } from '../../query-language/criteria';

/**
 * Past this share of all documents a range (`score:N`, `answers:N`) is cheaper to test on the rows a
 * word or tag finds than to read from its index: with `score:3` a common word's 13,500 matches ANDed with
 * the 149,000 entries of `vote_count >= 3` cost 20 ms in the index, and testing the matches one by one
 * until 1,001 are found a few. A narrow range (`answers:0`, `score:30`) stays in the index.
 */
export const WIDE_RANGE_SHARE = 0.25;
const TTL_MS = 10 * 60_000;
const MAX_ENTRIES = 1000;

type RangeColumn = 'vote_count' | 'answer_count';

/**
 * The planner's share of documents in a range, remembered for a while per column and bounds: it only
 * chooses how matches are read, never which, so an old figure costs at most a slower plan.
 */
export class RangeSelectivity {
  private readonly shares = new Map<string, { share: number; at: number }>();

  constructor(
    private readonly db: Db,
    private readonly now: () => number = Date.now,
  ) {}

  async isWide(table: RawBuilder<unknown>, column: RangeColumn, range: Range): Promise<boolean> {
    return (await this.share(table, column, range)) > WIDE_RANGE_SHARE;
  }

  private async share(table: RawBuilder<unknown>, column: RangeColumn, range: Range): Promise<number> {
    const key = `${column}:${range.min}:${range.max}`;
    const known = this.shares.get(key);
    if (known && this.now() - known.at < TTL_MS) return known.share;
    const [inRange, all] = await Promise.all([
      plannedRows(this.db, table, rangeCondition(sql.ref(column), range)),
      plannedRows(this.db, table, sql`true`),
    ]);
    const share = all > 0 ? inRange / all : 0;
    if (this.shares.size >= MAX_ENTRIES) this.shares.clear();
    this.shares.set(key, { share, at: this.now() });
    return share;
  }
}

/** How many rows of `table` the planner expects `where` to match (from its statistics; nothing is read). */
export async function plannedRows(db: Db, table: RawBuilder<unknown>, where: RawBuilder<unknown>): Promise<number> {
  const { rows } = await sql<{ 'QUERY PLAN': [{ Plan: { 'Plan Rows': number } }] }>`
    explain (format json) select 1 from ${table} where ${where}`.execute(db);
  return Math.round(rows[0]?.['QUERY PLAN'][0].Plan['Plan Rows'] ?? 0);
}

/** `value` within the range; `value` may be a column or an expression the index cannot serve. */
export function rangeCondition(value: RawBuilder<unknown>, range: Range): RawBuilder<unknown> {
  const parts: RawBuilder<unknown>[] = [];
  if (range.min != null) parts.push(sql`${value} >= ${range.min}`);
  if (range.max != null) parts.push(sql`${value} <= ${range.max}`);
  return parts.length ? sql.join(parts, sql` and `) : sql`true`;
}
