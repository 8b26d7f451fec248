/**
 * The vector worker (a worker thread, docs/adr/0096-the-assistant-service.md): the index's training and the
 * assignment of vectors to clusters, CPU work of seconds to minutes, away from the thread that answers requests.
 * Started by VectorJobs; built beside the server's bundles as `semantic-worker.js` (launcher/runtime-build.mjs).
 */
import { readlinkSync } from 'node:fs';
import { setPriority } from 'node:os';
import { parentPort, threadId } from 'node:worker_threads';
import { encodeCodes } from './codes';
import { nearestCentroids, trainCentroids } from './k-means';
import type { VectorJob, VectorJobReply, VectorJobRequest, VectorJobResult } from './vector-jobs-protocol';

/** The worker thread's niceness: the request thread keeps the process's (0). */
const WORKER_NICENESS = 10;

/** Whether `array` holds one or more whole vectors of `dims`. */
const whole = (array: Float32Array, dims: number) => dims > 0 && array.length > 0 && array.length % dims === 0;

function run(job: VectorJob): VectorJobResult<VectorJob> {
  if (job.kind === 'train') {
    if (!whole(job.sample, job.dims) || job.k < 1) throw new Error('a training needs whole vectors and k ≥ 1');
    return { centroids: trainCentroids(job.sample, job.dims, job.k, job.seed) };
  }
  if (!whole(job.vectors, job.dims) || !whole(job.centroids, job.dims))
    throw new Error('an assignment needs whole vectors and centroids of the same size');
  return {
    clusters: nearestCentroids(job.vectors, job.dims, job.centroids),
    codes: encodeCodes(job.vectors, job.dims),
  };
}

/**
 * Below the threads that answer requests: on Linux a thread has an id of its own that `setpriority` takes, so this
 * thread alone is niced (a training then waits for requests, and for the collector of the request thread's heap,
 * rather than they for it). Elsewhere it runs at the process's priority.
 */
function yieldToRequests(): void {
  try {
    const thread = Number(readlinkSync('/proc/thread-self').split('/').at(-1));
    if (Number.isInteger(thread) && thread > 0) setPriority(thread, WORKER_NICENESS);
  } catch {
    // Not Linux, or not allowed: the same priority as the rest.
  }
}

yieldToRequests();
const port = parentPort;
if (!port) throw new Error('vector-worker.ts runs as a worker thread (VectorJobs starts it)');
port.on('message', ({ id, job }: VectorJobRequest) => {
  let reply: VectorJobReply;
  try {
    reply = { id, threadId, result: run(job) };
  } catch (error) {
    port.postMessage({
      id,
      threadId,
      error: error instanceof Error ? error.message : String(error),
    } satisfies VectorJobReply);
    return;
  }
  const arrays = 'centroids' in reply.result ? [reply.result.centroids] : [reply.result.clusters, reply.result.codes];
  port.postMessage(
    reply,
    arrays.map((array) => array.buffer as ArrayBuffer),
  );
});
