import { randomBytes } from 'node:crypto';
import { opensearchUrl } from '@agora/test-support/database';
import { describe, expect, it } from 'vitest';
import { reindex } from '../src/indexing/reindex';
import { OpenSearchIndex } from '../src/search-index/opensearch/opensearch-index';
import { doc } from './support/corpus';
import { asked, project } from './support/posts-events';
import { reindexSuite } from './support/reindex-suite';
import { searchDatabase } from './support/search-database';

const url = opensearchUrl();

/** An index under a prefix of its own; closing it also removes its indices and template. */
function testIndex(base: string) {
  const prefix = `agora-test-${randomBytes(5).toString('hex')}`;
  const index = new OpenSearchIndex({ url: base, prefix });
  const close = index.close.bind(index);
  index.close = async () => {
    await fetch(`${base}/${prefix}-*`, { method: 'DELETE' });
    await fetch(`${base}/_index_template/${prefix}-posts`, { method: 'DELETE' });
    await close();
  };
  return index;
}

if (url) {
  reindexSuite('opensearch', async () => testIndex(url));

  describe('reindex: opensearch generations', () => {
    it('moves the alias to the new index, refreshing every second again, and drops the old one', async () => {
      const { database, drop } = await searchDatabase();
      const index = testIndex(url);
      try {
        await index.prepare();
        await project(database.db, [asked('q1', 'Indexed question', 'Indexed body.')]);
        const first = await reindex({ db: database.db, index });
        const second = await reindex({ db: database.db, index });
        const aliases = (await (await fetch(`${url}/_alias/${index.alias}`)).json()) as Record<string, unknown>;
        expect(Object.keys(aliases)).toEqual([second.generation]);
        expect(await index.hasGeneration(first.generation)).toBe(false);
        const body = (await (await fetch(`${url}/${index.alias}/_settings`)).json()) as Record<string, any>;
        const settings = body[second.generation].settings.index;
        expect(settings.refresh_interval).toBe('1s');
        expect(settings.translog.durability).toBe('request');
        expect(settings.auto_expand_replicas).toBe('0-1');
      } finally {
        await index.close();
        await drop();
      }
    });

    it('merges a generation into one segment before it serves', async () => {
      const index = testIndex(url);
      try {
        await index.prepare();
        const generation = await index.createGeneration();
        for (let part = 0; part < 3; part++) {
          await index.write([doc({ id: `q${part}`, title: `Part ${part}` })], generation);
          await index.refresh(generation);
        }
        const segments = async () => {
          const body = (await (await fetch(`${url}/${generation}/_segments`)).json()) as Record<string, any>;
          const shards = Object.values(body.indices[generation].shards) as { segments: object }[][];
          return shards.flat().reduce((n, copy) => n + Object.keys(copy.segments).length, 0);
        };
        expect(await segments()).toBeGreaterThan(1);
        await index.activate(generation);
        expect(await segments()).toBe(1);
        expect(await index.count()).toBe(3);
      } finally {
        await index.close();
      }
    });
  });
} else {
  describe.skip('reindex: opensearch (set OPENSEARCH_URL or run test:full)', () => it('needs OpenSearch'));
}
