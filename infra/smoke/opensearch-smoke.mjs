// Smoke test for the local OpenSearch: create an index, index a document,
// refresh, search; also checks the cjk/english analyzers the app relies on.
// Usage: node opensearch-smoke.mjs   (OPENSEARCH_URL defaults to http://127.0.0.1:9200)
import { randomUUID } from 'node:crypto';
import { Client } from '@opensearch-project/opensearch';

const node = process.env.OPENSEARCH_URL ?? 'http://127.0.0.1:9200';
const client = new Client({ node });
const index = `agora-smoke-${randomUUID().slice(0, 8)}`;

async function main() {
  const info = await client.info();
  console.log(`server: OpenSearch ${info.body.version.number} at ${node}`);

  await client.indices.create({
    index,
    body: {
      settings: { number_of_shards: 1, number_of_replicas: 0 },
      mappings: {
        properties: {
          title: { type: 'text', analyzer: 'english', fields: { cjk: { type: 'text', analyzer: 'cjk' } } },
          tags: { type: 'keyword' },
        },
      },
    },
  });
  console.log(`create index: ${index}`);

  await client.index({
    index,
    id: 'q1',
    body: { title: 'How do I run questions through Kafka? 如何使用问题回答社区', tags: ['kafka'] },
  });
  await client.indices.refresh({ index });
  console.log('index + refresh: q1');

  for (const query of [{ match: { title: 'running question' } }, { match: { 'title.cjk': '问题' } }]) {
    const res = await client.search({ index, body: { query } });
    const hits = res.body.hits.hits.map((h) => h.id ?? h._id);
    console.log(`search ${JSON.stringify(query)}: total=${res.body.hits.total.value} hits=${hits.join(',')}`);
    if (res.body.hits.total.value !== 1) throw new Error('expected exactly one hit');
  }

  await client.indices.delete({ index });
  console.log('opensearch smoke: OK');
}

main().catch((err) => {
  console.error('opensearch smoke: FAILED', err.meta?.body ?? err);
  process.exit(1);
});
