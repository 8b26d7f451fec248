import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { IndexQuery } from '../src/search-index/port';
import { estimatedBy, PostgresSearchIndex, TRUSTED_ESTIMATE_FACTOR } from '../src/search-index/postgres/postgres-index';
import { doc, query } from './support/corpus';
import { searchDatabase } from './support/search-database';

const LIMIT = 10;
const at = (n: number) => new Date(Date.parse('2026-01-01T00:00:00Z') + n * 60_000);

/**
 * 120 documents mention kafka: 40 questions in the title (and tagged kafka), 40 questions and 40 answers
 * in the body only; 200 others do not. Analysed, so the planner knows the word's and the tag's share and
 * a search past TRUSTED_ESTIMATE_FACTOR x the exact limit skips reading matches to count them.
 */
function documents() {
  const docs = [];
  for (let n = 0; n < 40; n++) {
    docs.push(
      doc({
        id: `t${n}`,
        title: `kafka topic ${n}`,
        body: 'a broker',
        tags: ['kafka'],
        tagText: 'kafka',
        createdAt: at(3 * n),
      }),
      doc({ id: `b${n}`, title: `broker question ${n}`, body: 'we run kafka', createdAt: at(3 * n + 1) }),
      doc({ id: `a${n}`, type: 'answer', questionId: `b${n}`, body: 'upgrade kafka', createdAt: at(3 * n + 2) }),
    );
  }
  for (let n = 0; n < 200; n++)
    docs.push(doc({ id: `o${n}`, title: `other ${n}`, body: 'nothing here', createdAt: at(n) }));
  return docs;
}

describe('PostgreSQL adapter: counts the planner knows from statistics', () => {
  let db: Awaited<ReturnType<typeof searchDatabase>>;
  let capped: PostgresSearchIndex;
  const newestFirst = (ids: string[]) =>
    ids.sort((x, y) => {
      const time = (id: string) =>
        documents()
          .find((d) => d.id === id)!
          .createdAt.getTime();
      return time(y) - time(x);
    });

  beforeAll(async () => {
    db = await searchDatabase();
    await new PostgresSearchIndex(db.database.db).write(documents());
    await sql`vacuum analyze search_documents`.execute(db.database.db);
    capped = new PostgresSearchIndex(db.database.db, { exactCountLimit: LIMIT });
  });
  afterAll(async () => {
    await db?.drop();
  });

  const planned = async (condition: ReturnType<typeof sql>) => {
    const { rows } = await sql<{ 'QUERY PLAN': [{ Plan: { 'Plan Rows': number } }] }>`
      explain (format json) select 1 from search_documents where visibility = 'public' and ${condition}`.execute(
      db.database.db,
    );
    return rows[0]!['QUERY PLAN'][0].Plan['Plan Rows'];
  };

  it('estimates one word and one tag past the trusted factor (the path under test is taken)', async () => {
    expect(await planned(sql`tsv @@ plainto_tsquery('english', 'kafka')`)).toBeGreaterThanOrEqual(
      TRUSTED_ESTIMATE_FACTOR * LIMIT,
    );
    expect(await planned(sql`tags && '{kafka}'::text[]`)).toBeGreaterThanOrEqual(TRUSTED_ESTIMATE_FACTOR * LIMIT);
  });

  it('lists title matches newest first, then the others newest first, page after page, with the estimate', async () => {
    const titles = newestFirst(Array.from({ length: 40 }, (_, n) => `t${n}`));
    const rest = newestFirst(Array.from({ length: 40 }, (_, n) => [`b${n}`, `a${n}`]).flat());
    const expected = [...titles, ...rest];
    const seen: string[] = [];
    for (let offset = 0; offset < 120; offset += 15) {
      const page = await capped.search(query({ words: ['kafka'], order: 'relevance', offset, limit: 15 }));
      expect(page.count).toBeGreaterThan(LIMIT);
      expect(page.count).toBeGreaterThanOrEqual(100);
      expect(page.count).toBeLessThanOrEqual(140);
      seen.push(...page.hits.map((h) => h.id));
    }
    expect(seen).toEqual(expected);
  });

  it('keeps sorts by a column exact for a tag alone', async () => {
    const full = new PostgresSearchIndex(db.database.db);
    for (const over of [
      { tagGroups: [['kafka']], order: 'newest' },
      { tagGroups: [['kafka']], order: 'active', offset: 25, limit: 10 },
      { words: ['kafka'], order: 'score', offset: 5, limit: 20 },
    ] as Partial<IndexQuery>[]) {
      const exact = await full.search(query(over));
      const page = await capped.search(query(over));
      expect(page.hits.map((h) => h.id)).toEqual(exact.hits.map((h) => h.id));
      expect(page.count).toBeGreaterThan(LIMIT);
    }
  });

  it('finds nothing for answers in the title tier: only questions have titles', async () => {
    const page = await capped.search(query({ words: ['kafka'], types: ['answer'], order: 'relevance', limit: 50 }));
    expect(page.hits.map((h) => h.id).sort()).toEqual(Array.from({ length: 40 }, (_, n) => `a${n}`).sort());
  });

  it('trusts the estimate only of one word or one tag alone', () => {
    expect(estimatedBy(query({ words: ['kafka'] }))).toBe('tsv');
    expect(estimatedBy(query({ tagGroups: [['kafka', 'apache-kafka']] }))).toBe('tags');
    expect(estimatedBy(query({ words: ['kafka', 'lag'] }))).toBeNull();
    expect(estimatedBy(query({ phrases: ['consumer lag'] }))).toBeNull();
    expect(estimatedBy(query({ words: ['kafka'], tagGroups: [['kafka']] }))).toBeNull();
    expect(estimatedBy(query({ words: ['kafka'], types: ['answer'] }))).toBeNull();
    expect(estimatedBy(query({ words: ['kafka'], userIds: ['u'] }))).toBeNull();
    expect(estimatedBy(query({ words: ['kafka'], score: { min: 3, max: null } }))).toBeNull();
    expect(estimatedBy(query({ tagGroups: [['kafka']], answers: { min: 0, max: 0 } }))).toBeNull();
    expect(estimatedBy(query({}))).toBeNull();
  });
});
