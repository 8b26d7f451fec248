/**
 * Semantic search end to end on the local provider's deterministic embeddings (test-support), where "automobile"
 * means "car": posts embedded by the library's queue, found by meaning where keyword search finds nothing, re-embedded
 * on edit, gone on delete, again from scratch when the embedding model changes; past CLUSTER_FROM vectors, clustered,
 * each new post coded into its cluster; and without a provider, saying so.
 */
import { startAiProvider, type TestAiProvider } from '@agora/test-support/ai-provider';
import { DEFAULT_EMBEDDING_DIMENSIONS } from '@agora/test-support/ai-provider-embeddings';
import type { Stack } from '@agora/test-support/stack';
import { syntheticVectors } from '@agora/test-support/synthetic-vectors';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLUSTER_FROM } from '../src/semantic/semantic-index';
import { encodeVector } from '../src/semantic/vectors';
import { assistantFor } from '../src/service';
import { ADMIN_API, admin, type Member, ok, startAssistantStack } from './support/stack';

let stack: Stack;
let url: string;
let provider: TestAiProvider;
let boss: Member;
let key: string;
let car: string;
let bread: string;

const vectors = async () =>
  await stack.query<{ object_id: string; model: string }>('select object_id, model from assistant.semantic_vectors');
const queued = async () =>
  (await stack.query<{ n: number }>('select count(*)::int as n from assistant.semantic_queue'))[0]!.n;

async function settledEmbeddings() {
  await stack.settle();
  assistantFor(stack.service('assistant')).embedder.nudge();
  await expect.poll(queued, { timeout: 15_000 }).toBe(0);
}

async function tool(name: string, args: Record<string, unknown>) {
  const client = new Client({ name: 'semantic-test', version: '1.0.0' });
  await client.connect(
    new StreamableHTTPClientTransport(new URL(`${url}/answer/api/v1/mcp`), {
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

const configure = (embeddingModel: string) =>
  ok(stack, 'PUT', `${ADMIN_API}/ai-config`, boss.token, {
    enabled: true,
    chosen_provider: 'openai',
    ai_providers: [{ provider: 'openai', api_host: provider.url, api_key: 'test-key', model: 'test-chat' }],
    embedding_model: embeddingModel,
  });

beforeAll(async () => {
  provider = await startAiProvider({ embeddingModels: ['test-embedding', 'test-embedding-2'] });
  stack = await startAssistantStack();
  url = await stack.listen();
  boss = await admin(stack, 'Semantic Admin');
  key = (await ok(stack, 'POST', `${ADMIN_API}/api-key`, boss.token, { description: 'semantic', scope: 'read-only' }))
    .access_key;
  await ok(stack, 'PUT', `${ADMIN_API}/mcp-config`, boss.token, { enabled: true });
  car = (
    await ok(stack, 'POST', 'question', boss.token, {
      title: 'How do I keep my car running through a cold winter?',
      content: 'My car will not start on frosty mornings; what should I check before the winter comes?',
      tags: [{ slug_name: 'cars' }],
    })
  ).id;
  bread = (
    await ok(stack, 'POST', 'question', boss.token, {
      title: 'Which flour makes the best banana bread?',
      content: 'I bake banana bread every week and wonder whether the flour matters at all.',
      tags: [{ slug_name: 'baking' }],
    })
  ).id;
  await stack.settle();
}, 120_000);
afterAll(async () => {
  await stack?.close();
  await provider?.close();
});

describe('semantic search', () => {
  it('says so while no provider is configured, and embeds nothing', async () => {
    expect(await tool('semantic_search', { query: 'automobile' })).toMatch(/not available/);
    expect(await vectors()).toEqual([]);
    const page = await stack.call('GET', '/answer/api/v1/ai/search?q=automobile', { token: boss.token });
    expect(page.status).toBe(400);
    expect(page.body.msg).toBe('Search by meaning needs an AI provider, and none is configured.');
  });

  it('finds a post by meaning where keyword search finds nothing', async () => {
    await configure('test-embedding');
    await settledEmbeddings();
    expect((await vectors()).map((v) => v.object_id).sort()).toEqual([car, bread].sort());
    expect(await tool('get_questions', { keyword: 'automobile' })).toEqual([]);
    const found = await tool('semantic_search', { query: 'automobile trouble in freezing weather', top_k: 2 });
    expect(found[0]).toMatchObject({
      object_id: car,
      object_type: 'question',
      title: 'How do I keep my car running through a cold winter?',
      link: `http://agora.test/questions/${car}`,
    });
    expect(found[0].score).toBeGreaterThan(found[1]?.score ?? 0);
    // The search page's `semantic:` option, in `GET search`'s shape; members only (each search costs an embedding).
    const page = await ok(
      stack,
      'GET',
      `ai/search?q=${encodeURIComponent('semantic: automobile in the frost')}&size=5`,
      boss.token,
    );
    expect(page.list[0]).toMatchObject({
      object_type: 'question',
      object: {
        id: car,
        question_id: car,
        title: 'How do I keep my car running through a cold winter?',
        answer_count: 0,
      },
    });
    expect(page.list[0].object.tags).toEqual([
      { slug_name: 'cars', display_name: 'cars', main_tag_slug_name: '', recommend: false, reserved: false },
    ]);
    expect((await stack.call('GET', '/answer/api/v1/ai/search?q=automobile')).status).toBe(401);
    const embedCalls = provider.requests.filter((r) => r.route === '/v1/embeddings');
    expect(embedCalls.length).toBeGreaterThan(0);
  });

  it('embeds an answer, again on an edit, and drops a deleted post', async () => {
    const answer = (
      await ok(stack, 'POST', 'answer', boss.token, {
        question_id: bread,
        content: 'Use a soft wheat flour; the ripe bananas do most of the work.',
      })
    ).info.id;
    await settledEmbeddings();
    expect((await vectors()).map((v) => v.object_id)).toContain(answer);
    const before = provider.requests.filter((r) => r.route === '/v1/embeddings').length;
    await ok(stack, 'PUT', 'question', boss.token, {
      id: bread,
      title: 'Which flour makes the best banana bread?',
      content: 'I bake banana bread every week; does the flour matter, or the oven?',
      tags: [{ slug_name: 'baking' }],
    });
    await settledEmbeddings();
    expect(provider.requests.filter((r) => r.route === '/v1/embeddings').length).toBeGreaterThan(before);
    await ok(stack, 'DELETE', 'question', boss.token, { id: car });
    await settledEmbeddings();
    expect((await vectors()).map((v) => v.object_id)).not.toContain(car);
    const found = await tool('semantic_search', { query: 'automobile in winter' });
    expect(found.map((f: { object_id: string }) => f.object_id)).not.toContain(car);
  });

  it('embeds everything again when the embedding model changes', async () => {
    await configure('test-embedding-2');
    await settledEmbeddings();
    const models = new Set((await vectors()).map((v) => v.model));
    expect([...models]).toEqual(['test-embedding-2']);
  });

  it('past CLUSTER_FROM vectors, trains the index and codes each new post in the worker, and searches by cluster', async () => {
    // Vectors of no post (a search shows only posts), enough to be clustered.
    const random = syntheticVectors(5, DEFAULT_EMBEDDING_DIMENSIONS);
    const ids = Array.from({ length: CLUSTER_FROM }, (_, i) => `filler${String(i).padStart(5, '0')}`);
    await stack.query(
      `insert into assistant.semantic_vectors (object_id, object_type, question_id, model, vector, updated_at)
       select o, 'question', o, 'test-embedding-2', v, now() from unnest($1::text[], $2::bytea[]) as t(o, v)`,
      [ids, ids.map(() => encodeVector(random.vector()))],
    );
    const centroids = async () =>
      await stack.query<{ generation: number; n: number }>(
        'select generation, count(*)::int as n from assistant.semantic_centroids group by generation',
      );
    assistantFor(stack.service('assistant')).embedder.nudge();
    await expect.poll(async () => (await centroids()).length, { timeout: 30_000 }).toBe(1);
    const [index] = await centroids();
    const laptop = (
      await ok(stack, 'POST', 'question', boss.token, {
        title: 'Laptop repair',
        content: 'laptop repair',
        tags: [{ slug_name: 'computers' }],
      })
    ).id;
    await settledEmbeddings();
    const coded = await stack.query<{ generation: number }>(
      'select generation from assistant.semantic_codes where object_id = $1',
      [laptop],
    );
    expect(coded).toEqual([{ generation: index?.generation }]);
    // The query's own text: its nearest clusters are the post's.
    const found = await tool('semantic_search', { query: 'Question: Laptop repair laptop repair', top_k: 1 });
    expect(found[0]).toMatchObject({ object_id: laptop, score: 1 });
  });
});
