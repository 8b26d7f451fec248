/**
 * Semantic search scaled out (docs/adr/0100-semantic-vectors-in-opensearch.md): synthetic unit vectors, gathered
 * around a few hundred topics with noise as bench/assistant/semantic.ts makes them, written through the assistant's
 * own OpenSearch store (`save`, the embedder's path, in its batches of 32: bulk requests into the k-NN index of the
 * lucene engine), then `nearest` timed over queries near the same topics, one at a time, and its ten nearest compared
 * with the exact ten scored here over every vector. An HNSW search walks one graph per segment, so it is measured
 * three times: as written (the segments the writes left), settled (once the background merges have ended) and merged
 * into one segment; with the candidates kept while walking the graph (ef_search) swept for recall against time.
 */

import { performance } from 'node:perf_hooks';
import { EF_SEARCH } from '@agora/assistant/semantic/opensearch/knn-index';
import type { OpenSearchVectorStore } from '@agora/assistant/semantic/opensearch/knn-store';
import { decodeVector, dot, encodeVector, topIndexes } from '@agora/assistant/semantic/vectors';
import { formatObjectId } from '@agora/contracts';
import type { Db } from '@agora/platform';
import { syntheticVectors } from '@agora/test-support/synthetic-vectors';
import { summarize } from '../support';

const K = 10;
/** What `semantic_search` asks for (three times its `top_k` of 10, for the hits a visibility check drops). */
const TOOL_LIMIT = 30;
/** The embedder's batch (services/assistant/src/semantic/embedder.ts). */
const WRITE_BATCH = 32;
/** How long the background merges may take to end before the settled state is measured anyway. */
const SETTLE_MS = 300_000;
const SWEEP_QUERIES = 100;
const SWEEP_EF = [10, 25, 50, 100, 200];

export interface KnnOptions {
  url: string;
  vectors: number;
  dims: number;
  topics: number;
  spread: number;
  queries: number;
}

const round = (n: number, places = 2) => Math.round(n * 10 ** places) / 10 ** places;

async function openSearch<T>(url: string, method: string, path: string, body?: unknown): Promise<T> {
  const response = await fetch(`${url}${path}`, {
    method,
    headers: { 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

export async function measureKnn(
  store: OpenSearchVectorStore,
  db: Db,
  options: KnnOptions,
  say: (line: string) => void,
) {
  const { dims, url } = options;
  const model = `synthetic-${dims}`;
  const total = options.vectors;
  const random = syntheticVectors(42 + dims, dims);
  const topics = Array.from({ length: options.topics }, () => Float64Array.from(random.vector()));
  const near = () => random.vector(topics[Math.floor(random.uniform() * options.topics)], options.spread);
  const ids: string[] = [];
  /** Every stored vector, as stored (float32), for the exact ten. */
  const stored = new Float32Array(total * dims);
  const { index } = await store.currentIndex();
  // A bench database's name repeats from run to run, and so does its index's.
  await fetch(`${url}/${index}`, { method: 'DELETE' });

  say(`  writing ${total} vectors of ${dims} dimensions through the store...`);
  const writeStarted = performance.now();
  for (let first = 0; first < total; first += WRITE_BATCH) {
    const posts = [];
    for (let n = first; n < Math.min(total, first + WRITE_BATCH); n++) {
      const id = formatObjectId('question', BigInt(n + 1));
      const vector = encodeVector(near());
      stored.set(decodeVector(vector), n * dims);
      ids.push(id);
      posts.push({ objectId: id, objectType: 'question' as const, questionId: id, vector });
    }
    await store.save(db, model, posts, [], async () => {});
  }
  await store.refresh();
  const writeSeconds = (performance.now() - writeStarted) / 1000;

  const queries = Array.from({ length: options.queries }, () => decodeVector(encodeVector(near())));
  const scores = new Float32Array(total);
  const exactTen = queries.map((query) => {
    for (let n = 0; n < total; n++) scores[n] = dot(query, stored.subarray(n * dims, (n + 1) * dims));
    return topIndexes(scores, K).map((n) => ids[n] as string);
  });

  const shape = async () => {
    const stats = await openSearch<{ indices: Record<string, { primaries: { segments: { count: number } } }> }>(
      url,
      'GET',
      `/${index}/_stats/segments`,
    );
    const [sized] = await openSearch<{ 'store.size': string; 'docs.count': string }[]>(
      url,
      'GET',
      `/_cat/indices/${index}?format=json&bytes=mb&h=store.size,docs.count`,
    );
    return {
      segments: stats.indices[index]?.primaries.segments.count,
      store_mb: Number(sized?.['store.size']),
      docs: Number(sized?.['docs.count']),
    };
  };

  const run = async (limit: number, efSearch?: number, count = queries.length) => {
    for (const query of queries.slice(0, 5)) await store.nearest(model, query, limit, { efSearch });
    const latencies: number[] = [];
    let found = 0;
    for (const [q, query] of queries.slice(0, count).entries()) {
      const started = performance.now();
      const hits = await store.nearest(model, query, limit, { efSearch });
      latencies.push(performance.now() - started);
      const exact = new Set(exactTen[q]);
      found += hits.slice(0, K).filter((h) => exact.has(h.objectId)).length;
    }
    return { ...summarize(latencies), recall_at_10: round(found / (count * K), 4) };
  };

  const phase = async (name: string, sweepToo: boolean) => {
    say(`  ${name}: ${options.queries} queries...`);
    const index_shape = await shape();
    const nearest = await run(K);
    const asTheToolAsks = await run(TOOL_LIMIT);
    const sweep = [];
    if (sweepToo) {
      say('  ef_search sweep...');
      for (const ef of SWEEP_EF) sweep.push({ ef_search: ef, ...(await run(K, ef, SWEEP_QUERIES)) });
    }
    return {
      index: index_shape,
      nearest,
      as_the_tool_asks: { what: `nearest(..., ${TOOL_LIMIT}); recall of its first ten`, ...asTheToolAsks },
      ...(sweepToo ? { ef_search_sweep: sweep } : {}),
    };
  };

  const asWritten = await phase('as written', false);
  say('  waiting for the background merges to end...');
  const settleStarted = performance.now();
  for (;;) {
    const merges = await openSearch<{ indices: Record<string, { primaries: { merges: { current: number } } }> }>(
      url,
      'GET',
      `/${index}/_stats/merge`,
    );
    if ((merges.indices[index]?.primaries.merges.current ?? 0) === 0) break;
    if (performance.now() - settleStarted > SETTLE_MS) break;
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
  const settled = await phase('settled', true);
  say('  merging into one segment...');
  const mergeStarted = performance.now();
  await openSearch(url, 'POST', `/${index}/_forcemerge?max_num_segments=1`);
  await store.refresh();
  const mergeSeconds = (performance.now() - mergeStarted) / 1000;
  const merged = await phase('merged', true);
  await fetch(`${url}/${index}`, { method: 'DELETE' });
  await fetch(`${url}/_index_template/${index.slice(0, index.lastIndexOf('-vectors-'))}-vectors`, { method: 'DELETE' });
  return {
    what:
      `${total} vectors of ${dims} dimensions around ${options.topics} topics (noise ${options.spread} of a topic's ` +
      "spread), written through the assistant's OpenSearch store in bulk requests of " +
      `${WRITE_BATCH} (the embedder's batch); ${options.queries} queries near the same topics, one at a time, through its nearest(..., ${K}) ` +
      `(ef_search ${EF_SEARCH}, the lucene engine's HNSW, inner product); recall@10 against the exact ten nearest`,
    dims,
    vectors: total,
    write_seconds: round(writeSeconds, 1),
    write_per_second: Math.round(total / writeSeconds),
    as_written: asWritten,
    settled,
    merge_seconds: round(mergeSeconds, 1),
    merged,
  };
}
