import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { COUNT_LIMIT, type IndexPage, type IndexQuery, type SearchIndex } from '../../src/search-index/port';
import { corpus, doc, query, USERS } from './corpus';

export interface AdapterUnderTest {
  name: string;
  /**
   * A fresh, prepared, empty index, how to throw it away, and another instance over the same documents
   * that counts exactly only up to `exactCount` matches (the plans for common matches, reached with few
   * documents); past it, a count may be an estimate of at least `exactCount`.
   */
  create(): Promise<{ index: SearchIndex; dispose(): Promise<void>; limited(exactCount: number): SearchIndex }>;
}

const ids = (page: IndexPage) => page.hits.map((h) => h.id);
const sorted = (page: IndexPage) => ids(page).sort();

/** The one search suite both index adapters pass (DESIGN §4). */
export function searchIndexContract(adapter: AdapterUnderTest) {
  describe(`search index contract: ${adapter.name}`, () => {
    let index: SearchIndex;
    let limited: (exactCount: number) => SearchIndex;
    let dispose: () => Promise<void>;
    const search = (over: Partial<IndexQuery>) => index.search(query(over));

    beforeAll(async () => {
      ({ index, dispose, limited } = await adapter.create());
    });
    afterAll(async () => {
      await dispose?.();
    });
    beforeEach(async () => {
      // Every test starts from the same documents; newer versions replace what a test changed.
      await index.write(corpus());
      await index.refresh();
    });

    describe('free words and phrases', () => {
      it('finds every word, stemmed, in title, tags or body', async () => {
        expect(sorted(await search({ words: ['writes'] }))).toEqual(['a1', 'q1']);
        expect(sorted(await search({ words: ['writing'] }))).toEqual(['a1', 'q1']);
        expect(sorted(await search({ words: ['consumer', 'lag'] }))).toEqual(['q2']);
        expect(sorted(await search({ words: ['consumer', 'jsonb'] }))).toEqual([]);
        expect(sorted(await search({ words: ['indexing'] }))).toEqual(['a3', 'q3']);
      });

      it('matches exact phrases, words in a row', async () => {
        expect(sorted(await search({ phrases: ['read model'] }))).toEqual(['a1', 'q1']);
        expect(sorted(await search({ phrases: ['model read'] }))).toEqual([]);
        expect(sorted(await search({ phrases: ['consumer group'] }))).toEqual(['q2']);
      });

      it('finds Chinese text by its characters in a row', async () => {
        expect(ids(await search({ words: ['问题'] }))).toEqual(['q4']);
        expect(ids(await search({ words: ['问答社区'] }))).toEqual(['q4']);
        expect(ids(await search({ words: ['社区问答'] }))).toEqual([]);
        expect(ids(await search({ words: ['kafka', '处理事件'] }))).toEqual(['q4']);
        expect(ids(await search({ phrases: ['回答社区'] }))).toEqual(['q4']);
        expect(ids(await search({ words: ['问'] }))).toEqual(['q4']);
      });

      it('ranks a title match above a body-only match', async () => {
        const page = await search({ words: ['kafka'], order: 'relevance' });
        expect(sorted(page)).toEqual(['a3', 'q2', 'q3', 'q4']);
        expect(ids(page)[0]).toBe('q2');
        expect(ids(page).indexOf('q2')).toBeLessThan(ids(page).indexOf('q3'));
        const jsonb = await search({ words: ['jsonb'], order: 'relevance' });
        expect(ids(jsonb)).toEqual(['q3', 'a3']);
      });
    });

    describe('operators alone', () => {
      it('[tag]: one slug of each group, tags with - + # . included', async () => {
        expect(sorted(await search({ tagGroups: [['kafka']] }))).toEqual(['q2', 'q4']);
        expect(sorted(await search({ tagGroups: [['postgresql'], ['indexing']] }))).toEqual(['a3', 'q3']);
        for (const tag of ['c++', 'c#', 'node.js', 'vue-js']) {
          expect(ids(await search({ tagGroups: [[tag]] }))).toEqual(['q5']);
        }
        expect(sorted(await search({ tagGroups: [['kafka', 'indexing']] }))).toEqual(['a3', 'q2', 'q3', 'q4']);
        expect(ids(await search({ tagGroups: [['c']] }))).toEqual([]);
      });

      it('user:', async () => {
        expect(sorted(await search({ userIds: [USERS.bo] }))).toEqual(['a1', 'q2', 'q5']);
      });

      it('answers:N and answers:0', async () => {
        expect(sorted(await search({ types: ['question'], answers: { min: 2, max: null } }))).toEqual(['q1']);
        expect(sorted(await search({ types: ['question'], answers: { min: 0, max: 0 } }))).toEqual(['q2', 'q4', 'q5']);
      });

      it('score:N and score:0', async () => {
        expect(sorted(await search({ score: { min: 3, max: null } }))).toEqual(['a1', 'q1']);
        expect(sorted(await search({ score: { min: 0, max: 0 } }))).toEqual(['a3', 'q2']);
        expect(sorted(await search({ score: { min: -1, max: null } })).length).toBe(8);
      });

      it('is:question and is:answer', async () => {
        expect(sorted(await search({ types: ['answer'] }))).toEqual(['a1', 'a2', 'a3']);
        expect(sorted(await search({ types: ['question'] }))).toEqual(['q1', 'q2', 'q3', 'q4', 'q5']);
      });
    });

    describe('operators combined', () => {
      it('applies all of them at once', async () => {
        expect(
          ids(
            await search({
              words: ['read'],
              phrases: ['read model'],
              tagGroups: [['postgresql']],
              userIds: [USERS.bo],
              types: ['answer'],
              score: { min: 1, max: null },
            }),
          ),
        ).toEqual(['a1']);
        expect(
          ids(
            await search({
              words: ['kafka'],
              tagGroups: [['kafka']],
              types: ['question'],
              answers: { min: 0, max: 0 },
              userIds: [USERS.chen],
            }),
          ),
        ).toEqual(['q4']);
        expect(ids(await search({ words: ['kafka'], tagGroups: [['kafka']], userIds: [USERS.ada] }))).toEqual([]);
      });
    });

    describe('visibility', () => {
      it('keeps hidden posts for staff and deleted ones for nobody', async () => {
        expect(ids(await search({ words: ['secret'] }))).toEqual([]);
        expect(ids(await search({ words: ['secret'], visibility: ['public', 'staff'] }))).toEqual(['q6']);
        expect(ids(await search({ words: ['deleted'], visibility: ['public', 'staff'] }))).toEqual([]);
      });

      it('drops a post once it is deleted, and an edit is found by its new text only', async () => {
        const [, q2, q3] = corpus();
        await index.write([
          doc({ ...q2!, visibility: 'none', status: 'deleted' }),
          doc({ ...q3!, body: 'Zebra crossings are unrelated to databases.' }),
        ]);
        await index.refresh();
        expect(sorted(await search({ words: ['kafka'] }))).toEqual(['a3', 'q4']);
        expect(ids(await search({ words: ['zebra'] }))).toEqual(['q3']);
        expect(ids(await search({ words: ['offsets'] }))).toEqual([]);
      });

      it('never lets an older version replace a newer one', async () => {
        const [, q2] = corpus();
        const newer = doc({ ...q2!, title: 'Renamed question about brokers' });
        await index.write([newer]);
        await index.write([{ ...q2!, version: newer.version - 1 }]);
        await index.refresh();
        expect(ids(await search({ words: ['brokers'] }))).toEqual(['q2']);
        expect(ids(await search({ words: ['lag', 'growing'] }))).toEqual([]);
      });
    });

    describe('sorts and paging', () => {
      it('sorts by newest, active and score; relevance without words is newest', async () => {
        expect(ids(await search({ order: 'newest' }))).toEqual(['a3', 'a2', 'a1', 'q5', 'q4', 'q3', 'q2', 'q1']);
        expect(ids(await search({ order: 'relevance' }))).toEqual(['a3', 'a2', 'a1', 'q5', 'q4', 'q3', 'q2', 'q1']);
        expect(ids(await search({ order: 'active' }))).toEqual(['q1', 'q3', 'a3', 'a2', 'a1', 'q5', 'q4', 'q2']);
        expect(ids(await search({ order: 'score' }))).toEqual(['q1', 'a1', 'q3', 'q4', 'a3', 'q2', 'a2', 'q5']);
      });

      it('pages with the whole count on every page', async () => {
        const first = await search({ order: 'newest', offset: 0, limit: 3 });
        const second = await search({ order: 'newest', offset: 3, limit: 3 });
        const last = await search({ order: 'newest', offset: 6, limit: 3 });
        const beyond = await search({ order: 'newest', offset: 30, limit: 3 });
        expect([first.count, second.count, last.count, beyond.count]).toEqual([8, 8, 8, 8]);
        expect([...ids(first), ...ids(second), ...ids(last)]).toEqual(['a3', 'a2', 'a1', 'q5', 'q4', 'q3', 'q2', 'q1']);
        expect(ids(beyond)).toEqual([]);
      });
    });

    describe('counts past the exact count', () => {
      it('keeps every sort by a column right, with a count of at least the exact limit', async () => {
        const capped = limited(3);
        const same = async (over: Partial<IndexQuery>) => {
          const full = await search(over);
          const page = await capped.search(query(over));
          if (full.count <= 3) expect(page.count).toBe(full.count);
          else expect(page.count).toBeGreaterThanOrEqual(3);
          expect(page.count).toBeLessThanOrEqual(COUNT_LIMIT);
          expect(ids(page)).toEqual(ids(full));
        };
        await same({ words: ['kafka'], order: 'newest', offset: 1, limit: 2 });
        await same({ words: ['kafka'], order: 'score' });
        await same({ tagGroups: [['postgresql']], order: 'newest' });
        await same({ tagGroups: [['postgresql']], order: 'score', offset: 3, limit: 2 });
        await same({ userIds: [USERS.bo], order: 'active' });
        await same({ order: 'score', offset: 2, limit: 3 });
        await same({ words: ['kafka'], types: ['answer'], order: 'score' });
      });

      it('lists title and tag matches before body-only ones by relevance, page after page', async () => {
        const capped = limited(3);
        const kafka = (over: Partial<IndexQuery>) =>
          capped.search(query({ words: ['kafka'], order: 'relevance', ...over }));
        const all = await kafka({});
        expect(sorted(all)).toEqual(['a3', 'q2', 'q3', 'q4']);
        expect(ids(all).slice(0, 2).sort()).toEqual(['q2', 'q4']);
        const pages = [];
        for (let offset = 0; offset < 4; offset++) pages.push(...ids(await kafka({ offset, limit: 1 })));
        expect(pages).toEqual(ids(all));
        expect(ids(await kafka({ offset: 1, limit: 2 }))).toEqual(ids(all).slice(1, 3));
      });
    });

    describe('similar questions', () => {
      it('suggests questions whose titles share words, best first, questions only', async () => {
        const hits = await index.similar({
          title: 'Why is my Kafka consumer lagging?',
          visibility: ['public'],
          limit: 10,
        });
        expect(hits.map((h) => h.id)[0]).toBe('q2');
        expect(hits.map((h) => h.id)).not.toContain('q6');
        expect(hits.map((h) => h.id)).not.toContain('a3');
        const staff = await index.similar({ title: 'kafka migration', visibility: ['public', 'staff'], limit: 10 });
        expect(staff.map((h) => h.id)[0]).toBe('q6');
        expect(
          (await index.similar({ title: '社区问题', visibility: ['public'], limit: 10 })).map((h) => h.id),
        ).toEqual(['q4']);
        expect(await index.similar({ title: 'the of and', visibility: ['public'], limit: 10 })).toEqual([]);
      });
    });

    describe('generations', () => {
      it('builds a new generation beside the active one and swaps in one step', async () => {
        const generation = await index.createGeneration();
        expect(await index.hasGeneration(generation)).toBe(true);
        await index.write([doc({ id: 'n1', title: 'Only in the new generation', body: 'fresh' })], generation);
        expect(ids(await search({ words: ['fresh'] }))).toEqual([]);
        await index.activate(generation);
        expect(ids(await search({ words: ['fresh'] }))).toEqual(['n1']);
        expect(await index.count()).toBe(1);
        const abandoned = await index.createGeneration();
        await index.dropGeneration(abandoned);
        expect(await index.hasGeneration(abandoned)).toBe(false);
      });
    });
  });
}
