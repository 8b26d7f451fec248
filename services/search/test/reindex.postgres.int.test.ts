import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { reindex } from '../src/indexing/reindex';
import { PostgresSearchIndex } from '../src/search-index/postgres/postgres-index';
import { asked, project } from './support/posts-events';
import { reindexSuite } from './support/reindex-suite';
import { searchDatabase } from './support/search-database';

reindexSuite('postgres', async ({ database }) => new PostgresSearchIndex(database.db));

describe('reindex: postgres generations', () => {
  it('builds the live table indexes on the new generation before it is swapped in', async () => {
    const { database, drop } = await searchDatabase();
    try {
      const indexes = async () =>
        (
          await sql<{ method: string }>`
            select substring(pg_get_indexdef(indexrelid) from ' USING (.*)$') as method from pg_index
            where indrelid = 'search_documents'::regclass order by 1`.execute(database.db)
        ).rows.map((r) => r.method);
      const before = await indexes();
      expect(before).toContain('gin (tsv)');
      await project(database.db, [asked('q1', 'Indexed question', 'Indexed body.')]);
      const index = new PostgresSearchIndex(database.db);
      for (let n = 0; n < 2; n++) expect((await reindex({ db: database.db, index })).completed).toBe(true);
      expect(await indexes()).toEqual(before);
      await sql`set enable_seqscan = off`.execute(database.db);
      const plan = await sql<{ 'QUERY PLAN': string }>`
        explain select id from search_documents where tsv @@ plainto_tsquery('english', 'indexed')`.execute(
        database.db,
      );
      expect(plan.rows.map((r) => r['QUERY PLAN']).join('\n')).toContain('Bitmap Index Scan');
    } finally {
      await drop();
    }
  });
});
