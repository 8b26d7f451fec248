/**
 * npm run bench:idle — what the embedded default costs while nobody uses it, into bench/results/idle.json:
 * starts Agora as a user does (`npm start`) on a data directory, waits until it is idle (every projection
 * caught up, and the whole process tree under 10 % of a core for 30 s), then records over 60 s each process's
 * resident memory (RSS and PSS, see process-memory.ts), CPU and wake-ups (context switches), and the totals.
 * Knobs:
 *  - BENCH_IDLE_DATA_DIR: the data directory (default: a fresh one under the system's temporary folder);
 *  - BENCH_IDLE_FROM: the folder of a posts bench run (its BENCH_DB_DIR, 100,000 questions): when the data
 *    directory has no cluster yet, that seeded cluster is copied in and its database renamed `agora`, so the
 *    first start catches the other services' projections up on it (minutes), and later runs measure at once;
 *  - BENCH_IDLE_SECONDS (60) measured; BENCH_IDLE_SETTLE_MINUTES (90) the longest wait for idle;
 *  - BENCH_IDLE_COMMAND (`npm start`): what starts Agora, e.g. `node launcher/agora.mjs start` (no npm parent);
 *  - BENCH_IDLE_REPO: the checkout to start (default this one), to measure another version the same way;
 *  - BENCH_IDLE_PORT (19480; the operator listener on the next port); BENCH_RESULTS_NAME (idle).
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { createWriteStream, existsSync, mkdirSync, mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { startEmbeddedPostgres } from '../launcher/src/embedded-postgres';
import { mb, type ProcessSample, sampleTree, sharedMappingsKb } from './process-memory';
import { machine, writeResults } from './support';

const env = (name: string, fallback: number) => Number(process.env[name] ?? fallback);
const SECONDS = env('BENCH_IDLE_SECONDS', 60);
const SETTLE_MS = env('BENCH_IDLE_SETTLE_MINUTES', 90) * 60_000;
const PORT = env('BENCH_IDLE_PORT', 19480);
const REPO = path.resolve(process.env.BENCH_IDLE_REPO ?? path.join(import.meta.dirname, '..'));
const COMMAND = (process.env.BENCH_IDLE_COMMAND ?? 'npm start').split(' ').filter(Boolean);
const QUIET_CPU_PERCENT = 10;
const QUIET_MS = 30_000;
const say = (line: string) => process.stdout.write(`${line}\n`);

const dataDir = path.resolve(process.env.BENCH_IDLE_DATA_DIR ?? mkdtempSync(path.join(os.tmpdir(), 'agora-idle-')));
mkdirSync(dataDir, { recursive: true });
const cluster = path.join(dataDir, 'postgres');

/** The posts bench's seeded cluster, copied in as this data directory's, its database named as Agora names it. */
async function copySeededCluster(from: string) {
  const source = path.join(path.resolve(from), 'data');
  if (!existsSync(path.join(source, 'PG_VERSION'))) throw new Error(`${source} holds no PostgreSQL cluster`);
  say(`copying the seeded cluster of ${from} into ${cluster}`);
  for (const [src, dst] of [
    [source, cluster],
    [`${source}.password`, `${cluster}.password`],
  ] as const) {
    const copied = spawnSync('cp', ['-a', src, dst], { encoding: 'utf8' });
    if (copied.status !== 0) throw new Error(`cp ${src}: ${copied.stderr}`);
  }
  const server = await startEmbeddedPostgres({ dataDir: cluster });
  const client = new pg.Client({ connectionString: server.urlFor('template1') });
  await client.connect();
  await client.query('alter database postgres rename to agora');
  await client.query('create database postgres');
  await client.end();
  await server.stop();
}

if (!existsSync(path.join(cluster, 'PG_VERSION')) && process.env.BENCH_IDLE_FROM) {
  await copySeededCluster(process.env.BENCH_IDLE_FROM);
}

function start(): { child: ChildProcess; running: Promise<void> } {
  const logFile = path.join(dataDir, 'idle-bench.log');
  const out = createWriteStream(logFile, { flags: 'a' });
  const [command = 'npm', ...args] = COMMAND;
  // A process group of its own, as a terminal gives `npm start`: stopping it is Ctrl-C to that group.
  const child = spawn(command, args, {
    cwd: REPO,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      AGORA_DATA_DIR: dataDir,
      AGORA_PORT: String(PORT),
      AGORA_OPERATOR_PORT: String(PORT + 1),
      // A fresh data directory starts at once, as before the installer (docs/adr/0060-installer.md).
      AGORA_INSTALLER: 'off',
    },
  });
  const running = new Promise<void>((resolve, reject) => {
    let output = '';
    const watch = (chunk: Buffer) => {
      out.write(chunk);
      if (output.length < 100_000) output += chunk.toString('utf8');
      if (output.includes('Agora is running')) resolve();
    };
    child.stdout?.on('data', watch);
    child.stderr?.on('data', watch);
    child.once('exit', (code) => reject(new Error(`Agora exited (${code}) while starting; see ${logFile}`)));
  });
  return { child, running };
}

/** Every projection's lag from the operator listener's metrics (0 when none is reported yet is not enough). */
async function projectionLag(): Promise<number | null> {
  try {
    const text = await (await fetch(`http://127.0.0.1:${PORT + 1}/metrics`)).text();
    const lags = [...text.matchAll(/^agora_projection_lag_events\{[^}]*\} (\d+)/gm)].map((m) => Number(m[1]));
    return lags.length === 0 ? null : lags.reduce((a, b) => a + b, 0);
  } catch {
    return null;
  }
}

const cpuOf = (samples: ProcessSample[]) => samples.reduce((sum, s) => sum + s.cpuSeconds, 0);

/** Waits until every projection is caught up and the tree has used under QUIET_CPU_PERCENT of a core for QUIET_MS. */
async function waitForIdle(root: number) {
  const started = Date.now();
  let quietSince: number | null = null;
  let last = { at: Date.now(), cpu: cpuOf(sampleTree(root)) };
  let lastReport = 0;
  for (;;) {
    await sleep(5000);
    const now = { at: Date.now(), cpu: cpuOf(sampleTree(root)) };
    const percent = ((now.cpu - last.cpu) / ((now.at - last.at) / 1000)) * 100;
    last = now;
    const lag = await projectionLag();
    const quiet = lag === 0 && percent < QUIET_CPU_PERCENT;
    quietSince = quiet ? (quietSince ?? now.at) : null;
    if (quietSince !== null && now.at - quietSince >= QUIET_MS) return (now.at - started) / 1000;
    if (now.at - lastReport > 60_000) {
      say(`  waiting for idle: projections' lag ${lag ?? '?'}, ${percent.toFixed(1)} % of a core`);
      lastReport = now.at;
    }
    if (now.at - started > SETTLE_MS) throw new Error(`not idle after ${SETTLE_MS / 60_000} minutes`);
  }
}

/** Which part of Agora a process is. */
function roleOf(sample: ProcessSample, root: number): 'npm' | 'node' | 'postgres' | 'other' {
  if (sample.name.startsWith('postgres')) return 'postgres';
  if (sample.name.includes('npm')) return 'npm';
  if (sample.name.startsWith('node') || sample.pid === root) return 'node';
  return 'other';
}

async function dataset() {
  try {
    const { databaseUrl } = JSON.parse(readFileSync(path.join(dataDir, 'runtime.json'), 'utf8')) as {
      databaseUrl: string;
    };
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    const count = async (table: string) =>
      Number((await client.query(`select count(*)::int as n from ${table}`)).rows[0]?.n ?? 0);
    const figures = {
      questions: await count('posts.questions'),
      answers: await count('posts.answers'),
      shared_buffers: (await client.query('show shared_buffers')).rows[0]?.shared_buffers as string,
      backends: Number((await client.query('select count(*)::int as n from pg_stat_activity')).rows[0]?.n ?? 0),
    };
    await client.end();
    return figures;
  } catch (error) {
    return { error: (error as Error).message };
  }
}

say(`starting \`${COMMAND.join(' ')}\` in ${REPO} on ${dataDir}`);
const { child, running } = start();
const root = child.pid;
if (root === undefined) throw new Error('could not start Agora');
const stopped = new Promise<void>((resolve) => child.once('exit', () => resolve()));
try {
  await running;
  say('Agora is running; waiting until it is idle');
  const settleSeconds = await waitForIdle(root);
  say(`idle after ${Math.round(settleSeconds)} s; measuring ${SECONDS} s`);

  const loadBefore = os.loadavg()[0];
  const first = new Map(sampleTree(root).map((s) => [s.pid, s]));
  const memory = new Map<number, { rss: number[]; pss: number[]; shmem: number[] }>();
  const take = () => {
    const samples = sampleTree(root);
    for (const s of samples) {
      const m = memory.get(s.pid) ?? { rss: [], pss: [], shmem: [] };
      m.rss.push(s.rssKb);
      m.pss.push(s.pssKb);
      m.shmem.push(s.pssShmemKb);
      memory.set(s.pid, m);
    }
    return samples;
  };
  take();
  const began = Date.now();
  let last: ProcessSample[] = [];
  while (Date.now() - began < SECONDS * 1000) {
    await sleep(Math.min(5000, SECONDS * 1000 - (Date.now() - began)));
    last = take();
  }
  const seconds = (Date.now() - began) / 1000;
  const average = (values: number[]) => values.reduce((a, b) => a + b, 0) / Math.max(1, values.length);
  const processes = last.map((s) => {
    const before = first.get(s.pid);
    const m = memory.get(s.pid) ?? { rss: [s.rssKb], pss: [s.pssKb], shmem: [s.pssShmemKb] };
    return {
      pid: s.pid,
      role: roleOf(s, root),
      name: s.name,
      rss_mb: mb(average(m.rss)),
      pss_mb: mb(average(m.pss)),
      pss_shmem_mb: mb(average(m.shmem)),
      cpu_percent: Math.round(((s.cpuSeconds - (before?.cpuSeconds ?? 0)) / seconds) * 1000) / 10,
      wakeups_per_second: Math.round(((s.switches - (before?.switches ?? 0)) / seconds) * 10) / 10,
    };
  });
  const sum = (values: number[]) => Math.round(values.reduce((a, b) => a + b, 0) * 10) / 10;
  // PostgreSQL's shared memory: its postmaster (the oldest postgres process) maps every segment.
  const postmaster = last.find((s) => roleOf(s, root) === 'postgres');
  const segmentsMb = postmaster ? mb(sharedMappingsKb(postmaster.pid)) : 0;
  const total = (list: typeof processes) => ({
    processes: list.length,
    pss_mb: sum(list.map((p) => p.pss_mb)),
    /** Every process's PSS without its share of shared memory, plus PostgreSQL's whole segments: an upper bound. */
    bound_mb: sum([
      ...list.map((p) => p.pss_mb - p.pss_shmem_mb),
      list.some((p) => p.role === 'postgres') ? segmentsMb : 0,
    ]),
    rss_sum_mb: Math.round(list.reduce((sum, p) => sum + p.rss_mb, 0) * 10) / 10,
    cpu_percent: Math.round(list.reduce((sum, p) => sum + p.cpu_percent, 0) * 10) / 10,
    wakeups_per_second: Math.round(list.reduce((sum, p) => sum + p.wakeups_per_second, 0) * 10) / 10,
  });
  const byRole = (role: string) => total(processes.filter((p) => p.role === role));
  const results = {
    measured_at: new Date().toISOString(),
    machine: machine(),
    what:
      `\`${COMMAND.join(' ')}\` at idle: every projection caught up and the tree under ${QUIET_CPU_PERCENT} % of a core ` +
      `for ${QUIET_MS / 1000} s, then ${Math.round(seconds)} s measured. Memory: the average of 5-s samples of ` +
      '/proc/<pid>/smaps_rollup; PSS shares each shared page (PostgreSQL shared buffers, program code) among the ' +
      'processes mapping it, so its sum is what the tree costs; the RSS sum counts shared pages once per process. ' +
      "Pages of PostgreSQL's shared memory touched only by server processes that have since exited (a pool's " +
      "connections closed after 30 s unused) stay resident in nobody's PSS: bound_mb counts PostgreSQL's shared " +
      'segments whole (every page resident) instead of their PSS share, an upper bound. ' +
      'CPU: user + system time over the window, in % of one core. Wake-ups: context switches of every thread per second.',
    // The folder's name only: a machine's paths stay out of the committed results.
    data_dir: path.basename(dataDir),
    dataset: await dataset(),
    load_average_1m: { before: loadBefore, after: os.loadavg()[0] },
    settle_seconds: Math.round(settleSeconds),
    postgres_shared_segments_mb: segmentsMb,
    total: total(processes),
    without_npm: total(processes.filter((p) => p.role !== 'npm')),
    by_role: { npm: byRole('npm'), node: byRole('node'), postgres: byRole('postgres'), other: byRole('other') },
    processes,
  };
  const file = writeResults(process.env.BENCH_RESULTS_NAME ?? 'idle', results);
  say(
    `total PSS ${results.total.pss_mb} MB (at most ${results.total.bound_mb} MB; RSS sum ${results.total.rss_sum_mb} MB), ` +
      `CPU ${results.total.cpu_percent} % of a core, ${results.total.wakeups_per_second} wake-ups/s; ` +
      `without npm PSS ${results.without_npm.pss_mb} MB (at most ${results.without_npm.bound_mb} MB)`,
  );
  for (const role of ['npm', 'node', 'postgres', 'other'] as const) {
    const r = results.by_role[role];
    say(
      `  ${role}: ${r.processes} processes, PSS ${r.pss_mb} MB, RSS sum ${r.rss_sum_mb} MB, CPU ${r.cpu_percent} %, ${r.wakeups_per_second} wake-ups/s`,
    );
  }
  say(`written to ${file}`);
} finally {
  // Ctrl-C, as a terminal sends it to the whole foreground group.
  try {
    process.kill(-root, 'SIGINT');
  } catch {
    // Already gone.
  }
  await Promise.race([stopped, sleep(60_000)]);
}
