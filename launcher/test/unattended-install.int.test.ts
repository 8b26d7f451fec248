/**
 * The unattended install (docs/adr/0060-installer.md): `AGORA_AUTO_INSTALL` with `AGORA_INSTALL_*` installs
 * on start without the wizard, a second start finds the installation and just starts, and a wrong setting
 * stops the start naming it, with nothing written.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '@agora/platform';
import { createTestDatabase } from '@agora/test-support/database';
import { startOwnPostgres } from '@agora/test-support/own-postgres';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../src/embedded-postgres';
import { launchAgora } from '../src/install/launch';
import { hasAgoraTables } from '../src/install/tables';
import { unattendedRequests } from '../src/install/unattended';

const log = pino({ level: process.env.TEST_LOG_LEVEL ?? 'silent' });
const dirs: string[] = [];
let database: { url: string; drop: () => Promise<void> };

beforeAll(async () => {
  database = await createTestDatabase('unattended');
});

afterAll(async () => {
  await database?.drop();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

function installEnv(url: string, overrides: Record<string, string> = {}): Record<string, string> {
  const parsed = new URL(url);
  return {
    AGORA_AUTO_INSTALL: 'true',
    AGORA_INSTALL_DB_TYPE: 'postgres',
    AGORA_INSTALL_DB_HOST: `${parsed.hostname}:${parsed.port}`,
    AGORA_INSTALL_DB_NAME: parsed.pathname.slice(1),
    AGORA_INSTALL_DB_USERNAME: decodeURIComponent(parsed.username),
    AGORA_INSTALL_DB_PASSWORD: decodeURIComponent(parsed.password),
    AGORA_INSTALL_LANGUAGE: 'en_US',
    AGORA_INSTALL_SITE_NAME: 'Unattended',
    AGORA_INSTALL_SITE_URL: 'https://unattended.example.com',
    AGORA_INSTALL_CONTACT_EMAIL: 'ops@example.com',
    AGORA_INSTALL_LOGIN_REQUIRED: 'false',
    AGORA_INSTALL_ADMIN_NAME: 'ops',
    AGORA_INSTALL_ADMIN_EMAIL: 'ops@example.com',
    AGORA_INSTALL_ADMIN_PASSWORD: 'ops-pass-12',
    ...overrides,
  };
}

async function launch(dir: string, env: Record<string, string>) {
  const configFile = path.join(dir, 'config.json');
  const fullEnv = {
    AGORA_DATA_DIR: dir,
    AGORA_PORT: String(await freePort()),
    AGORA_OPERATOR_PORT: 'off',
    AGORA_DB_CONNECTIONS: '2',
    ...env,
  };
  const config = loadConfig({ env: fullEnv, file: configFile });
  return { launch: launchAgora(config, log, configFile, fullEnv), configFile };
}

describe('unattended install settings', () => {
  it('names every missing or wrong variable', () => {
    expect(() =>
      unattendedRequests({ AGORA_INSTALL_DB_TYPE: 'mysql2', AGORA_INSTALL_ADMIN_PASSWORD: 'short' }),
    ).toThrow(
      /AGORA_INSTALL_DB_TYPE .*AGORA_INSTALL_SITE_NAME .*AGORA_INSTALL_SITE_URL .*AGORA_INSTALL_CONTACT_EMAIL .*AGORA_INSTALL_ADMIN_NAME .*AGORA_INSTALL_ADMIN_EMAIL .*AGORA_INSTALL_ADMIN_PASSWORD must not have fewer than 8 characters/s,
    );
  });

  it('takes the embedded database, English and open reading by default', () => {
    const { database: db, site } = unattendedRequests({
      AGORA_INSTALL_SITE_NAME: 'Site',
      AGORA_INSTALL_SITE_URL: 'http://localhost:9080',
      AGORA_INSTALL_CONTACT_EMAIL: 'a@example.com',
      AGORA_INSTALL_ADMIN_NAME: 'admin',
      AGORA_INSTALL_ADMIN_EMAIL: 'a@example.com',
      AGORA_INSTALL_ADMIN_PASSWORD: 'password-1',
    });
    expect(db).toEqual({ db_type: 'embedded' });
    expect(site).toMatchObject({ lang: 'en_US', login_required: false, external_content_display: 'always_display' });
  });
});

describe('AGORA_AUTO_INSTALL', () => {
  it('stops the start on a wrong database password, naming why, with nothing written', async () => {
    const other = await startOwnPostgres({ outageMs: 0 });
    try {
      const dir = mkdtempSync(path.join(os.tmpdir(), 'agora-unattended-'));
      dirs.push(dir);
      const { launch: started, configFile } = await launch(
        dir,
        installEnv(other.database.url, { AGORA_INSTALL_DB_PASSWORD: 'wrong-one' }),
      );
      await expect(started.running).rejects.toThrow(
        /the unattended install failed: Database connection failed: .*password authentication failed/,
      );
      await started.stop();
      expect(existsSync(configFile)).toBe(false);
    } finally {
      await other.close();
    }
  }, 60_000);

  it('installs on start, and a second start with the same settings just starts the site', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'agora-unattended-'));
    dirs.push(dir);
    const first = await launch(dir, installEnv(database.url));
    const agora = await first.launch.running;
    try {
      expect(JSON.parse(readFileSync(first.configFile, 'utf8'))).toMatchObject({
        siteUrl: 'https://unattended.example.com',
      });
      const info = JSON.parse((await agora.gateway.inject({ url: '/answer/api/v1/siteinfo' })).body);
      expect(info.data.general.name).toBe('Unattended');
      expect(await agora.hasAdmin()).toBe(true);
    } finally {
      await first.launch.stop();
    }
    expect(await hasAgoraTables(database.url)).toBe(true);

    const second = await launch(dir, installEnv(database.url, { AGORA_INSTALL_SITE_NAME: 'Renamed' }));
    const again = await second.launch.running;
    try {
      const info = JSON.parse((await again.gateway.inject({ url: '/answer/api/v1/siteinfo' })).body);
      expect(info.data.general.name).toBe('Unattended');
      const page = JSON.parse((await again.gateway.inject({ url: '/answer/api/v1/question/page?page=1' })).body);
      expect(page.data.count).toBe(2);
    } finally {
      await second.launch.stop();
    }
  }, 120_000);
});
