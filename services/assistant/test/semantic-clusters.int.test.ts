/**
 * The clustered (IVF) semantic index against exact search: 6,000 vectors around 60 topics (as posts' embeddings
 * gather by subject), clustered once past CLUSTER_FROM, must find at least 95 % of the exact ten nearest.
 */
import type { Stack } from '@agora/test-support/stack';
import { syntheticVectors } from '@agora/test-support/synthetic-vectors';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLUSTER_FROM, SemanticIndex } from '../src/semantic/semantic-index';
import { decodeVector, encodeVector } from '../src/semantic/vectors';
import { startAssistantStack } from './support/stack';

const DIMS = 64;
const TOPICS = 60;
const VECTORS = 6000;
const MODEL = 'synthetic';

let stack: Stack;
let index: SemanticIndex;
const random = syntheticVectors(42, DIMS);
const topics = Array.from({ length: TOPICS }, () => random.vector());
const near = () => random.vector(topics[Math.floor(random.uniform() * TOPICS)], 0.45);

beforeAll(async () => {
  stack = await startAssistantStack();
  const ids = Array.from({ length: VECTORS }, (_, i) => `v${String(i).padStart(5, '0')}`);
  const vectors = ids.map(() => encodeVector(near()));
  await stack.query(
    `insert into assistant.semantic_vectors (object_id, object_type, question_id, model, vector, updated_at)
     select o, 'question', o, $3, v, now() from unnest($1::text[], $2::bytea[]) as t(o, v)`,
    [ids, vectors, MODEL],
  );
  index = new SemanticIndex(stack.service('assistant').context.database.db);
}, 120_000);
afterAll(async () => {
  await stack?.close();
});

describe('clustered semantic index', () => {
  it('clusters once there are enough vectors, and finds ≥ 95 % of the exact ten nearest', async () => {
    expect(VECTORS).toBeGreaterThan(CLUSTER_FROM);
    expect(await index.trainIfDue(MODEL)).toBe(true);
    const centroids = await index.centroids(MODEL);
    expect(centroids?.vectors.length).toBe(Math.ceil(Math.sqrt(VECTORS)));
    const unassigned = await stack.query<{ n: number }>(
      'select count(*)::int as n from assistant.semantic_vectors where cluster is null',
    );
    expect(unassigned[0]!.n).toBe(0);
    // Not again until the count doubles.
    expect(await index.trainIfDue(MODEL)).toBe(false);
    let found = 0;
    const queries = 40;
    for (let q = 0; q < queries; q++) {
      const query = decodeVector(encodeVector(near()));
      const exact = await index.nearest(MODEL, query, 10, true);
      const clustered = await index.nearest(MODEL, query, 10);
      const wanted = new Set(exact.map((h) => h.objectId));
      found += clustered.filter((h) => wanted.has(h.objectId)).length;
    }
    const recall = found / (queries * 10);
    expect(recall).toBeGreaterThanOrEqual(0.95);
  });
});
