/**
 * The vector worker's protocol (vector-jobs.ts, vector-worker.ts): a training and an assignment run in another thread
 * and answer what the same code answers here; the codes score as the float32 vectors do, within their rounding.
 */
import { threadId } from 'node:worker_threads';
import { syntheticVectors } from '@agora/test-support/synthetic-vectors';
import { afterAll, describe, expect, it } from 'vitest';
import { encodeCodes, scoreCodes } from '../src/semantic/codes';
import { dotAt, nearestCentroids, trainCentroids } from '../src/semantic/k-means';
import { VectorJobs } from '../src/semantic/vector-jobs';
import { decodeVector, encodeVector } from '../src/semantic/vectors';

const DIMS = 32;
const random = syntheticVectors(7, DIMS);
const topics = Array.from({ length: 6 }, () => random.vector());
/** `n` unit vectors around the topics, packed. */
function packed(n: number) {
  const vectors = new Float32Array(n * DIMS);
  for (let i = 0; i < n; i++)
    vectors.set(decodeVector(encodeVector(random.vector(topics[i % topics.length], 0.2))), i * DIMS);
  return { vectors };
}

const jobs = new VectorJobs();
afterAll(async () => {
  await jobs.close();
});

describe('the vector worker', () => {
  it('trains in another thread: the same unit centroids as here for the same seed', async () => {
    const { vectors } = packed(600);
    const here = trainCentroids(vectors, DIMS, topics.length, 11);
    const { centroids, threadId: worker } = await jobs.run({
      kind: 'train',
      sample: vectors.slice(),
      dims: DIMS,
      k: topics.length,
      seed: 11,
    });
    expect(worker).not.toBe(threadId);
    expect(jobs.running).toBe(true);
    expect([...centroids]).toEqual([...here]);
    for (let c = 0; c < topics.length; c++)
      expect(dotAt(centroids, c * DIMS, centroids, c * DIMS, DIMS)).toBeCloseTo(1, 5);
  });

  it('assigns in another thread: the nearest centroid of each vector, and codes that score as the vectors do', async () => {
    const { vectors } = packed(300);
    const centroids = trainCentroids(vectors, DIMS, 5, 3);
    const kept = centroids.slice();
    const {
      clusters,
      codes,
      threadId: worker,
    } = await jobs.run({
      kind: 'assign',
      vectors: vectors.slice(),
      dims: DIMS,
      centroids,
    });
    expect(worker).not.toBe(threadId);
    // The caller's centroids are copied over, not taken from it.
    expect([...centroids]).toEqual([...kept]);
    expect([...clusters]).toEqual([...nearestCentroids(vectors, DIMS, centroids)]);
    expect(codes).toEqual(encodeCodes(vectors, DIMS));
    const query = decodeVector(encodeVector(random.vector()));
    const scores = new Float32Array(300);
    expect(scoreCodes(query, codes, scores, 0)).toBe(300);
    for (let i = 0; i < 300; i++) expect(scores[i]).toBeCloseTo(dotAt(query, 0, vectors, i * DIMS, DIMS), 2);
  });

  it('answers a failed job as an error, and starts again after it was stopped', async () => {
    await expect(
      jobs.run({ kind: 'train', sample: new Float32Array(DIMS + 1), dims: DIMS, k: 2, seed: 1 }),
    ).rejects.toThrow(/vector worker: a training needs whole vectors/);
    await jobs.close();
    expect(jobs.running).toBe(false);
    const { vectors } = packed(12);
    const { centroids } = await jobs.run({ kind: 'train', sample: vectors, dims: DIMS, k: 2, seed: 1 });
    expect(centroids.length).toBe(2 * DIMS);
  });
});
