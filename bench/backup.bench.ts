/**
 * npm run bench:backup -- [--questions N] [--jobs N] — backup and restore at a size (docs/adr/0101-backup-and-restore.md),
 * into bench/results/backup.json: a generated Stack Exchange dump of N questions (3 answers, 4 comments, 10 votes each;
 * a member per 5 questions, as bench:import makes it) imported into a fresh embedded PostgreSQL (fsync on), then
 *  - `backup <file>` as an operator runs it: its time, rows and bytes a second, the file's size, peak memory and CPU;
 *  - `restore <file>` into a new, empty database on the same server: its time by step (loading, each service's own
 *    read models, the projections' replay, the search index), peak memory and CPU;
 *  - both projected to a million questions in proportion (the budgets: backup ≤ 15 min, restore ≤ 45 min), since a
 *    million does not fit this machine (docs/capacity.md §9).
 */
import { spawn } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { DUMP_RATIOS, writeStackExchangeDump } from '../scripts/dump/write-dump';
import { benchDatabase, machine, writeResults } from './support';

const { values } = parseArgs({
  options: { questions: { type: 'string', default: '5000' }, jobs: { type: 'string', default: '2' } },
});
const questions = Number(values.questions);
if (!Number.isInteger(questions) || questions < 1) throw new Error('--questions must be a whole number ≥ 1');
const REPO = path.resolve(import.meta.dirname, '..');
const BUDGET_MINUTES = { backup: 15, restore: 45 };

const work = mkdtempSync(path.join(os.tmpdir(), 'agora-backup-bench-'));
// As root, PostgreSQL runs as its own system user, which must be able to enter the folder.
chmodSync(work, 0o755);
const say = (line: string) => process.stderr.write(`${line}\n`);

interface Run {
  output: string;
  stdout: string;
  code: number | null;
  wallSeconds: number;
  cpuSeconds: number;
  peakMemoryMb: number;
}

/** An operator command under GNU time, for its wall time, CPU time and peak memory. */
function agora(args: string[], env: Record<string, string>): Promise<Run> {
  return new Promise((resolve) => {
    const child = spawn(
      '/usr/bin/time',
      ['-f', 'TIME %e s %U user %S sys %M kB', process.execPath, 'launcher/agora.mjs', ...args],
      {
        cwd: REPO,
        env: { ...process.env, LOG_LEVEL: 'warn', ...env },
      },
    );
    let output = '';
    let stdout = '';
    child.stdout.on('data', (chunk) => {
      output += chunk;
      stdout += chunk;
    });
    child.stderr.on('data', (chunk) => {
      output += chunk;
      process.stderr.write(chunk);
    });
    child.on('exit', (code) => {
      const time = /TIME ([\d.]+) s ([\d.]+) user ([\d.]+) sys (\d+) kB/.exec(output);
      resolve({
        output,
        stdout,
        code,
        wallSeconds: Number(time?.[1] ?? 0),
        cpuSeconds: Number(time?.[2] ?? 0) + Number(time?.[3] ?? 0),
        peakMemoryMb: Math.round(Number(time?.[4] ?? 0) / 1024),
      });
    });
  });
}

const loadAverage = () => Number(os.loadavg()[0]?.toFixed(2));

say(`generating a dump of ${questions} questions`);
const folder = path.join(work, 'dump');
await writeStackExchangeDump({
  folder,
  questions,
  answersPerQuestion: DUMP_RATIOS.answers,
  commentsPerQuestion: DUMP_RATIOS.comments,
  votesPerQuestion: DUMP_RATIOS.votes,
  members: Math.max(2, Math.round(questions * DUMP_RATIOS.members)),
  seed: 1,
});
const db = await benchDatabase(path.join(work, 'pg'));
try {
  const siteA = { DATABASE_URL: db.url, AGORA_DATA_DIR: path.join(work, 'site-a') };
  say('importing it');
  const imported = await agora(['import', 'stackexchange', folder], siteA);
  if (imported.code !== 0) throw new Error(`the import failed:\n${imported.output.slice(-4000)}`);
  rmSync(folder, { recursive: true, force: true });

  const client = new pg.Client({ connectionString: db.url });
  await client.connect();
  const { rows: sizeA } = await client.query<{ bytes: string }>('select pg_database_size(current_database()) as bytes');
  await client.query('create database restored');
  await client.end();

  const file = path.join(work, 'site.agora-backup.tar');
  const loadBefore = loadAverage();
  say('backing up');
  const backup = await agora(['backup', file, '--jobs', String(values.jobs)], siteA);
  if (backup.code !== 0) throw new Error(`the backup failed:\n${backup.output.slice(-4000)}`);
  const events = Number(/events: ([\d,]+)/.exec(backup.stdout)?.[1]?.replace(/,/g, '') ?? 0);
  // The command's own time, without the process's start (loading every service's code), which does not grow.
  const backupSeconds = Number(/ in ([\d.]+) s: /.exec(backup.stdout)?.[1] ?? backup.wallSeconds);
  const fileBytes = statSync(file).size;

  const restoredUrl = new URL(db.url);
  restoredUrl.pathname = '/restored';
  say('restoring it into an empty database');
  const restore = await agora(['restore', file], {
    DATABASE_URL: restoredUrl.toString(),
    AGORA_DATA_DIR: path.join(work, 'site-b'),
  });
  if (restore.code !== 0) throw new Error(`the restore failed:\n${restore.output.slice(-4000)}`);
  const steps = /seconds: loading ([\d.]+), own read models ([\d.]+), projections ([\d.]+), search index ([\d.]+)/.exec(
    restore.stdout,
  );
  const restoreSteps = {
    load: Number(steps?.[1] ?? 0),
    own_read_models: Number(steps?.[2] ?? 0),
    projections: Number(steps?.[3] ?? 0),
    search_index: Number(steps?.[4] ?? 0),
  };
  const ownLogs = [...restore.output.matchAll(/(\w+): read models rebuilt from ([\d,]+) events in ([\d.]+) s/g)].map(
    ([, service, n, seconds]) => ({ service, events: Number(n?.replace(/,/g, '')), seconds: Number(seconds) }),
  );
  const restoreSeconds = Object.values(restoreSteps).reduce((sum, seconds) => sum + seconds, 0);
  const scale = 1_000_000 / questions;
  const minutes = (seconds: number) => Number(((seconds * scale) / 60).toFixed(1));
  const results = {
    machine: machine(),
    note: 'Measured on a 2-core machine shared with other engineers running their own tests at the same time; the projection to a million is in proportion to the questions (the work of each step grows with the events).',
    questions,
    events,
    load_average: { before_backup: loadBefore, after_restore: loadAverage() },
    database_mb: Math.round(Number(sizeA[0]?.bytes ?? 0) / 1024 ** 2),
    backup: {
      seconds: backup.wallSeconds,
      seconds_in_command: backupSeconds,
      cpu_seconds: backup.cpuSeconds,
      peak_memory_mb: backup.peakMemoryMb,
      jobs: Number(values.jobs),
      file_mb: Number((fileBytes / 1024 ** 2).toFixed(1)),
      events_per_second: Math.round(events / backupSeconds),
      mb_per_second_written: Number((fileBytes / 1024 ** 2 / backupSeconds).toFixed(1)),
    },
    restore: {
      seconds: restore.wallSeconds,
      seconds_in_steps: Number(restoreSeconds.toFixed(1)),
      cpu_seconds: restore.cpuSeconds,
      peak_memory_mb: restore.peakMemoryMb,
      steps: restoreSteps,
      own_read_models: ownLogs,
      events_per_second: Math.round(events / restoreSeconds),
    },
    projected_for_1m: {
      events: Math.round(events * scale),
      file_gb: Number(((fileBytes * scale) / 1024 ** 3).toFixed(1)),
      backup_minutes: minutes(backupSeconds),
      backup_budget_minutes: BUDGET_MINUTES.backup,
      backup_met: minutes(backupSeconds) <= BUDGET_MINUTES.backup,
      restore_minutes: minutes(restoreSeconds),
      restore_budget_minutes: BUDGET_MINUTES.restore,
      restore_met: minutes(restoreSeconds) <= BUDGET_MINUTES.restore,
      restore_minutes_by_step: Object.fromEntries(
        Object.entries(restoreSteps).map(([step, seconds]) => [step, minutes(seconds)]),
      ),
    },
  };
  writeResults('backup', results);
  process.stdout.write(`${JSON.stringify(results, null, 2)}\n`);
} finally {
  await db.stop();
  rmSync(work, { recursive: true, force: true });
}
