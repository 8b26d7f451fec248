/**
 * Semantic search scaled out (docs/adr/0100-semantic-vectors-in-opensearch.md): with `AGORA_SEARCH=opensearch`, the
 * vectors go to OpenSearch's k-NN index, not to PostgreSQL; found by meaning through `semantic_search` and `ai/search`,
 * re-embedded on an edit, gone on a delete, a hide or a purge, all embedded again under a new model, and a rebuild of
 * the library starts an index of its own. On the local provider's deterministic embeddings (test-support), with the
 * embedder driven a batch at a time (its background loop stopped) so that what lies between two batches is known.
 * Required by test:full (CI), which runs OpenSearch with the k-NN plugin (infra/up.sh).
 */
import { startAiProvider, type TestAiProvider } from '@agora/test-support/ai-provider';
import { DEFAULT_EMBEDDING_DIMENSIONS } from '@agora/test-support/ai-provider-embeddings';
import { opensearchUrl } from '@agora/test-support/database';
import type { Stack } from '@agora/test-support/stack';
import { syntheticVectors } from '@agora/test-support/synthetic-vectors';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { semanticDocuments } from '../src/semantic/documents';
import { knnField } from '../src/semantic/opensearch/knn-index';
import type { OpenSearchVectorStore } from '../src/semantic/opensearch/knn-store';
import { encodeVector } from '../src/semantic/vectors';
import { type AssistantParts, assistantFor } from '../src/service';
import { ADMIN_API, admin, type Member, ok, startAssistantStack } from './support/stack';

const url = opensearchUrl() ?? '';

interface VectorDoc {
  _id: string;
  _source: { object_type: string; question_id: string; model: string } & Record<string, unknown>;
}

let stack: Stack;
let api: string;
let provider: TestAiProvider;
let boss: Member;
let key: string;
let parts: AssistantParts;
let store: OpenSearchVectorStore;
let car: string;
let bread: string;

const os = async (method: string, path: string, body?: unknown) => {
  const response = await fetch(`${url}${path}`, {
    method,
    headers: { 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  // OpenSearch's answers, read as the test needs them.
  const json: any = await response.json().catch(() => null);
  return { status: response.status, body: json };
};

/** Every vector document of the library's current index, by id. */
async function documents(query: unknown = { match_all: {} }): Promise<Map<string, VectorDoc['_source']>> {
  const { index } = await store.currentIndex();
  const { body } = await os('POST', `/${index}/_search`, { size: 1000, query });
  const hits = (body?.hits?.hits ?? []) as VectorDoc[];
  return new Map(hits.map((hit) => [hit._id, hit._source]));
}

/** The ids of the documents with a vector in `field`, sorted. */
const withVector = async (field: string) => [...(await documents({ exists: { field } })).keys()].sort();

/** The score of `id` among the nearest of `model` to the provider's embedding of its own document as it stands. */
async function selfScore(id: string, model: string) {
  const db = stack.service('assistant').context.database.db;
  const [document] = (await semanticDocuments(db, [id])).documents;
  const vector = provider.embed(document?.text ?? '');
  const norm = Math.hypot(...vector);
  const hits = await store.nearest(
    model,
    Float32Array.from(vector, (x) => x / norm),
    5,
  );
  return hits.find((hit) => hit.objectId === id)?.score ?? 0;
}

/** What the projections queued, embedded a batch at a time until nothing is left, and made searchable. */
async function embedQueued() {
  await stack.settle();
  while (await parts.embedder.step());
  await store.refresh();
}

const queued = async () =>
  (await stack.query<{ object_id: string }>('select object_id from assistant.semantic_queue')).map((r) => r.object_id);

async function tool(name: string, args: Record<string, unknown>) {
  const client = new Client({ name: 'semantic-opensearch-test', version: '1.0.0' });
  await client.connect(
    new StreamableHTTPClientTransport(new URL(`${api}/answer/api/v1/mcp`), {
      requestInit: { headers: { Authorization: key } },
    }),
  );
  try {
    const result = await client.callTool({ name, arguments: args });
    const text = (result.content as { text: string }[])[0]!.text;
    try {
      return JSON.parse(text);
    } catch {
      return text;
    }
  } finally {
    await client.close();
  }
}

const found = async (query: string) =>
  ((await tool('semantic_search', { query, top_k: 10 })) as { object_id: string }[]).map((f) => f.object_id);

const configure = (embeddingModel: string) =>
  ok(stack, 'PUT', `${ADMIN_API}/ai-config`, boss.token, {
    enabled: true,
    chosen_provider: 'openai',
    ai_providers: [{ provider: 'openai', api_host: provider.url, api_key: 'test-key', model: 'test-chat' }],
    embedding_model: embeddingModel,
  });

const ask = async (title: string, content: string, tag: string) =>
  (await ok(stack, 'POST', 'question', boss.token, { title, content, tags: [{ slug_name: tag }] })).id as string;

describe.skipIf(!url)('semantic search in OpenSearch (scaled out)', () => {
  beforeAll(async () => {
    provider = await startAiProvider({ embeddingModels: ['test-embedding', 'test-embedding-2'] });
    stack = await startAssistantStack({ AGORA_SEARCH: 'opensearch', OPENSEARCH_URL: url });
    api = await stack.listen();
    parts = assistantFor(stack.service('assistant'));
    // Driven a batch at a time by the tests (embedQueued).
    await parts.embedder.stop();
    store = (await parts.vectors()) as OpenSearchVectorStore;
    boss = await admin(stack, 'Semantic Admin');
    key = (await ok(stack, 'POST', `${ADMIN_API}/api-key`, boss.token, { description: 'knn', scope: 'read-only' }))
      .access_key;
    await ok(stack, 'PUT', `${ADMIN_API}/mcp-config`, boss.token, { enabled: true });
    car = await ask(
      'How do I keep my car running through a cold winter?',
      'My car will not start on frosty mornings; what should I check before the winter comes?',
      'cars',
    );
    bread = await ask(
      'Which flour makes the best banana bread?',
      'I bake banana bread every week and wonder whether the flour matters at all.',
      'baking',
    );
    await stack.settle();
  }, 120_000);
  afterAll(async () => {
    if (store) {
      const { index } = await store.currentIndex();
      const prefix = index.slice(0, index.lastIndexOf('-vectors-'));
      await os('DELETE', `/${prefix}-vectors-*`);
      await os('DELETE', `/_index_template/${prefix}-vectors`);
    }
    await stack?.close();
    await provider?.close();
  });

  it('keeps the vectors in a k-NN index, none in PostgreSQL, and finds a post by meaning', async () => {
    expect(store.kind).toBe('opensearch');
    await configure('test-embedding');
    await embedQueued();
    const docs = await documents();
    expect([...docs.keys()].sort()).toEqual([car, bread].sort());
    expect(docs.get(car)).toMatchObject({ object_type: 'question', question_id: car, model: 'test-embedding' });
    expect(await withVector(knnField(DEFAULT_EMBEDDING_DIMENSIONS))).toEqual([car, bread].sort());
    expect(await selfScore(car, 'test-embedding')).toBeCloseTo(1, 5);
    expect(await stack.query('select object_id from assistant.semantic_vectors')).toEqual([]);
    // The index's field is a k-NN one (HNSW on the lucene engine), not plain numbers.
    const { index } = await store.currentIndex();
    const mapping = await os('GET', `/${index}/_mapping/field/${knnField(DEFAULT_EMBEDDING_DIMENSIONS)}`);
    expect(
      Object.values(mapping.body[index].mappings)[0] as { mapping: Record<string, { type: string }> },
    ).toMatchObject({
      mapping: { [knnField(DEFAULT_EMBEDDING_DIMENSIONS)]: { type: 'knn_vector', method: { engine: 'lucene' } } },
    });

    // No keyword in common: found by meaning alone, with the score the dot product gives.
    expect(await tool('get_questions', { keyword: 'automobile' })).toEqual([]);
    const hits = await tool('semantic_search', { query: 'automobile trouble in freezing weather', top_k: 2 });
    expect(hits[0]).toMatchObject({
      object_id: car,
      object_type: 'question',
      link: `http://agora.test/questions/${car}`,
    });
    expect(hits[0].score).toBeGreaterThan(hits[1]?.score ?? 0);
    expect(hits[0].score).toBeLessThanOrEqual(1);
    const page = await ok(
      stack,
      'GET',
      `ai/search?q=${encodeURIComponent('semantic: automobile in the frost')}`,
      boss.token,
    );
    expect(page.list[0]).toMatchObject({ object_type: 'question', object: { id: car, question_id: car } });
  });

  it('re-embeds an edited post, and drops a deleted, hidden or purged one', async () => {
    const answer = (
      await ok(stack, 'POST', 'answer', boss.token, {
        question_id: bread,
        content: 'Use a soft wheat flour; the ripe bananas do most of the work.',
      })
    ).info.id as string;
    await embedQueued();
    expect((await documents()).get(answer)).toMatchObject({ object_type: 'answer', question_id: bread });

    await ok(stack, 'PUT', 'question', boss.token, {
      id: car,
      title: 'How do I keep my car running through a cold winter?',
      content: 'My automobile will not start on frosty mornings; is it the battery or the fuel?',
      tags: [{ slug_name: 'cars' }],
    });
    await stack.settle();
    // The stored vector is still the one of the text before the edit, until the embedder comes round.
    expect(await selfScore(car, 'test-embedding')).toBeLessThan(0.99);
    await embedQueued();
    expect(await selfScore(car, 'test-embedding')).toBeCloseTo(1, 5);
    expect(await found('battery of a vehicle')).toContain(car);

    await ok(stack, 'DELETE', 'answer', boss.token, { id: answer });
    await embedQueued();
    expect((await documents()).has(answer)).toBe(false);

    await ok(stack, 'PUT', 'question/operation', boss.token, { id: car, operation: 'hide' });
    await embedQueued();
    expect((await documents()).has(car)).toBe(false);
    expect(await found('automobile in winter')).not.toContain(car);
    await ok(stack, 'PUT', 'question/operation', boss.token, { id: car, operation: 'show' });
    await embedQueued();
    expect((await documents()).has(car)).toBe(true);
    expect(await found('automobile in winter')).toContain(car);

    // Deleted and purged before the embedder comes round: the purge leaves it queued, so that its vector goes.
    const laptop = await ask('Laptop repair', 'My laptop will not boot after an update.', 'computers');
    await embedQueued();
    expect((await documents()).has(laptop)).toBe(true);
    await ok(stack, 'DELETE', 'question', boss.token, { id: laptop });
    await ok(stack, 'DELETE', `${ADMIN_API}/delete/permanently`, boss.token, { type: 'questions' });
    await stack.settle();
    expect(await stack.query('select id from assistant.library_posts where id = $1', [laptop])).toEqual([]);
    expect(await queued()).toContain(laptop);
    await embedQueued();
    expect((await documents()).has(laptop)).toBe(false);
  });

  it('embeds everything again when the embedding model changes', async () => {
    await configure('test-embedding-2');
    await embedQueued();
    const docs = await documents();
    expect([...docs.keys()].sort()).toEqual([car, bread].sort());
    expect(new Set([...docs.values()].map((d) => d.model))).toEqual(new Set(['test-embedding-2']));
    expect(await found('banana loaf flour')).toContain(bread);
  });

  it('keeps each width in a field of its own and searches one model at a time', async () => {
    const db = stack.service('assistant').context.database.db;
    const save = (model: string, vector: number[]) =>
      store.save(
        db,
        model,
        [{ objectId: 'wide0001', objectType: 'question', questionId: 'wide0001', vector: encodeVector(vector) }],
        [],
        async () => {},
      );
    const narrow = syntheticVectors(7, 48).vector();
    await save('narrow-model', narrow);
    await store.refresh();
    const query = new Float32Array(narrow.map((x) => x / Math.hypot(...narrow)));
    const [hit] = await store.nearest('narrow-model', query, 1);
    expect(hit).toMatchObject({ objectId: 'wide0001', objectType: 'question', questionId: 'wide0001' });
    expect(hit?.score).toBeCloseTo(1, 5);
    expect(await store.nearest('another-model', query, 5)).toEqual([]);
    // Embedded again by a model of another width: one document, in the other width's field only.
    await save('wide-model', syntheticVectors(8, 96).vector());
    await store.refresh();
    expect((await documents()).get('wide0001')).toMatchObject({ model: 'wide-model' });
    expect(await withVector(knnField(96))).toEqual(['wide0001']);
    expect(await withVector(knnField(48))).toEqual([]);
    expect(await store.nearest('narrow-model', query, 1)).toEqual([]);
    await store.save(db, 'wide-model', [], ['wide0001'], async () => {});
    await store.refresh();
    expect((await documents()).has('wide0001')).toBe(false);
  });

  it('a rebuild of the library starts an index of its own and drops the one before', async () => {
    const before = await store.currentIndex();
    await stack.service('assistant').projections.rebuild('library-from-posts');
    await embedQueued();
    const after = await store.currentIndex();
    expect(after.rebuilds).toBe(before.rebuilds + 1);
    expect((await os('HEAD', `/${before.index}`)).status).toBe(404);
    expect([...(await documents()).keys()].sort()).toEqual([car, bread].sort());
    expect(await found('automobile in winter')).toContain(car);
  });
});
