import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PostgresSearchIndex } from '../src/search-index/postgres/postgres-index';
import { RangeSelectivity } from '../src/search-index/postgres/range-selectivity';
import { doc } from './support/corpus';
import { searchDatabase } from './support/search-database';

describe('PostgreSQL adapter: wide ranges', () => {
  let db: Awaited<ReturnType<typeof searchDatabase>>;
  const table = sql.table('search_documents');

  beforeAll(async () => {
    db = await searchDatabase();
    const index = new PostgresSearchIndex(db.database.db);
    // Scores 0..99 once each, and 0 another 300 times: `score:1` holds a quarter, `score:90` a fortieth.
    await index.write([
      ...Array.from({ length: 100 }, (_, n) => doc({ id: `s${n}`, voteCount: n })),
      ...Array.from({ length: 300 }, (_, n) => doc({ id: `z${n}`, voteCount: 0 })),
    ]);
    await sql`analyze search_documents`.execute(db.database.db);
  });
  afterAll(async () => {
    await db?.drop();
  });

  it('takes a range holding most documents as wide and a narrow one as not', async () => {
    const ranges = new RangeSelectivity(db.database.db);
    expect(await ranges.isWide(table, 'vote_count', { min: 0, max: null })).toBe(true);
    expect(await ranges.isWide(table, 'vote_count', { min: 90, max: null })).toBe(false);
    expect(await ranges.isWide(table, 'vote_count', { min: 0, max: 0 })).toBe(true);
    expect(await ranges.isWide(table, 'answer_count', { min: 1, max: null })).toBe(false);
  });

  it('remembers a share for ten minutes, then asks the planner again', async () => {
    let now = 0;
    const ranges = new RangeSelectivity(db.database.db, () => now);
    expect(await ranges.isWide(table, 'vote_count', { min: 50, max: null })).toBe(false);
    await sql`update search_documents set vote_count = 60`.execute(db.database.db);
    await sql`analyze search_documents`.execute(db.database.db);
    now = 9 * 60_000;
    expect(await ranges.isWide(table, 'vote_count', { min: 50, max: null })).toBe(false);
    now = 11 * 60_000;
    expect(await ranges.isWide(table, 'vote_count', { min: 50, max: null })).toBe(true);
  });
});
