/**
 * npm run bench:restart-writes: issue 45 item 7's budget, "0 write 503s in the 120 s after a restart under the write
 * load of `npm run load -- writing`" (ADR 0092). The real launcher on a data directory of its own runs the `writing`
 * scenario; it is killed with SIGKILL during the load, started again at once, and the same members write for
 * AFTER_S seconds (default 120) from the moment its port opens. Writes bench/results/restart-writes.json: each
 * phase's requests and errors by status, and the write 503s after the restart.
 *
 * Knobs: BEFORE_S (load before the kill, default 45), AFTER_S (default 120), USERS (default the scenario's 20).
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { killGroup, startLauncher } from '@agora/test-support/launcher-process';
import { SCENARIOS } from '../infra/k6/lib/scenarios.js';
import { MEMBER_PASSWORD } from '../infra/k6/lib/setup.js';
import { freePort } from '../launcher/src/embedded-postgres';
import { loadReport } from './load/report';
import { runSetup } from './load/run-setup';
import { runVirtualUsers, type Sample } from './load/virtual-users';
import { machine, writeResults } from './support';

const BEFORE_S = Number(process.env.BEFORE_S ?? 45);
const AFTER_S = Number(process.env.AFTER_S ?? 120);
const scenario = SCENARIOS.writing;
const USERS = Number(process.env.USERS ?? scenario.users);
const repoRoot = path.resolve(import.meta.dirname, '..');
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'agora-restart-bench-'));
const ADMIN = { email: 'bench-admin@example.com', password: 'bench-admin-1' };

const launch = (port: number, operatorPort: number) =>
  startLauncher({
    AGORA_DATA_DIR: dataDir,
    AGORA_PORT: String(port),
    AGORA_OPERATOR_PORT: String(operatorPort),
    AGORA_INSTALLER: 'off',
  });

async function running(started: { output: () => string }): Promise<number> {
  const since = Date.now();
  while (!started.output().includes('Agora is running at')) {
    if (Date.now() - since > 180_000) throw new Error(`not running after 180 s:\n${started.output().slice(-2000)}`);
    await sleep(100);
  }
  return Date.now() - since;
}

const isWrite = (sample: Sample) => !sample.kind.includes('question_detail') && !sample.kind.includes('list');

const port = await freePort();
const operatorPort = await freePort();
const target = `http://127.0.0.1:${port}`;
let current = launch(port, operatorPort);
try {
  await running(current);
  const created = spawnSync(
    process.execPath,
    [
      'launcher/agora.mjs',
      'admin',
      'create',
      '--email',
      ADMIN.email,
      '--name',
      'Bench Admin',
      '--password',
      ADMIN.password,
    ],
    { cwd: repoRoot, env: { ...process.env, AGORA_DATA_DIR: dataDir, LOG_LEVEL: 'warn' }, encoding: 'utf8' },
  );
  if (created.status !== 0) throw new Error(created.stderr);
  // Content for the members to read and answer, written into the running instance's database.
  const seeded = spawnSync('npm', ['run', '--silent', 'seed', '--', '--questions', '150', '--users', '20'], {
    cwd: repoRoot,
    env: { ...process.env, AGORA_DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
    encoding: 'utf8',
  });
  if (seeded.status !== 0) throw new Error(seeded.stderr);
  const data = await runSetup(target, scenario, {
    users: USERS,
    adminEmail: ADMIN.email,
    adminPassword: ADMIN.password,
    memberPassword: MEMBER_PASSWORD,
    memberPrefix: 'restart-member',
    runId: Date.now().toString(36),
  });
  process.stdout.write(`writing for ${BEFORE_S} s, then kill -9 during the load\n`);
  const before = runVirtualUsers({ scenario, data, users: USERS, durationSeconds: BEFORE_S + 5, target });
  await sleep(BEFORE_S * 1000);
  killGroup(current.child);
  const killedAt = Date.now();
  const steady = await before;
  current = launch(port, operatorPort);
  const startMs = await running(current);
  process.stdout.write(`running again ${Date.now() - killedAt} ms after the kill; writing for ${AFTER_S} s\n`);
  const after = await runVirtualUsers({ scenario, data, users: USERS, durationSeconds: AFTER_S, target });
  const afterReport = loadReport(scenario, after.samples, after.seconds);
  const write503s = after.samples.filter((s) => isWrite(s) && s.status === 503).length;
  const file = writeResults('restart-writes', {
    scenario: scenario.name,
    users: USERS,
    machine: { ...machine(), load_average_1m: Math.round((os.loadavg()[0] ?? 0) * 100) / 100 },
    recorded_at: new Date().toISOString(),
    budget: '0 write 503s in the 120 s after a restart under the writing load (issue 45)',
    start_after_kill_ms: startMs,
    before_kill: { seconds: BEFORE_S, ...loadReport(scenario, steady.samples, steady.seconds).overall },
    after_restart: {
      seconds: AFTER_S,
      write_503s: write503s,
      writes: after.samples.filter(isWrite).length,
      ...afterReport.overall,
      first_failures: after.failures,
    },
    met: write503s === 0,
  });
  process.stdout.write(`write 503s after the restart: ${write503s}\n${file}\n`);
  process.exitCode = write503s === 0 ? 0 : 1;
} finally {
  killGroup(current.child);
  await sleep(2000);
  rmSync(dataDir, { recursive: true, force: true });
}
