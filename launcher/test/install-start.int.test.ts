/**
 * `npm start` on a fresh data directory (docs/adr/0060-installer.md): the installer at /install, the
 * embedded database chosen, installed over HTTP, and the site running in the same process afterwards;
 * a second start reads the config file and starts the site at once.
 */
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { killLaunchers, type LauncherProcess, startLauncher } from '@agora/test-support/launcher-process';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from '../src/embedded-postgres';

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'agora-install-start-'));
chmodSync(dataDir, 0o755);
function start(port: number): LauncherProcess {
  return startLauncher({
    AGORA_DATA_DIR: dataDir,
    AGORA_PORT: String(port),
    AGORA_OPERATOR_PORT: 'off',
    AGORA_DB_CONNECTIONS: '3',
  });
}

async function waitFor(started: LauncherProcess, text: string, timeoutMs = 90_000) {
  const deadline = Date.now() + timeoutMs;
  while (!started.output().includes(text)) {
    if (Date.now() > deadline || started.child.exitCode !== null) {
      throw new Error(`"${text}" never appeared; output:\n${started.output()}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
}

async function stop(started: LauncherProcess) {
  process.kill(-(started.child.pid ?? 0), 'SIGINT');
  await started.exited;
}

afterAll(() => {
  killLaunchers();
  rmSync(dataDir, { recursive: true, force: true });
});

const post = (url: string, body: unknown) =>
  fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

describe('npm start on a fresh data directory', () => {
  it('serves the installer, installs on the embedded database, then runs the site without a restart', async () => {
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const first = start(port);
    await waitFor(first, `Agora is not installed yet: open http://127.0.0.1:${port}/install`);
    const home = await fetch(`${base}/`, { redirect: 'manual' });
    expect(home.status).toBe(302);
    expect(home.headers.get('location')).toBe('/install');
    expect((await fetch(`${base}/answer/api/v1/siteinfo`)).status).toBe(503);

    const check = await (await post(`${base}/installation/db/check`, { db_type: 'embedded' })).json();
    expect(check).toMatchObject({ code: 200, data: { connection_success: true } });
    const init = (await (await post(`${base}/installation/init`, { db_type: 'embedded' })).json()) as { code: number };
    expect(init.code).toBe(200);
    const done = await post(`${base}/installation/base-info`, {
      lang: 'en_US',
      site_name: 'Fresh Agora',
      site_url: base,
      contact_email: 'owner@example.com',
      login_required: false,
      external_content_display: 'ask_before_display',
      name: 'owner',
      email: 'owner@example.com',
      password: 'owner-pass-1',
    });
    expect(await done.json()).toMatchObject({ code: 200 });
    await waitFor(first, `Agora is running at ${base}`);
    expect(first.output()).not.toContain('No admin account yet');

    const info = (await (await fetch(`${base}/answer/api/v1/siteinfo`)).json()) as {
      data: { general: { name: string } };
    };
    expect(info.data.general.name).toBe('Fresh Agora');
    const login = (await (
      await post(`${base}/answer/api/v1/user/login/email`, { e_mail: 'owner@example.com', pass: 'owner-pass-1' })
    ).json()) as { data: { role_id: number } };
    expect(login.data.role_id).toBe(2);
    const configFile = path.join(dataDir, 'config.json');
    expect(JSON.parse(readFileSync(configFile, 'utf8'))).toEqual({ siteUrl: base });
    const again = await post(`${base}/installation/base-info`, {});
    expect(again.status).toBe(400);
    await stop(first);
    await waitFor(first, 'Agora stopped');

    const second = start(port);
    await waitFor(second, `Agora is running at ${base}`);
    expect(second.output()).not.toContain('not installed yet');
    const page = (await (await fetch(`${base}/answer/api/v1/question/page?page=1&page_size=10`)).json()) as {
      data: { count: number };
    };
    expect(page.data.count).toBe(2);
    await stop(second);
    expect(existsSync(configFile)).toBe(true);
  }, 240_000);
});
