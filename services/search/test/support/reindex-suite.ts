import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IndexFeeder } from '../../src/indexing/feeder';
import { reindex } from '../../src/indexing/reindex';
import { readReindexState } from '../../src/indexing/reindex-state';
import type { SearchIndex } from '../../src/search-index/port';
import { query } from './corpus';
import { answered, asked, edited, project } from './posts-events';
import { searchDatabase } from './search-database';

const QUESTIONS = 40;
const ANSWERS = 15;
const TOTAL = QUESTIONS + ANSWERS;

/** The reindex of one adapter: into a new generation, resumable, swapped in while searches go on. */
export function reindexSuite(
  name: string,
  create: (db: Awaited<ReturnType<typeof searchDatabase>>) => Promise<SearchIndex>,
) {
  describe(`reindex: ${name}`, () => {
    let database: Awaited<ReturnType<typeof searchDatabase>>;
    let index: SearchIndex;
    let feeder: IndexFeeder;
    const all = async () => (await index.search(query({ limit: 1 }))).count;

    beforeAll(async () => {
      database = await searchDatabase();
      index = await create(database);
      await index.prepare();
      const events = [];
      for (let q = 0; q < QUESTIONS; q++) {
        events.push(asked(`q${String(q).padStart(3, '0')}`, `Question number ${q}`, `Body of question ${q}.`));
      }
      for (let a = 0; a < ANSWERS; a++) events.push(answered(`a${String(a).padStart(3, '0')}`, 'q000', `Answer ${a}.`));
      await project(database.database.db, events);
      feeder = new IndexFeeder({ db: database.database.db, index: async () => index, log: pino({ level: 'silent' }) });
      expect(await feeder.drain()).toBe(TOTAL);
      await index.refresh();
    });
    afterAll(async () => {
      await index?.close();
      await database?.drop();
    });

    it('resumes an interrupted reindex, and the new generation misses no change made meanwhile', async () => {
      const stop = new AbortController();
      let reports = 0;
      const first = await reindex({
        db: database.database.db,
        index,
        batchSize: 10,
        signal: stop.signal,
        onProgress: () => {
          reports += 1;
          if (reports === 3) stop.abort();
        },
      });
      expect(first).toMatchObject({ completed: false, resumed: false });
      expect(first.documents).toBeGreaterThanOrEqual(20);
      expect(first.documents).toBeLessThan(TOTAL);
      const state = await readReindexState(database.database.db);
      expect(state).toMatchObject({
        phase: 'building',
        generation: first.generation,
        done: first.documents,
        total: TOTAL,
      });
      expect(await index.hasGeneration(first.generation)).toBe(true);
      // Searches still read the active generation, complete.
      expect(await all()).toBe(TOTAL);

      // A change while the new generation is half built (to a document already copied into it).
      await project(database.database.db, [edited('q000', 2, 'Question about an ocelot', 'The ocelot body.')]);
      // The question and its answers, which carry its tags and visibility.
      expect(await feeder.drain()).toBe(1 + ANSWERS);
      await index.refresh();
      expect((await index.search(query({ words: ['ocelot'] }))).hits.map((h) => h.id)).toEqual(['q000']);

      const second = await reindex({ db: database.database.db, index, batchSize: 10 });
      expect(second).toMatchObject({ completed: true, resumed: true, documents: TOTAL, generation: first.generation });
      expect(await index.count()).toBe(TOTAL);
      expect((await index.search(query({ words: ['ocelot'] }))).hits.map((h) => h.id)).toEqual(['q000']);
      expect((await readReindexState(database.database.db))?.phase).toBe('done');
    });

    it('keeps answering every search while it swaps generations', async () => {
      let running = true;
      const counts: number[] = [];
      const searching = (async () => {
        while (running) counts.push(await all());
      })();
      const result = await reindex({ db: database.database.db, index, batchSize: 5 });
      running = false;
      await searching;
      expect(result.completed).toBe(true);
      expect(counts.length).toBeGreaterThan(3);
      expect(new Set(counts)).toEqual(new Set([TOTAL]));
      expect(await all()).toBe(TOTAL);
    });
  });
}
