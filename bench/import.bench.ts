/**
 * npm run bench:import -- [--questions N] — the import path at a size (docs/adr/0094-importing-a-community.md), into
 * bench/results/import-<N>.json: a generated Stack Exchange dump of N questions (3 answers, 4 comments, 10 votes
 * each; a member per 5 questions) imported by the real command into a fresh embedded PostgreSQL (fsync on), with:
 *  - the time of each phase: generating, staging and writing each kind, each service's projections catching up;
 *  - the events each service's store holds after, and the rate each service's projections replayed them at;
 *  - the importing process's peak memory and CPU time, and the disk the database takes.
 *  - with --profile <dir>, a CPU profile of the import command written there (`node --cpu-prof`);
 *  - with --reads, Agora started on the imported database: cold start, idle memory and the read budgets at 16
 *    clients (bench/scale-reads.ts);
 *  - with --replay, each asynchronous projection rebuilt from zero on its own afterwards: its replay rate.
 * The scale the issue asks for is `--questions 1000000` (bench/results/scale-1m.json when run at that size).
 */
import { spawn } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { DUMP_RATIOS, writeStackExchangeDump } from '../scripts/dump/write-dump';
import { measureReplayRates, type ReplayRate } from './replay-rates';
import { measureScaleReads, type ScaleReads } from './scale-reads';
import { benchDatabase, machine, writeResults } from './support';

const { values } = parseArgs({
  options: {
    questions: { type: 'string', default: '5000' },
    replay: { type: 'boolean', default: false },
    profile: { type: 'string' },
    reads: { type: 'boolean', default: false },
  },
});
const questions = Number(values.questions);
if (!Number.isInteger(questions) || questions < 1) throw new Error('--questions must be a whole number ≥ 1');
const REPO = path.resolve(import.meta.dirname, '..');

const work = mkdtempSync(path.join(os.tmpdir(), 'agora-import-bench-'));
// As root, PostgreSQL runs as its own system user, which must be able to enter the folder.
chmodSync(work, 0o755);
const folder = path.join(work, 'dump');
let started = performance.now();
const counts = await writeStackExchangeDump({
  folder,
  questions,
  answersPerQuestion: DUMP_RATIOS.answers,
  commentsPerQuestion: DUMP_RATIOS.comments,
  votesPerQuestion: DUMP_RATIOS.votes,
  members: Math.max(2, Math.round(questions * DUMP_RATIOS.members)),
  seed: 1,
});
const generateSeconds = (performance.now() - started) / 1000;

const db = await benchDatabase(path.join(work, 'pg'));
const dataDir = path.join(work, 'data');

/** The import command as an operator runs it, under GNU time for its peak memory and CPU. */
function runImport(): Promise<{ output: string; code: number | null }> {
  return new Promise((resolve) => {
    const child = spawn(
      '/usr/bin/time',
      [
        '-f',
        'TIME %e s %U user %S sys %M kB',
        process.execPath,
        ...(values.profile ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(values.profile)}`] : []),
        'launcher/agora.mjs',
        'import',
        'stackexchange',
        folder,
      ],
      { cwd: REPO, env: { ...process.env, DATABASE_URL: db.url, AGORA_DATA_DIR: dataDir, LOG_LEVEL: 'warn' } },
    );
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => {
      output += chunk;
      process.stderr.write(chunk);
    });
    child.on('exit', (code) => resolve({ output, code }));
  });
}

started = performance.now();
const run = await runImport();
const importSeconds = (performance.now() - started) / 1000;
if (run.code !== 0) throw new Error(`the import failed (${run.code}):\n${run.output.slice(-4000)}`);

/** Each kind's records per second, the last progress line of each (`import vote [...] 100.0% 9,831/9,831 5,498/s`). */
const kindRates: Record<string, { records: number; perSecond: number }> = {};
for (const match of run.output.matchAll(/import (\w+) \[[#-]+\] 100\.0% ([\d,]+)\/[\d,]+ ([\d,]+)\/s/g)) {
  const [, kind, records, rate] = match;
  if (kind && records && rate) {
    kindRates[kind] = { records: Number(records.replace(/,/g, '')), perSecond: Number(rate.replace(/,/g, '')) };
  }
}
const caughtUp: Record<string, number> = {};
const caughtLine = /projections caught up: (.*)/.exec(run.output)?.[1] ?? '';
for (const part of caughtLine.split(', ')) {
  const [service, seconds] = part.split(' ');
  if (service && seconds) caughtUp[service] = Number(seconds);
}
const time = /TIME ([\d.]+) s ([\d.]+) user ([\d.]+) sys (\d+) kB/.exec(run.output);

const client = new pg.Client({ connectionString: db.url });
await client.connect();
const events: Record<string, number> = {};
for (const service of Object.keys(caughtUp)) {
  const { rows } = await client.query<{ n: string }>(`select count(*) as n from "${service}".events`);
  events[service] = Number(rows[0]?.n ?? 0);
}
const { rows: size } = await client.query<{ bytes: string }>('select pg_database_size(current_database()) as bytes');
// Where the disk goes: each service's schema, and the largest tables with their indexes and TOAST.
const { rows: tables } = await client.query<{ schema: string; name: string; bytes: string }>(
  `select n.nspname as schema, c.relname as name, pg_total_relation_size(c.oid)::text as bytes
   from pg_class c join pg_namespace n on n.oid = c.relnamespace
   where c.relkind = 'r' and n.nspname not in ('pg_catalog', 'information_schema') and n.nspname not like 'pg_toast%'`,
);
const mb = (bytes: number) => Math.round(bytes / 1024 / 1024);
const bySchema: Record<string, number> = {};
for (const table of tables) bySchema[table.schema] = (bySchema[table.schema] ?? 0) + Number(table.bytes);
const disk = {
  bySchemaMb: Object.fromEntries(Object.entries(bySchema).map(([schema, bytes]) => [schema, mb(bytes)])),
  largestTablesMb: tables
    .sort((a, b) => Number(b.bytes) - Number(a.bytes))
    .slice(0, 15)
    .map((table) => ({ table: `${table.schema}.${table.name}`, mb: mb(Number(table.bytes)) })),
};
await client.end();
let replayRates: ReplayRate[] | undefined;
if (values.replay) {
  replayRates = await measureReplayRates(db.url, dataDir, undefined, (rate) =>
    process.stderr.write(
      `replayed ${rate.projection}: ${rate.events} events in ${rate.seconds} s (${rate.eventsPerSecond}/s)\n`,
    ),
  );
}
await db.stop();
let reads: ScaleReads | undefined;
if (values.reads) reads = await measureScaleReads(path.join(work, 'pg'));
rmSync(work, { recursive: true, force: true });

const totalEvents = Object.values(events).reduce((a, b) => a + b, 0);
const results = {
  machine: machine(),
  questions,
  dump: { ...counts.files, generateSeconds },
  importSeconds,
  importProcess: time
    ? {
        wallSeconds: Number(time[1]),
        cpuSeconds: Number(time[2]) + Number(time[3]),
        peakMemoryMb: Number(time[4]) / 1024,
      }
    : null,
  kinds: kindRates,
  events: { total: totalEvents, perService: events },
  catchUpSeconds: caughtUp,
  /**
   * The log's events per second of each service's catch-up: its projections (all at once) read the logs they follow
   * in that time, so this is the rate of the whole log through the service, an upper bound of what each reads.
   */
  logEventsPerSecond: Object.fromEntries(
    Object.entries(caughtUp).map(([service, seconds]) => [service, Math.round(totalEvents / seconds)]),
  ),
  replayRates,
  reads,
  databaseMb: mb(Number(size[0]?.bytes ?? 0)),
  disk,
  projectedFor1M: {
    importHours: Number(((importSeconds * (1_000_000 / questions)) / 3600).toFixed(1)),
    databaseGb: Number(((Number(size[0]?.bytes ?? 0) * (1_000_000 / questions)) / 1024 ** 3).toFixed(1)),
  },
};
const name = questions === 1_000_000 ? 'scale-1m' : `import-${questions}`;
writeResults(name, results);
process.stdout.write(`${JSON.stringify(results, null, 2)}\n`);
