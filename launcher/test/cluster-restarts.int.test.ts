/**
 * `cluster up` keeps what it started (docs/adr/0091-cluster-supervisor-restarts.md), run as an operator runs it:
 * the command's own supervisor, on Kafka, with two replicas of posts and two gateways. A service replica and a
 * gateway killed with kill -9 come back (the gateway answering on its port again) and `cluster status` counts their
 * restarts; so does PostgreSQL; `cluster down` right after a kill starts nothing again. In test:full only (it needs
 * Kafka and OpenSearch, and 12 processes).
 */
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fullSuite, kafkaBrokers, opensearchUrl } from '@agora/test-support/database';
import { eventually } from '@agora/test-support/eventually';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureRuntimeBuild } from '../runtime-build.mjs';
import { RESTART_BACKOFF } from '../src/cluster/backoff';
import { reachable } from '../src/cluster/infra';
import { alive, type ClusterState, readState } from '../src/cluster/state';
import { REPO } from '../src/repository';

const brokers = fullSuite ? kafkaBrokers() : undefined;
const search = fullSuite ? opensearchUrl() : undefined;

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** `npm run agora -- <args>`, as an operator types it. */
function agora(args: string[], env: NodeJS.ProcessEnv, timeoutMs: number): Promise<Run> {
  return new Promise((resolve, reject) => {
    const run = spawn(process.execPath, [path.join(REPO, 'launcher/agora.mjs'), ...args], {
      cwd: REPO,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
      timeout: timeoutMs,
    });
    let stdout = '';
    let stderr = '';
    run.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString('utf8');
    });
    run.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString('utf8');
    });
    run.once('error', reject);
    run.once('close', (code) => resolve({ code, stdout, stderr }));
  });
}

/** `cluster status`'s table as rows of cells, by process name. */
function statusRows(stdout: string): Map<string, Record<string, string>> {
  // From the table's header on (a stale server build prints its rebuild first).
  const lines = stdout.split('\n');
  const [header = '', ...rest] = lines
    .slice(lines.findIndex((line) => line.startsWith('PROCESS ')))
    .filter((line) => line.trim() && !line.startsWith('PostgreSQL connections'));
  const titles = header.split(/\s{2,}/);
  return new Map(
    rest.map((line) => {
      const cells = line.split(/\s{2,}/);
      return [cells[0] ?? '', Object.fromEntries(titles.map((title, i) => [title, cells[i] ?? '']))];
    }),
  );
}

const pidOf = (state: ClusterState | null, name: string) =>
  state?.processes.find((p) => p.name === name)?.pid ?? state?.infra?.find((p) => p.name === name)?.pid ?? null;

if (!brokers || !search) {
  describe.skip('cluster up restarts what dies (test:full)', () => it('needs Kafka and OpenSearch'));
} else {
  describe('cluster up on Kafka restarts what dies, and cluster down stops it for good', () => {
    let runDir: string;
    let env: NodeJS.ProcessEnv;
    let gatewayPort: number;
    let last: ClusterState | null = null;
    const status = () => agora(['cluster', 'status', '--run-dir', runDir], env, 60_000);

    beforeAll(async () => {
      await ensureRuntimeBuild({ ifStale: true, say: () => {} });
      runDir = mkdtempSync(path.join(os.tmpdir(), 'agora-cluster-restarts-'));
      // The embedded server may run as another system user (under root): it must be able to enter.
      chmodSync(runDir, 0o755);
      // Below Linux's ephemeral range (32768 and up), where a client connection elsewhere may hold a port.
      gatewayPort = 20_000 + Math.floor(Math.random() * 12_000);
      env = {
        ...process.env,
        AGORA_DATA_DIR: runDir,
        KAFKA_BROKERS: brokers.join(','),
        OPENSEARCH_URL: search,
        AGORA_KAFKA_PREFIX: `agora-restarts-${randomUUID().slice(0, 8)}`,
        AGORA_DB_CONNECTIONS: '3',
        // The supervisor tells each restart at info.
        LOG_LEVEL: 'info',
      };
      const up = await agora(
        [
          'cluster',
          'up',
          '--replicas',
          'posts=2,gateway=2',
          '--port',
          String(gatewayPort),
          '--service-port',
          String(gatewayPort + 10),
          '--run-dir',
          runDir,
        ],
        env,
        300_000,
      );
      last = readState(runDir);
      expect(up.code, `${up.stdout}\n${up.stderr}\n${tail(path.join(runDir, 'cluster.log'))}`).toBe(0);
    }, 360_000);

    afterAll(async () => {
      if (!runDir) return;
      last = readState(runDir) ?? last;
      await agora(['cluster', 'down', '--run-dir', runDir], env, 120_000);
      // Whatever a failed test left: nothing of this run may outlive it.
      for (const pid of [last?.supervisorPid ?? null, ...(last?.processes ?? []).map((p) => p.pid)]) {
        if (pid !== null && alive(pid)) process.kill(pid, 'SIGKILL');
      }
      rmSync(runDir, { recursive: true, force: true });
    }, 180_000);

    it('starts a killed service replica and a killed gateway again; status counts the restarts', async () => {
      const before = readState(runDir);
      const posts2 = pidOf(before, 'posts-2');
      const gateway2 = pidOf(before, 'gateway-2');
      expect(posts2).not.toBeNull();
      expect(gateway2).not.toBeNull();
      const gateway2Port = gatewayPort + 2;
      process.kill(posts2 as number, 'SIGKILL');
      process.kill(gateway2 as number, 'SIGKILL');
      const killedAt = Date.now();

      let rows = new Map<string, Record<string, string>>();
      await eventually(
        async () => {
          const now = readState(runDir);
          const back = ['posts-2', 'gateway-2'].every((name) => {
            const pid = pidOf(now, name);
            return pid !== null && pid !== posts2 && pid !== gateway2;
          });
          if (!back) return false;
          const run = await status();
          rows = statusRows(run.stdout);
          return run.code === 0;
        },
        120_000,
        500,
      ).catch((error) => {
        throw new Error(`${(error as Error).message}\n${tail(path.join(runDir, 'cluster.log'))}`);
      });
      // Not before the policy's first pause.
      expect(Date.now() - killedAt).toBeGreaterThanOrEqual(RESTART_BACKOFF.firstDelayMs);

      for (const name of ['posts-2', 'gateway-2']) {
        expect(rows.get(name), name).toMatchObject({ STATE: 'running', RESTARTS: '1', HEALTH: 'ready' });
        expect(rows.get(name)?.['LAST EXIT'], name).toMatch(/^SIGKILL \d+ s ago$/);
        expect(rows.get(name)?.STARTED, name).toMatch(/^\d+ s ago$/);
      }
      expect(rows.get('posts-1')).toMatchObject({ STATE: 'running', RESTARTS: '0', 'LAST EXIT': '-' });
      const log = readFileSync(path.join(runDir, 'cluster.log'), 'utf8');
      expect(log).toMatch(/gateway-2 ended \(SIGKILL\); starting it again in 1000 ms/);
      expect(log).toMatch(/posts-2 started again \(restart 1\)/);
      expect(rows.get('postgres')).toMatchObject({ STATE: 'running', RESTARTS: '0', HEALTH: 'ready' });

      // The gateway serves on its port again, reads that reach posts included.
      const site = await fetch(`http://127.0.0.1:${gateway2Port}/answer/api/v1/siteinfo`);
      expect(site.status).toBe(200);
      const questions = await fetch(`http://127.0.0.1:${gateway2Port}/answer/api/v1/question/page?page=1&page_size=5`);
      expect(questions.status).toBe(200);
    }, 180_000);

    it('starts its PostgreSQL again when it is killed, and the services answer again', async () => {
      const postgres = pidOf(readState(runDir), 'postgres');
      expect(postgres).not.toBeNull();
      process.kill(postgres as number, 'SIGKILL');
      let rows = new Map<string, Record<string, string>>();
      await eventually(
        async () => {
          const pid = pidOf(readState(runDir), 'postgres');
          if (pid === null || pid === postgres) return false;
          const run = await status();
          rows = statusRows(run.stdout);
          return run.code === 0;
        },
        120_000,
        500,
      ).catch((error) => {
        throw new Error(`${(error as Error).message}\n${tail(path.join(runDir, 'cluster.log'))}`);
      });
      expect(rows.get('postgres')).toMatchObject({ STATE: 'running', RESTARTS: '1', HEALTH: 'ready' });
      expect(rows.get('postgres')?.['LAST EXIT']).toMatch(/^died \d+ s ago$/);
      const questions = await fetch(`http://127.0.0.1:${gatewayPort}/answer/api/v1/question/page?page=1&page_size=5`);
      expect(questions.status).toBe(200);
    }, 180_000);

    it('starts nothing again once cluster down has begun, even what was killed just before', async () => {
      // Settled first: no restart of the tests before is still under way.
      const settled = (state: ClusterState | null) =>
        [...(state?.processes ?? []), ...(state?.infra ?? [])].every((p) => p.supervision?.state === 'running');
      await eventually(() => settled(readState(runDir)), 60_000, 200);
      const state = readState(runDir);
      expect(state).not.toBeNull();
      last = state;
      const supervisor = (state as ClusterState).supervisorPid;
      const logFile = path.join(runDir, 'cluster.log');
      const logBefore = readFileSync(logFile, 'utf8').length;
      const postgres = pidOf(state, 'postgres') as number;
      for (const name of ['gateway-1', 'posts-1', 'postgres']) process.kill(pidOf(state, name) as number, 'SIGKILL');
      // What `cluster down` sends, at once: every restart is still waiting on its pause.
      process.kill(supervisor, 'SIGTERM');
      await eventually(() => !alive(supervisor), 120_000, 100);
      const down = await agora(['cluster', 'down', '--run-dir', runDir], env, 120_000);
      expect(down.code).toBe(0);
      // Longer than the pause both restarts had been given: nothing comes back.
      await sleep(RESTART_BACKOFF.firstDelayMs * 3);
      const left = (state as ClusterState).processes.filter((p) => p.pid !== null && alive(p.pid)).map((p) => p.name);
      expect(left).toEqual([]);
      const listening = await Promise.all(
        (state as ClusterState).processes.map(async (p) => ((await reachable(`127.0.0.1:${p.port}`)) ? p.name : null)),
      );
      expect(listening.filter(Boolean)).toEqual([]);
      expect(existsSync(path.join(runDir, 'cluster.json'))).toBe(false);
      const postmaster = path.join(runDir, 'postgres', 'postmaster.pid');
      const serverLeft = existsSync(postmaster) ? Number(readFileSync(postmaster, 'utf8').split('\n')[0]) : null;
      expect([alive(postgres), alive(serverLeft)]).toEqual([false, false]);
      // Stopping the services takes seconds, longer than PostgreSQL's pause: it was not started again meanwhile.
      const logAfter = readFileSync(logFile, 'utf8').slice(logBefore);
      expect(logAfter.split('\n').filter((line) => /started again \(restart/.test(line))).toEqual([]);
      expect(await status()).toMatchObject({ code: 3 });
    }, 240_000);
  });
}

/** The end of a log, for a failure's message. */
function tail(file: string): string {
  try {
    return readFileSync(file, 'utf8').trimEnd().split('\n').slice(-40).join('\n');
  } catch {
    return '(no log)';
  }
}
