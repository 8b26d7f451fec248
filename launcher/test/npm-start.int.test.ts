import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { chmodSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defaultSiteSettings } from '@agora/contracts';
import { ChangeFeed, connectDatabase, EventStore, loadConfig, type ServiceContext } from '@agora/platform';
import { updateSettingsGroup } from '@agora/site';
import pino from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from '../src/embedded-postgres';

const repoRoot = path.resolve(import.meta.dirname, '../..');
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'agora-start-'));
chmodSync(dataDir, 0o755);
const running = new Set<ChildProcess>();

interface Started {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
}

/** `npm start` in its own process group, as a person would type it. */
function npmStart(env: Record<string, string>): Started {
  let output = '';
  const child = spawn('npm', ['start'], {
    cwd: repoRoot,
    // A fresh data directory given its admin by the operator command, as before the installer (the installer's
    // own start is install-start.int.test.ts).
    env: { ...process.env, AGORA_DATA_DIR: dataDir, LOG_LEVEL: 'info', AGORA_INSTALLER: 'off', ...env },
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.add(child);
  child.stdout?.on('data', (chunk) => (output += chunk));
  child.stderr?.on('data', (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) =>
    child.once('exit', (code) => {
      running.delete(child);
      resolve(code);
    }),
  );
  return { child, output: () => output, exited };
}

async function waitFor(started: Started, text: string, timeoutMs = 60_000, untilExit = true) {
  const deadline = Date.now() + timeoutMs;
  while (!started.output().includes(text)) {
    if (Date.now() > deadline || (untilExit && started.child.exitCode !== null)) {
      throw new Error(`"${text}" never appeared; output:\n${started.output()}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Ctrl-C to the whole process group. npm ends at once; Agora, its child, finishes its clean stop after. */
async function stop(started: Started) {
  process.kill(-started.child.pid!, 'SIGINT');
  await started.exited;
  await waitFor(started, 'Agora stopped', 60_000, false);
}

afterAll(() => {
  for (const child of running) process.kill(-child.pid!, 'SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
});

describe('npm start', () => {
  it('starts PostgreSQL, every service and the gateway in a fresh data directory, stops on Ctrl-C, and reuses its data', async () => {
    const port = await freePort();
    const operatorPort = await freePort();
    const first = npmStart({ AGORA_PORT: String(port), AGORA_OPERATOR_PORT: String(operatorPort) });
    await waitFor(first, `Agora is running at http://127.0.0.1:${port}`);
    const siteinfo = await (await fetch(`http://127.0.0.1:${port}/answer/api/v1/siteinfo`)).json();
    expect(siteinfo).toMatchObject({ code: 200, reason: 'base.success', data: { general: { name: 'Agora' } } });
    // Health, readiness (every service's) and metrics on the operator port only (docs/adr/0041-operator-port.md).
    for (const url of ['/healthz', '/readyz', '/metrics']) {
      expect((await fetch(`http://127.0.0.1:${port}${url}`)).status, `public ${url}`).toBe(404);
      expect((await fetch(`http://127.0.0.1:${operatorPort}${url}`)).status, `operator ${url}`).toBe(200);
    }
    expect(first.output()).toContain('No admin account yet. Create one with: npm run agora -- admin create');

    // The operator command, against the running instance, as the start-up hint says.
    const created = spawnSync(
      'npm',
      [
        'run',
        '--silent',
        'agora',
        '--',
        'admin',
        'create',
        '--email',
        'owner@example.com',
        '--name',
        'Site Owner',
        '--password',
        'owner-pass-1',
      ],
      { cwd: repoRoot, env: { ...process.env, AGORA_DATA_DIR: dataDir, LOG_LEVEL: 'warn' }, encoding: 'utf8' },
    );
    expect(created.status, created.stderr).toBe(0);
    expect(created.stdout).toContain('Created the admin owner@example.com.');
    const login = (await (
      await fetch(`http://127.0.0.1:${port}/answer/api/v1/user/login/email`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ e_mail: 'owner@example.com', pass: 'owner-pass-1' }),
      })
    ).json()) as { data: { access_token: string; role_id: number } };
    expect(login.data.role_id).toBe(2);
    const roles = await fetch(`http://127.0.0.1:${port}/answer/admin/api/roles`, {
      headers: { authorization: login.data.access_token },
    });
    expect(roles.status).toBe(200);

    const status = spawnSync('npm', ['run', '--silent', 'agora', '--', 'projections', 'status'], {
      cwd: repoRoot,
      env: { ...process.env, AGORA_DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
      encoding: 'utf8',
    });
    expect(status.status, status.stderr).toBe(0);
    expect(status.stdout).toMatch(/^posts\.actors\tlag \d+\tdead letters 0$/m);
    expect(status.stdout).toMatch(/^identity\.site-settings\tlag \d+\tdead letters 0$/m);
    expect(status.stdout).toMatch(/^posts\.content-removal\t/m);

    // Change a setting through the site service's own command, against the running instance's database.
    const { databaseUrl } = JSON.parse(readFileSync(path.join(dataDir, 'runtime.json'), 'utf8'));
    const database = connectDatabase({ url: databaseUrl, schema: 'site', maxConnections: 1 });
    const config = loadConfig({ env: {} });
    // A feed that is never started: this process caches nothing, the running instance hears the NOTIFY.
    const changes = new ChangeFeed({ url: databaseUrl, schema: 'site', log: pino({ level: 'silent' }) });
    const context = { name: 'site', config, database, store: new EventStore(database.db, 'site'), changes };
    await updateSettingsGroup(
      context as ServiceContext,
      { group: 'general', values: { ...defaultSiteSettings().general, name: 'Kept' } },
      null,
    );
    await database.close();

    // Ctrl-C reaches npm too, which ends by the signal; Agora itself must finish its clean stop.
    await stop(first);
    expect(first.output()).toContain('Agora stopped');
    expect(first.output()).not.toMatch(/"level":50/);

    const second = npmStart({ AGORA_PORT: String(port) });
    await waitFor(second, 'Agora is running at');
    const after = (await (await fetch(`http://127.0.0.1:${port}/answer/api/v1/siteinfo`)).json()) as {
      data: { general: { name: string } };
    };
    expect(after.data.general.name).toBe('Kept');
    expect(second.output()).not.toContain('No admin account yet');
    await stop(second);
    expect(second.output()).toContain('Agora stopped');
  }, 180_000);

  it('refuses a bad setting with a message that names it', async () => {
    const started = npmStart({ AGORA_PORT: 'eighty' });
    const code = await started.exited;
    expect(code).not.toBe(0);
    expect(started.output()).toContain('AGORA_PORT (port) must be a whole number from 1 to 65535, got "eighty"');
  });
});
