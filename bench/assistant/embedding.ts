/**
 * The embedding projection's pace (issue 42: it keeps up with 50 posts/s): `posts` questions of the library queued, as
 * the library's projection queues a changed post, then `Embedder.step` called until the queue is empty (each step: a
 * batch's documents read, sent to the provider's embeddings endpoint, the vectors stored, the entries taken off). The
 * local provider answers at once, or after `latencyMs` (a remote provider's round trip); it runs in this process, so
 * its work shares the two cores with Agora's.
 */
import { performance } from 'node:perf_hooks';
import type { Embedder } from '@agora/assistant/semantic/embedder';
import type { TestAiProvider } from '@agora/test-support/ai-provider';
import type pg from 'pg';
import { summarize } from '../support';

export const EMBEDDING_TARGET_PER_SECOND = 50;

export async function measureEmbedding(
  embedder: Embedder,
  provider: TestAiProvider,
  pool: pg.Pool,
  options: { posts: number; latencyMs: number },
) {
  const { rows: picked } = await pool.query<{ id: string }>(
    `select id from assistant.library_posts
     where kind = 'question' and not deleted and not hidden order by random() limit $1`,
    [options.posts],
  );
  await pool.query('truncate assistant.semantic_vectors, assistant.semantic_queue, assistant.semantic_centroids');
  await pool.query(
    'insert into assistant.semantic_queue (object_id, queued_at) select id, now() from unnest($1::text[]) as t(id)',
    [picked.map((r) => r.id)],
  );
  provider.setFaults(options.latencyMs > 0 ? { slow: { firstChunkMs: options.latencyMs } } : {});
  provider.requests.length = 0;
  const batches: number[] = [];
  const embeddedBefore = embedder.embedded;
  const started = performance.now();
  try {
    for (;;) {
      const batchStarted = performance.now();
      if (!(await embedder.step())) break;
      batches.push(performance.now() - batchStarted);
    }
  } finally {
    provider.setFaults({});
  }
  const seconds = (performance.now() - started) / 1000;
  const embedded = embedder.embedded - embeddedBefore;
  const { rows: left } = await pool.query<{ n: number }>('select count(*)::int as n from assistant.semantic_queue');
  const sent = provider.requests
    .filter((r) => r.route === '/v1/embeddings')
    .flatMap((r) => ((r.body as { input?: string[] }).input ?? []).map((text) => text.length));
  provider.requests.length = 0;
  const perSecond = embedded / seconds;
  return {
    what:
      `${picked.length} questions queued (each document a question with its answers and comments), Embedder.step ` +
      `until the queue is empty; the provider answering ${options.latencyMs ? `after ${options.latencyMs} ms` : 'at once'}`,
    provider_latency_ms: options.latencyMs,
    posts: embedded,
    queue_left: left[0]?.n ?? 0,
    mean_document_chars: Math.round(sent.reduce((a, b) => a + b, 0) / Math.max(1, sent.length)),
    seconds: Math.round(seconds * 100) / 100,
    posts_per_second: Math.round(perSecond),
    batch: summarize(batches),
    target_posts_per_second: EMBEDDING_TARGET_PER_SECOND,
    met: perSecond >= EMBEDDING_TARGET_PER_SECOND && (left[0]?.n ?? 0) === 0,
  };
}
