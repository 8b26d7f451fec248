import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import os from 'node:os';
import path from 'node:path';
import { constants, monitorEventLoopDelay, PerformanceObserver, performance } from 'node:perf_hooks';
import v8 from 'node:v8';
import vm from 'node:vm';
import { type HttpApp, itemAt, loadConfig } from '@agora/platform';
import type { InjectOptions } from 'fastify';
import type pg from 'pg';
import { startEmbeddedPostgres } from '../launcher/src/embedded-postgres';

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return itemAt(sorted, Math.max(0, index));
}

let collectGarbage: (() => void) | null = null;

/**
 * A full garbage collection before a measured phase, so that the garbage an earlier phase left behind
 * is not collected, and billed, in the middle of this one (as harnesses such as JMH do between runs).
 */
export async function settleHeap() {
  if (!collectGarbage) {
    v8.setFlagsFromString('--expose-gc');
    collectGarbage = vm.runInNewContext('gc') as () => void;
  }
  collectGarbage();
  // Node reports a collection's pause from the event loop after it: let that report go out now, or the next
  // phase's `watchPauses` counts this full collection, made between phases, as a pause of its own.
  for (let turn = 0; turn < 2; turn++) await new Promise((resolve) => setImmediate(resolve));
}

export function summarize(samplesMs: number[]) {
  const sorted = [...samplesMs].sort((a, b) => a - b);
  const round = (n: number) => Math.round(n * 100) / 100;
  return {
    samples: sorted.length,
    p50_ms: round(percentile(sorted, 50)),
    p95_ms: round(percentile(sorted, 95)),
    p99_ms: round(percentile(sorted, 99)),
    max_ms: round(sorted.at(-1) ?? Number.NaN),
  };
}

/**
 * A real PostgreSQL with production durability settings (fsync on): in a throw-away folder, or in
 * `keepIn` (kept, so a later run can measure the same seeded data again without seeding it anew).
 */
export async function benchDatabase(keepIn?: string, options: { copyFrom?: string } = {}) {
  // BENCH_PG_STATEMENTS=1 loads pg_stat_statements, to count the statements a scenario costs.
  const settings: Record<string, string> = process.env.BENCH_PG_STATEMENTS
    ? { shared_preload_libraries: 'pg_stat_statements', 'pg_stat_statements.track': 'all' }
    : {};
  const dir = keepIn ?? mkdtempSync(path.join(os.tmpdir(), 'agora-bench-'));
  mkdirSync(dir, { recursive: true });
  chmodSync(dir, 0o755);
  if (options.copyFrom) copySeededCluster(options.copyFrom, path.join(dir, 'data'));
  // Shared buffers as `npm start` sizes them (AGORA_PG_SHARED_BUFFERS_MB to try others).
  const { postgresSharedBuffersMb } = loadConfig();
  const server = await startEmbeddedPostgres({
    dataDir: path.join(dir, 'data'),
    sharedBuffersMb: postgresSharedBuffersMb,
    settings,
  });
  return {
    dir,
    url: server.urlFor('postgres'),
    async stop() {
      await server.stop();
      if (!keepIn) rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** The posts bench's generator seed: its members' addresses, so another bench finds them in a copy of its data. */
export const POSTS_BENCH_SEED = 20261122;

/**
 * The cluster a posts bench seeded into its BENCH_DB_DIR (100,000 questions take half an hour to seed), copied
 * so that another bench measures the same data without changing the original.
 */
function copySeededCluster(from: string, into: string) {
  const source = path.join(path.resolve(from), 'data');
  if (!existsSync(path.join(source, 'PG_VERSION'))) throw new Error(`${source} holds no PostgreSQL cluster`);
  for (const [src, dst] of [
    [source, into],
    [`${source}.password`, `${into}.password`],
  ] as const) {
    if (!existsSync(src)) continue;
    const copied = spawnSync('cp', ['-a', src, dst], { encoding: 'utf8' });
    if (copied.status !== 0) throw new Error(`cp ${src}: ${copied.stderr}`);
  }
}

export function machine() {
  return {
    cpus: os.cpus().length,
    cpu_model: os.cpus()[0]?.model,
    memory_gib: Math.round(os.totalmem() / 2 ** 30),
    node: process.version,
  };
}

export function writeResults(name: string, results: unknown) {
  const dir = path.resolve(import.meta.dirname, 'results');
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `${name}.json`);
  writeFileSync(file, `${JSON.stringify(results, null, 2)}\n`);
  return file;
}

/**
 * A closed-loop load: `clients` clients, each running `run(client, i)` `perClient` times back to back.
 * Latencies are what `run` returns; throughput is over the whole run.
 */
export async function closedLoop(
  clients: number,
  perClient: number,
  run: (client: number, i: number) => Promise<number>,
) {
  const samples: number[] = [];
  const pauses = watchPauses();
  const started = performance.now();
  await Promise.all(
    Array.from({ length: clients }, async (_, client) => {
      for (let i = 0; i < perClient; i++) {
        samples.push(await run(client, i));
        // A client's next request arrives as a network one would, through the event loop's I/O phase, not as a
        // continuation of the last one's promise chain: in process, 16 clients' chains of cache hits otherwise keep
        // the microtask queue full, and requests that wait on the database's sockets wait for all of them.
        await new Promise((resolve) => setImmediate(resolve));
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  return { ...summarize(samples), per_second: Math.round(samples.length / seconds), pauses: pauses.stop() };
}

/**
 * What held this process up during a phase, to tell a tail the process made from one the database or the machine
 * made: the event loop's longest delays (a timer's lateness every 10 ms) and the garbage collector's pauses.
 */
export function watchPauses() {
  const delay = monitorEventLoopDelay({ resolution: 10 });
  const gc: { kind: number; ms: number }[] = [];
  const observer = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      const { detail } = entry as unknown as { detail?: { kind?: number } };
      gc.push({ kind: detail?.kind ?? 0, ms: entry.duration });
    }
  });
  observer.observe({ entryTypes: ['gc'] });
  delay.enable();
  return {
    stop() {
      delay.disable();
      observer.disconnect();
      const round = (n: number) => Math.round(n * 100) / 100;
      const major = gc.filter((pause) => pause.kind === constants.NODE_PERFORMANCE_GC_MAJOR);
      return {
        event_loop_delay_p99_ms: round(delay.percentile(99) / 1e6),
        event_loop_delay_max_ms: round(delay.max / 1e6),
        gc_pauses: gc.length,
        gc_total_ms: round(gc.reduce((sum, pause) => sum + pause.ms, 0)),
        gc_max_ms: round(Math.max(0, ...gc.map((pause) => pause.ms))),
        gc_major: major.length,
        gc_major_max_ms: round(Math.max(0, ...major.map((pause) => pause.ms))),
      };
    },
  };
}

/**
 * An open-loop load: `count` requests started at `perSecond` on average (exponential gaps, as
 * independent visitors arrive), whether or not earlier ones have returned, so a slow answer cannot
 * slow the arrivals down and hide itself. Latencies are what `run` returns.
 */
export async function openLoop(perSecond: number, count: number, run: (i: number) => Promise<number>) {
  const samples: number[] = [];
  const pending: Promise<void>[] = [];
  const started = performance.now();
  let due = started;
  for (let i = 0; i < count; i++) {
    due += -Math.log(1 - Math.random()) * (1000 / perSecond);
    const wait = due - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    pending.push(run(i).then((ms) => void samples.push(ms)));
  }
  await Promise.all(pending);
  const seconds = (performance.now() - started) / 1000;
  return { ...summarize(samples), per_second: Math.round(samples.length / seconds) };
}

/** Starts counting statements afresh (only with BENCH_PG_STATEMENTS=1; see benchDatabase). */
export async function resetStatements(pool: Pick<pg.Pool, 'query'>): Promise<void> {
  if (!process.env.BENCH_PG_STATEMENTS) return;
  await pool.query('create extension if not exists pg_stat_statements');
  await pool.query('select pg_stat_statements_reset()');
}

/**
 * The statements run since `resetStatements`, per unit of work (a vote, a request): in all and the most
 * frequent ones, so a scenario's cost in round trips is measured rather than guessed.
 */
export async function statementsPer(pool: Pick<pg.Pool, 'query'>, units: number, top = 25) {
  if (!process.env.BENCH_PG_STATEMENTS) return undefined;
  const { rows } = await pool.query<{ query: string; calls: string; ms: number }>(
    `select query, calls, total_exec_time as ms from pg_stat_statements
     where query not like '%pg_stat_statements%' order by calls desc`,
  );
  const per = (n: number) => Math.round((n / units) * 100) / 100;
  return {
    units,
    statements: per(rows.reduce((sum, r) => sum + Number(r.calls), 0)),
    execution_ms: per(rows.reduce((sum, r) => sum + r.ms, 0)),
    most_frequent: rows.slice(0, top).map((r) => ({
      per_unit: per(Number(r.calls)),
      ms_per_unit: per(r.ms),
      query: r.query.replace(/\s+/g, ' ').slice(0, 160),
    })),
  };
}

/**
 * A request to an in-process app as a network client sees it: status and the body's bytes. The body is
 * read as a stream and not decoded (by default light-my-request copies every body and decodes it into a
 * string), so the measuring client adds less garbage to the process it measures.
 */
export async function injectBytes(app: Pick<HttpApp, 'inject'>, options: InjectOptions) {
  const { statusCode, chunks } = await injectChunks(app, options);
  const [only] = chunks;
  const body = only && chunks.length === 1 ? only : Buffer.concat(chunks);
  return {
    statusCode,
    body,
    text: () => body.toString('utf8'),
    json: () => JSON.parse(body.toString('utf8')),
  };
}

/**
 * A response's body as the server wrote it, not joined: a visitor over the network reads it from its socket, so an
 * in-process one joining every page into one buffer would bill the server's thread for the client's work.
 */
export async function injectChunks(app: Pick<HttpApp, 'inject'>, options: InjectOptions) {
  const response = await app.inject({ ...options, payloadAsStream: true });
  const chunks: Buffer[] = [];
  for await (const chunk of response.stream()) chunks.push(chunk as Buffer);
  return { statusCode: response.statusCode, chunks };
}

/**
 * Timed requests to the gateway in process, under a path prefix: each answer other than 200 is counted,
 * and the first ten are kept for the results.
 */
export class TimedRequests {
  failures = 0;
  readonly failed: string[] = [];

  constructor(private readonly prefix = '') {}

  readonly request = async (
    agora: { gateway: Pick<HttpApp, 'inject'> },
    method: string,
    url: string,
    token?: string,
    body?: unknown,
  ) => {
    const started = performance.now();
    const response = await injectBytes(agora.gateway, {
      method: method as 'GET',
      url: `${this.prefix}${url}`,
      headers: {
        ...(token ? { authorization: token } : {}),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
    });
    const ms = performance.now() - started;
    if (response.statusCode !== 200) {
      this.failures++;
      if (this.failed.length < 10) {
        this.failed.push(`${method} ${url}: ${response.statusCode} ${response.text().slice(0, 200)}`);
      }
    }
    return { ms, response };
  };
}

/** `count` jobs, `workers` at a time. */
export async function inParallel(count: number, workers: number, job: (i: number) => Promise<unknown>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: workers }, async () => {
      while (next < count) await job(next++);
    }),
  );
}

/** BENCH_CPU_PROFILE=<folder>: a CPU profile of `run` (this process only) into <folder>/<name>.cpuprofile. */
export async function profiled<T>(name: string, run: () => Promise<T>): Promise<T> {
  const folder = process.env.BENCH_CPU_PROFILE;
  if (!folder) return run();
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.start');
  try {
    return await run();
  } finally {
    const { profile } = await session.post('Profiler.stop');
    mkdirSync(folder, { recursive: true });
    writeFileSync(path.join(folder, `${name}.cpuprofile`), JSON.stringify(profile));
    session.disconnect();
  }
}
