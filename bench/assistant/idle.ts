/**
 * Idle memory with the assistant (issue 42: unchanged, and within 300 MB): the embedded composition started twice,
 * each time in a process of its own on a fresh PostgreSQL (idle-child.ts), without the assistant and with it; their
 * resident memory once settled, and the difference. Then `npm start` itself, every service the assistant included,
 * measured by bench:idle (its figures into bench/results/idle-assistant.json) on a fresh data directory.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export const IDLE_BUDGET_MB = 300;

interface IdleFigures {
  services: string[];
  node_rss_mb: number;
  node_pss_mb: number;
  postgres_pss_mb: number;
  total_pss_mb: number;
  processes: number;
}

function idleRun(withoutAssistant: boolean): IdleFigures {
  const child = spawnSync(
    process.execPath,
    [
      '--import',
      'tsx',
      path.join(import.meta.dirname, 'idle-child.ts'),
      ...(withoutAssistant ? ['--without-assistant'] : []),
    ],
    { cwd: REPO, encoding: 'utf8', maxBuffer: 16 * 1024 * 1024 },
  );
  const last = child.stdout.trim().split('\n').at(-1) ?? '';
  if (child.status !== 0 || !last.startsWith('{'))
    throw new Error(`idle run failed (${child.status}): ${child.stderr.slice(-2000)}`);
  return JSON.parse(last) as IdleFigures;
}

const REPO = path.resolve(import.meta.dirname, '../..');
const NPM_START_RESULTS = 'idle-assistant';

/** bench:idle on a fresh data directory (an empty site): `npm start`'s tree at rest, the assistant included. */
function npmStartIdle() {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'agora-idle-assistant-'));
  try {
    const run = spawnSync(process.execPath, ['--import', 'tsx', path.join(REPO, 'bench/idle.bench.ts')], {
      cwd: REPO,
      encoding: 'utf8',
      maxBuffer: 16 * 1024 * 1024,
      env: {
        ...process.env,
        BENCH_IDLE_DATA_DIR: dataDir,
        BENCH_IDLE_SECONDS: '30',
        BENCH_RESULTS_NAME: NPM_START_RESULTS,
      },
    });
    if (run.status !== 0)
      throw new Error(`bench:idle failed (${run.status}): ${(run.stdout + run.stderr).slice(-2000)}`);
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
  const figures = JSON.parse(readFileSync(path.join(REPO, 'bench/results', `${NPM_START_RESULTS}.json`), 'utf8'));
  return {
    what: `bench:idle (\`npm start\` on a fresh data directory, 30 s measured): bench/results/${NPM_START_RESULTS}.json`,
    total_pss_mb: figures.total.pss_mb as number,
    total_bound_mb: figures.total.bound_mb as number,
    without_npm_pss_mb: figures.without_npm.pss_mb as number,
    node: figures.by_role.node,
    postgres: figures.by_role.postgres,
  };
}

export function measureIdle() {
  const without = idleRun(true);
  const withAssistant = idleRun(false);
  const npmStart = npmStartIdle();
  const round = (n: number) => Math.round(n * 10) / 10;
  return {
    what:
      'the embedded composition (every service, its pool sizes, the PostgreSQL bus) on a fresh PostgreSQL, in a process of ' +
      'its own, caught up, rested 20 s and its heap collected, then sampled every 2 s for 20 s: the node process (RSS, PSS) and its PostgreSQL ' +
      "processes (PSS); without the assistant, then with it. Not `npm start`'s tree of bench:idle (no npm parent, no web " +
      'app served, an empty site): the difference is the figure to read',
    without_assistant: without,
    with_assistant: withAssistant,
    assistant_adds: {
      node_rss_mb: round(withAssistant.node_rss_mb - without.node_rss_mb),
      total_pss_mb: round(withAssistant.total_pss_mb - without.total_pss_mb),
    },
    npm_start: npmStart,
    budget_mb: IDLE_BUDGET_MB,
    met: withAssistant.total_pss_mb <= IDLE_BUDGET_MB && npmStart.total_pss_mb <= IDLE_BUDGET_MB,
  };
}
