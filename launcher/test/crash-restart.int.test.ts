import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eventually } from '@agora/test-support/eventually';
import { killGroup, killLaunchers, startLauncher } from '@agora/test-support/launcher-process';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from '../src/embedded-postgres';
import { passwordFileOf } from '../src/postgres-credentials';

/**
 * Start again after any crash (docs/adr/0043-embedded-database.md): the real
 * launcher, in its own process group as `npm start` runs it, killed with SIGKILL mid-burst of writes.
 * The data directory is a fresh `mktemp -d` folder (0700, owned by whoever runs the tests, root in CI's
 * containers), which as root the server's own user must still reach.
 */

const repoRoot = path.resolve(import.meta.dirname, '../..');
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'agora-crash-'));
const clusterDir = path.join(dataDir, 'postgres');
const API = '/answer/api/v1';

function launch(port: number, operatorPort: number) {
  return startLauncher({
    AGORA_DATA_DIR: dataDir,
    AGORA_PORT: String(port),
    AGORA_OPERATOR_PORT: String(operatorPort),
    // Started on a fresh data directory, then given an admin by the operator command: no installer.
    AGORA_INSTALLER: 'off',
  });
}

afterAll(async () => {
  killLaunchers();
  // The server dies with its launcher; give it the moment its fast shutdown takes before removing its files.
  await eventually(() => spawnSync('pgrep', ['-f', clusterDir]).status !== 0, 15_000, 100).catch(() => {});
  rmSync(dataDir, { recursive: true, force: true });
});

async function call(port: number, method: string, url: string, body?: object, token?: string) {
  const response = await fetch(`http://127.0.0.1:${port}${url}`, {
    method,
    headers: { ...(body ? { 'content-type': 'application/json' } : {}), ...(token ? { authorization: token } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  return { status: response.status, body: (await response.json().catch(() => null)) as { data?: any } | null };
}

const siteinfoAnswers = (port: number) =>
  call(port, 'GET', `${API}/siteinfo`).then(
    (r) => r.status === 200,
    () => false,
  );

async function ask(port: number, token: string, n: number): Promise<string | null> {
  const reply = await call(
    port,
    'POST',
    `${API}/question`,
    {
      title: `Crash-safe question number ${n}`,
      content: `Written before or during a kill -9, number ${n}.`,
      tags: [{ slug_name: 'durability' }],
    },
    token,
  ).catch(() => null);
  return reply?.status === 200 ? (reply.body?.data?.id as string) : null;
}

const postmasterPid = () => Number(readFileSync(path.join(clusterDir, 'postmaster.pid'), 'utf8').split('\n')[0]);

describe('the embedded launcher after a crash', () => {
  it('comes up again after kill -9 of its process group mid-burst, with every acknowledged write, and restarts a killed PostgreSQL', async () => {
    const port = await freePort();
    const operatorPort = await freePort();
    const first = launch(port, operatorPort);
    await eventually(
      () => first.output().includes('Agora is running at') || first.child.exitCode !== null,
      60_000,
      100,
    );
    expect(first.output()).toContain('Agora is running at');

    // Local credentials: a generated password nobody else can read; the old default refused.
    const password = readFileSync(passwordFileOf(clusterDir), 'utf8').trim();
    expect(statSync(passwordFileOf(clusterDir)).mode & 0o777).toBe(0o600);
    expect(statSync(path.join(dataDir, 'runtime.json')).mode & 0o777).toBe(0o600);
    expect(statSync(clusterDir).mode & 0o777).toBe(0o700);
    expect(statSync(dataDir).mode & 0o777).toBe(process.getuid?.() === 0 ? 0o711 : 0o700);

    const created = spawnSync(
      process.execPath,
      ['launcher/agora.mjs', 'admin', 'create', '--email', 'owner@example.com'].concat([
        '--name',
        'Site Owner',
        '--password',
        'owner-pass-1',
      ]),
      { cwd: repoRoot, env: { ...process.env, AGORA_DATA_DIR: dataDir, LOG_LEVEL: 'warn' }, encoding: 'utf8' },
    );
    expect(created.status, created.stderr).toBe(0);
    const login = await call(port, 'POST', `${API}/user/login/email`, {
      e_mail: 'owner@example.com',
      pass: 'owner-pass-1',
    });
    const token = login.body?.data?.access_token as string;
    expect(token).toBeTruthy();

    // A burst of asks, four at a time; the group is killed once twenty are acknowledged, others in flight.
    const acknowledged: string[] = [];
    let n = 0;
    let killed = false;
    const writer = async () => {
      while (!killed) {
        const id = await ask(port, token, ++n);
        if (id) acknowledged.push(id);
        if (acknowledged.length >= 20 && !killed) {
          killed = true;
          killGroup(first.child);
        }
      }
    };
    await Promise.all([writer(), writer(), writer(), writer()]);
    expect(acknowledged.length).toBeGreaterThanOrEqual(20);

    const restartedAt = Date.now();
    const second = launch(port, operatorPort);
    // A start opens its port once its projections have caught up (docs/adr/0092-ready-when-caught-up.md); on this
    // two-core machine under the rest of the suite that, with PostgreSQL's crash recovery, can pass 15 s.
    await eventually(() => siteinfoAnswers(port), 30_000, 100).catch((error) => {
      throw new Error(`${error.message}; the restarted launcher said:\n${second.output()}`);
    });
    expect(Date.now() - restartedAt).toBeLessThan(30_000);
    for (const id of acknowledged) {
      const info = await call(port, 'GET', `${API}/question/info?id=${id}`, undefined, token);
      expect(info.status, `question ${id}`).toBe(200);
    }

    // The embedded PostgreSQL killed while Agora runs: started again, service resumes by itself.
    const before = postmasterPid();
    process.kill(before, 'SIGKILL');
    await eventually(async () => (await ask(port, token, ++n)) !== null, 10_000, 200);
    expect(postmasterPid()).not.toBe(before);
    expect(await siteinfoAnswers(port)).toBe(true);
    const readiness = () =>
      fetch(`http://127.0.0.1:${operatorPort}/readyz`).then(
        (r) => r.status === 200,
        () => false,
      );
    await eventually(readiness, 10_000, 200);
    expect(second.output()).toContain(`PostgreSQL (pid ${before}) stopped unexpectedly`);
    expect(second.output()).toContain('PostgreSQL is running again');

    // Nothing secret in the logs.
    expect(first.output() + second.output()).not.toContain(password);
  }, 120_000);

  it.runIf(process.getuid?.() === 0)(
    'as root, stops with a message naming the folder the server user cannot enter, and exits non-zero',
    async () => {
      const closed = mkdtempSync(path.join(os.tmpdir(), 'agora-closed-'));
      try {
        const started = spawnSync(process.execPath, ['launcher/agora.mjs', 'start'], {
          cwd: repoRoot,
          env: {
            ...process.env,
            AGORA_DATA_DIR: path.join(closed, 'agora'),
            AGORA_PORT: String(await freePort()),
            AGORA_INSTALLER: 'off',
          },
          encoding: 'utf8',
          timeout: 60_000,
        });
        expect(started.status).toBe(1);
        const said = started.stdout + started.stderr;
        expect(said).toContain('Agora could not start: PostgreSQL runs as the system user');
        expect(said).toContain(`that user cannot enter ${closed}. Let it pass (chmod o+x ${closed})`);
      } finally {
        rmSync(closed, { recursive: true, force: true });
      }
    },
    70_000,
  );
});
