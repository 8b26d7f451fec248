/**
 * The first-run installer (docs/adr/0060-installer.md), route by route against real PostgreSQL: the test
 * server's database as an external PostgreSQL, and a second real server for a wrong password.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type HttpApp, loadConfig } from '@agora/platform';
import { createTestDatabase } from '@agora/test-support/database';
import { startOwnPostgres } from '@agora/test-support/own-postgres';
import pg from 'pg';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Installed, Installer } from '../src/install/installer';
import { createInstallerApp } from '../src/install/installer-app';
import { SERVICE_SCHEMAS } from '../src/install/tables';

const log = pino({ level: process.env.TEST_LOG_LEVEL ?? 'silent' });
const dirs: string[] = [];
const cleanups: (() => Promise<void>)[] = [];

function dataDir() {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'agora-install-'));
  dirs.push(dir);
  return dir;
}

function configOf(dir: string) {
  return loadConfig({
    env: {
      AGORA_DATA_DIR: dir,
      AGORA_OPERATOR_PORT: 'off',
      AGORA_DB_CONNECTIONS: '2',
      AGORA_SITE_URL: 'http://agora.test',
    },
  });
}

interface Wizard {
  app: HttpApp;
  installer: Installer;
  configFile: string;
  installed: Promise<Installed>;
  call(
    method: string,
    url: string,
    body?: unknown,
    language?: string,
  ): Promise<{ status: number; body: any; headers: any }>;
}

async function wizard(configFile?: string): Promise<Wizard> {
  const dir = dataDir();
  const file = configFile ?? path.join(dir, 'config.json');
  let done: (installed: Installed) => void = () => {};
  const installed = new Promise<Installed>((resolve) => (done = resolve));
  const installer = new Installer({ config: configOf(dir), log, configFile: file, onInstalled: done });
  const app = await createInstallerApp(configOf(dir), log, installer);
  cleanups.push(async () => {
    await app.close();
    await installer.stopEmbedded();
  });
  return {
    app,
    installer,
    configFile: file,
    installed,
    async call(method, url, body, language = 'en_US') {
      const response = await app.inject({
        method: method as 'GET',
        url,
        headers: { 'accept-language': language },
        ...(body === undefined ? {} : { payload: body as object }),
      });
      const text = response.body;
      return {
        status: response.statusCode,
        body: text.startsWith('{') || text.startsWith('[') ? JSON.parse(text) : text,
        headers: response.headers,
      };
    },
  };
}

/** The test server's database, as the wizard's external PostgreSQL fields name it. */
function fieldsOf(url: string, overrides: Record<string, unknown> = {}) {
  const parsed = new URL(url);
  return {
    db_type: 'postgres',
    db_host: `${parsed.hostname}:${parsed.port}`,
    db_name: parsed.pathname.slice(1),
    db_username: decodeURIComponent(parsed.username),
    db_password: decodeURIComponent(parsed.password),
    ...overrides,
  };
}

const siteInfo = {
  lang: 'zh_CN',
  site_name: 'Agora 测试站',
  site_url: 'https://qa.example.com',
  contact_email: 'owner@example.com',
  login_required: true,
  external_content_display: 'always_display',
  name: 'owner',
  email: 'owner@example.com',
  password: 'owner-pass-1',
};

async function schemasIn(url: string): Promise<string[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query('select nspname from pg_namespace where nspname = any($1::text[])', [
      SERVICE_SCHEMAS,
    ]);
    return rows.map((r) => r.nspname as string);
  } finally {
    await client.end();
  }
}

let database: { url: string; drop: () => Promise<void> };

beforeAll(async () => {
  database = await createTestDatabase('install');
});

afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup().catch(() => {});
  await database?.drop();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

describe('before installation', () => {
  it('lists the languages and gives the wizard its translations', async () => {
    const w = await wizard();
    const options = await w.call('GET', '/installation/language/options');
    expect(options.status).toBe(200);
    expect(options.body.data).toEqual([
      { label: 'English', value: 'en_US', progress: 100 },
      { label: '中文(简体)', value: 'zh_CN', progress: 100 },
    ]);
    const zh = await w.call('GET', '/installation/language/config?lang=zh_CN');
    const en = await w.call('GET', '/installation/language/config?lang=en_US');
    expect(zh.status).toBe(200);
    expect(Object.keys(zh.body.data).length).toBeGreaterThan(0);
    expect(zh.body.data).not.toEqual(en.body.data);
    expect((await w.call('GET', '/installation/language/config')).body.data[0]).toMatchObject({
      error_field: 'lang',
    });
  });

  it('reports no config file and no database yet', async () => {
    const w = await wizard();
    const check = await w.call('POST', '/installation/config-file/check');
    expect(check.body).toMatchObject({
      code: 200,
      data: { config_file_exist: false, db_connection_success: false, db_table_exist: false },
    });
  });

  it('sends every page to /install and answers the API with 503 and a message', async () => {
    const w = await wizard();
    for (const page of ['/', '/questions', '/users/login', '/admin']) {
      const response = await w.call('GET', page);
      expect(response.status, page).toBe(302);
      expect(response.headers.location).toBe('/install');
    }
    const api = await w.call('GET', '/answer/api/v1/siteinfo');
    expect(api.status).toBe(503);
    expect(api.body).toMatchObject({ code: 503, reason: 'error.install.not_installed', data: null });
    expect(api.body.msg).toContain('/install');
    const admin = await w.call('POST', '/answer/admin/api/users', {}, 'zh_CN');
    expect(admin.status).toBe(503);
    expect(admin.body.msg).toContain('尚未安装');
    const page = await w.call('GET', '/install');
    expect(page.status).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
  });

  it('checks an external PostgreSQL, reporting why it cannot connect', async () => {
    const w = await wizard();
    const good = await w.call('POST', '/installation/db/check', fieldsOf(database.url));
    expect(good.body).toMatchObject({ code: 200, data: { connection_success: true } });

    const other = await startOwnPostgres({ outageMs: 0 });
    cleanups.push(() => other.close());
    const wrong = await w.call(
      'POST',
      '/installation/db/check',
      fieldsOf(other.database.url, { db_password: 'not-it' }),
    );
    expect(wrong.status).toBe(400);
    expect(wrong.body).toMatchObject({
      reason: 'error.install.database_connection_failed',
      data: { err_type: 'alert' },
    });
    expect(wrong.body.msg).toMatch(/^Database connection failed: .*password authentication failed/);

    const nowhere = await w.call('POST', '/installation/db/check', fieldsOf(database.url, { db_host: '127.0.0.1:1' }));
    expect(nowhere.status).toBe(400);
    expect(nowhere.body.msg).toMatch(/ECONNREFUSED/);

    const mysql = await w.call('POST', '/installation/db/check', { db_type: 'mysql' });
    expect(mysql.status).toBe(400);
    expect(mysql.body.data).toEqual([{ error_field: 'db_type', error_msg: expect.stringContaining('PostgreSQL') }]);

    const unknown = await w.call('POST', '/installation/db/check', { db_type: 'oracle' });
    expect(unknown.status).toBe(400);
    expect(unknown.body.data[0].error_field).toBe('db_type');
  });

  it('gives each wrong site or admin field its own message, and needs a database first', async () => {
    const w = await wizard();
    const bad = await w.call('POST', '/installation/base-info', {
      ...siteInfo,
      site_name: 'x'.repeat(31),
      site_url: 'not a url',
      contact_email: 'nobody',
      password: 'short',
    });
    expect(bad.status).toBe(400);
    expect(bad.body.data.map((f: { error_field: string }) => f.error_field).sort()).toEqual([
      'contact_email',
      'password',
      'site_name',
      'site_url',
    ]);
    const tooLong = await w.call('POST', '/installation/base-info', { ...siteInfo, password: 'p'.repeat(33) });
    expect(tooLong.body.data).toEqual([{ error_field: 'password', error_msg: expect.stringContaining('32') }]);
    const first = await w.call('POST', '/installation/base-info', siteInfo);
    expect(first.status).toBe(400);
    expect(first.body).toMatchObject({ reason: 'error.install.database_not_chosen', data: { err_type: 'alert' } });
  });

  it('shows the config file to copy when it cannot be written, and installs nothing', async () => {
    const dir = dataDir();
    writeFileSync(path.join(dir, 'not-a-folder'), '');
    const w = await wizard(path.join(dir, 'not-a-folder', 'config.json'));
    const init = await w.call('POST', '/installation/init', fieldsOf(database.url));
    expect(init.status).toBe(400);
    expect(init.body.reason).toBe('error.install.create_config_failed');
    expect(init.body.data).toMatchObject({ success: false, create_config_failed: true, err_type: 'alert' });
    expect(JSON.parse(init.body.data.default_config)).toEqual({ databaseUrl: expect.stringContaining('postgres://') });
    expect(init.body.msg).toContain('not-a-folder');
    expect(await schemasIn(database.url)).toEqual([]);
  });
});

describe('an install that fails at its last step', () => {
  it('drops the tables it made and writes no config file', async () => {
    const dir = dataDir();
    const folder = path.join(dir, 'etc');
    const w = await wizard(path.join(folder, 'config.json'));
    expect((await w.call('POST', '/installation/init', fieldsOf(database.url))).status).toBe(200);
    // The folder turns into a file between the check and the write: the write fails.
    rmSync(folder, { recursive: true });
    writeFileSync(folder, '');
    const failed = await w.call('POST', '/installation/base-info', siteInfo);
    expect(failed.status).toBe(400);
    expect(failed.body).toMatchObject({
      reason: 'error.install.create_config_failed',
      data: { create_config_failed: true },
    });
    expect(JSON.parse(failed.body.data.default_config)).toMatchObject({ siteUrl: 'https://qa.example.com' });
    expect(await schemasIn(database.url)).toEqual([]);
    expect(existsSync(path.join(folder, 'config.json'))).toBe(false);
  }, 120_000);
});

describe('an install', () => {
  let w: Wizard;
  let installed: Installed;

  beforeAll(async () => {
    w = await wizard();
    expect((await w.call('POST', '/installation/init', fieldsOf(database.url))).body).toMatchObject({
      code: 200,
      data: null,
    });
    const done = await w.call('POST', '/installation/base-info', siteInfo, 'zh_CN');
    expect(done.body).toMatchObject({ code: 200, data: null });
    installed = await w.installed;
    cleanups.push(() => installed.agora.close());
  }, 120_000);

  it('writes the config file naming the database, readable by Agora only', () => {
    const written = JSON.parse(readFileSync(w.configFile, 'utf8'));
    expect(written).toEqual({ databaseUrl: expect.stringContaining('postgres://'), siteUrl: 'https://qa.example.com' });
    expect(loadConfig({ env: {}, file: w.configFile }).databaseUrl).toBe(written.databaseUrl);
    expect((statSync(w.configFile).mode & 0o777).toString(8)).toBe('600');
  });

  it('sets up the site, the admin and the starter content in the chosen language', async () => {
    const { gateway } = installed.agora;
    const siteinfo = async () => JSON.parse((await gateway.inject({ url: '/answer/api/v1/siteinfo' })).body).data;
    // The settings the installer wrote are projected as the new site starts: read until they are there.
    await expect.poll(async () => (await siteinfo()).general.name, { timeout: 20_000 }).toBe('Agora 测试站');
    const info = await siteinfo();
    expect(info.general).toMatchObject({
      name: 'Agora 测试站',
      site_url: 'https://qa.example.com',
      contact_email: 'owner@example.com',
    });
    expect(info.interface.language).toBe('zh_CN');
    expect(info.site_security.login_required).toBe(true);

    const login = JSON.parse(
      (
        await gateway.inject({
          method: 'POST',
          url: '/answer/api/v1/user/login/email',
          payload: { e_mail: 'owner@example.com', pass: 'owner-pass-1' },
        })
      ).body,
    );
    expect(login.data).toMatchObject({ role_id: 2, username: 'owner' });
    const token = login.data.access_token as string;
    // The starter content's lists and tags are projected as the new site starts: read until they are there.
    const starter = async () => {
      const page = JSON.parse(
        (
          await gateway.inject({
            url: '/answer/api/v1/question/page?page=1&page_size=10',
            headers: { authorization: token },
          })
        ).body,
      );
      return (page.data?.list ?? [])
        .map((q: { title: string; answer_count: number; tags: { slug_name: string }[] }) => ({
          title: q.title,
          answers: q.answer_count,
          tags: q.tags.map((t) => t.slug_name),
        }))
        .sort((a: { title: string }, b: { title: string }) => a.title.localeCompare(b.title));
    };
    await expect
      .poll(starter, { timeout: 20_000 })
      .toEqual(
        ['什么是声望？怎样获得声望？', '什么是标签？']
          .sort((a, b) => a.localeCompare(b))
          .map((title) => ({ title, answers: 1, tags: ['support'] })),
      );
  });

  it('refuses a second install, in the installer and in the installed site', async () => {
    for (const route of ['/installation/init', '/installation/db/check']) {
      const again = await w.call('POST', route, fieldsOf(database.url));
      expect(again.status, route).toBe(400);
      expect(again.body.reason).toBe('error.install.already_installed');
    }
    expect((await w.call('POST', '/installation/base-info', siteInfo)).body.reason).toBe(
      'error.install.already_installed',
    );

    const { gateway } = installed.agora;
    const check = JSON.parse((await gateway.inject({ method: 'POST', url: '/installation/config-file/check' })).body);
    expect(check.data).toEqual({ config_file_exist: true, db_connection_success: true, db_table_exist: true });
    const refused = await gateway.inject({ method: 'POST', url: '/installation/base-info', payload: siteInfo });
    expect(refused.statusCode).toBe(400);
    expect(JSON.parse(refused.body)).toMatchObject({
      reason: 'error.install.config_file_exists',
      data: { err_type: 'alert' },
    });
    const options = JSON.parse((await gateway.inject({ url: '/installation/language/options' })).body);
    expect(options.data).toHaveLength(2);
  });

  it('refuses another installer on the same database: its tables are there', async () => {
    const other = await wizard();
    const init = await other.call('POST', '/installation/init', fieldsOf(database.url));
    expect(init.status).toBe(400);
    expect(init.body).toMatchObject({ reason: 'error.install.already_installed', data: { err_type: 'alert' } });
  });
});
