import { Worker } from 'node:worker_threads';
import type { VectorJob, VectorJobReply, VectorJobResult } from './vector-jobs-protocol';

/** How long an idle vector worker is kept before it is stopped (its memory given back). */
const IDLE_MS = 15_000;

/**
 * Where the worker's code is: beside the bundle when Agora runs built (launcher/runtime-build.mjs writes
 * `semantic-worker.js` into each bundle that holds the assistant), else the TypeScript source behind a bootstrap that
 * registers tsx (a worker thread does not inherit the parent's loader).
 */
function workerScript(): { url: URL; workerData?: { entry: string } } {
  if (!import.meta.url.endsWith('.ts')) return { url: new URL('./semantic-worker.js', import.meta.url) };
  return {
    url: new URL('./vector-worker-boot.mjs', import.meta.url),
    workerData: { entry: new URL('./vector-worker.ts', import.meta.url).href },
  };
}

interface Pending {
  resolve(reply: VectorJobReply): void;
  reject(error: Error): void;
}

/**
 * The index's CPU work in a worker thread (vector-worker.ts): started on the first job, one job at a time in the order
 * given, stopped after IDLE_MS without one (an idle service holds no worker), and started again if it died. It never
 * keeps the process alive by itself.
 */
export class VectorJobs {
  private worker: Worker | null = null;
  private readonly pending = new Map<number, Pending>();
  private nextId = 1;
  private idle: NodeJS.Timeout | null = null;

  /** Runs a job in the worker; its sample or vectors are moved there (unusable here afterwards), centroids copied. */
  async run<J extends VectorJob>(job: J): Promise<VectorJobResult<J> & { threadId: number }> {
    const worker = this.started();
    const id = this.nextId++;
    const reply = await new Promise<VectorJobReply>((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      worker.ref();
      worker.postMessage({ id, job }, transferablesOf(job));
    });
    if ('error' in reply) throw new Error(`vector worker: ${reply.error}`);
    return { ...(reply.result as VectorJobResult<J>), threadId: reply.threadId };
  }

  /** Stops the worker (the service stopping); a job under way fails. */
  async close(): Promise<void> {
    const worker = this.worker;
    this.worker = null;
    if (this.idle) clearTimeout(this.idle);
    this.idle = null;
    this.failAll(new Error('vector worker stopped'));
    await worker?.terminate();
  }

  /** Whether a worker thread is running now. */
  get running(): boolean {
    return this.worker !== null;
  }

  private started(): Worker {
    if (this.idle) clearTimeout(this.idle);
    this.idle = null;
    if (this.worker) return this.worker;
    const { url, workerData } = workerScript();
    const worker = new Worker(url, { workerData, name: 'agora-semantic' });
    worker.unref();
    worker.on('message', (reply: VectorJobReply) => {
      const pending = this.pending.get(reply.id);
      this.pending.delete(reply.id);
      pending?.resolve(reply);
      if (this.pending.size === 0) this.rest(worker);
    });
    const lost = (error: Error) => {
      if (this.worker !== worker) return;
      this.worker = null;
      this.failAll(error);
    };
    worker.on('error', lost);
    worker.on('exit', (code) => lost(new Error(`vector worker exited (${code})`)));
    this.worker = worker;
    return worker;
  }

  /** No job left: the worker may go, and is stopped if none comes within IDLE_MS. */
  private rest(worker: Worker): void {
    worker.unref();
    if (this.idle) clearTimeout(this.idle);
    this.idle = setTimeout(() => {
      if (this.worker !== worker || this.pending.size > 0) return;
      this.worker = null;
      void worker.terminate();
    }, IDLE_MS);
    this.idle.unref();
  }

  private failAll(error: Error): void {
    for (const pending of this.pending.values()) pending.reject(error);
    this.pending.clear();
  }
}

/** The arrays a job gives away: its sample or vectors (the caller's centroids stay the caller's, copied over). */
function transferablesOf(job: VectorJob): ArrayBuffer[] {
  return [(job.kind === 'train' ? job.sample : job.vectors).buffer as ArrayBuffer];
}
