/**
 * The installer in Chromium (docs/adr/0060-installer.md): `npm start`'s launch on a fresh data directory,
 * every page sent to /install, the wizard in zh_CN and en_US, a wrong database password reported in place,
 * then every step to the end, and the admin signing in to the site that runs in the same process.
 * Screenshots of each step at desktop and mobile widths (test-results/web/install-*).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Limits } from '@agora/contracts';
import { freePort } from '@agora/launcher/embedded-postgres';
import { type Launch, launchAgora } from '@agora/launcher/install/launch';
import { loadConfig } from '@agora/platform';
import { createTestDatabase } from '@agora/test-support/database';
import { type OwnPostgres, startOwnPostgres } from '@agora/test-support/own-postgres';
import pino from 'pino';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumPath, DESKTOP, launchChromium } from './support/browser';
import { shoot } from './support/screens';
import { waitForPath } from './support/session';
import { ensureWebBuild } from './support/web-stack';

const required = process.env.CI === 'true' || process.env.AGORA_TEST_FULL === '1';

describe.skipIf(!chromiumPath() && !required)('the installer in Chromium', () => {
  let browser: Browser;
  let launch: Launch;
  let url: string;
  let database: { url: string; drop: () => Promise<void> };
  let other: OwnPostgres;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'agora-install-web-'));

  beforeAll(async () => {
    ensureWebBuild();
    [browser, database, other] = await Promise.all([
      launchChromium(),
      createTestDatabase('installweb'),
      startOwnPostgres({ outageMs: 0 }),
    ]);
    const port = await freePort();
    url = `http://127.0.0.1:${port}`;
    const env = {
      AGORA_DATA_DIR: dataDir,
      AGORA_PORT: String(port),
      AGORA_OPERATOR_PORT: 'off',
      AGORA_DB_CONNECTIONS: '2',
    };
    const configFile = path.join(dataDir, 'config.json');
    const config = loadConfig({ env, file: configFile });
    launch = launchAgora(config, pino({ level: process.env.TEST_LOG_LEVEL ?? 'silent' }), configFile, env);
    // The installer listens once the embedded server's warm-up has begun; wait for the port.
    for (let tries = 0; tries < 100; tries++) {
      if (
        await fetch(`${url}/installation/language/options`).then(
          (r) => r.ok,
          () => false,
        )
      )
        break;
      await new Promise((r) => setTimeout(r, 100));
    }
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await launch?.stop();
    await other?.close();
    await database?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const next = (page: Page) => page.getByRole('button', { name: 'Next' }).click();

  async function fillDatabase(page: Page, target: string, password: string) {
    const parsed = new URL(target);
    await page.getByLabel('A PostgreSQL server').check();
    await page.locator('input[name=db_host]').fill(`${parsed.hostname}:${parsed.port}`);
    await page.locator('input[name=db_name]').fill(parsed.pathname.slice(1));
    await page.locator('input[name=db_username]').fill(decodeURIComponent(parsed.username));
    await page.locator('input[name=db_password]').fill(password);
  }

  it('installs through every step, after a wrong database password, and the admin signs in', async () => {
    const context = await browser.newContext({ viewport: DESKTOP });
    const page = await context.newPage();

    // Every page leads to the wizard until Agora is installed.
    await page.goto(`${url}/questions`);
    await waitForPath(page, '/install');
    await page.getByTestId('install-language').waitFor();

    // zh_CN: the wizard speaks the language picked on its first step.
    await page.locator('[role=combobox]').click();
    await page.getByRole('option', { name: '中文(简体)' }).click();
    await page.getByRole('heading', { name: '安装 Agora' }).waitFor();
    await shoot(page, 'install-language-zh');
    await page.getByRole('button', { name: '下一步' }).click();
    await page.getByTestId('install-database').waitFor();
    await page.getByLabel('PostgreSQL 服务器').check();
    await shoot(page, 'install-database-zh');
    await page.getByRole('button', { name: '上一步' }).click();
    await page.locator('[role=combobox]').click();
    await page.getByRole('option', { name: 'English' }).click();
    await page.getByRole('heading', { name: 'Install Agora' }).waitFor();
    await shoot(page, 'install-language');
    await next(page);

    // A wrong password: the server's reason, in place.
    await page.getByTestId('install-database').waitFor();
    await fillDatabase(page, other.database.url, 'not-the-password');
    await next(page);
    const alert = page.getByTestId('install-database').getByRole('alert');
    await alert.waitFor();
    expect(await alert.textContent()).toMatch(/Database connection failed: .*password authentication failed/);
    await shoot(page, 'install-database-wrong-password');

    await fillDatabase(page, database.url, decodeURIComponent(new URL(database.url).password));
    await next(page);
    await page.getByTestId('install-config').waitFor();
    await page.getByRole('button', { name: 'Write the config file' }).click();
    await page.getByText('The database is chosen').waitFor();
    await shoot(page, 'install-config');
    await next(page);

    // Site information: field errors in place.
    await page.getByTestId('install-site').waitFor();
    await page.locator('input[name=site_url]').fill('');
    await next(page);
    await page.getByText('Site name cannot be empty.').waitFor();
    await page.getByText('Site URL cannot be empty.').waitFor();
    await page.getByText('Contact email cannot be empty.').waitFor();
    await page.locator('input[name=site_name]').fill('x'.repeat(31));
    await page.locator('input[name=site_url]').fill('ftp://example.com');
    await page.locator('input[name=contact_email]').fill('nobody');
    await next(page);
    await page.getByText('Site name must be at most 30 characters.').waitFor();
    await page.getByText('Site URL must start with http:// or https://.').waitFor();
    await page.getByText('Contact email is invalid.').waitFor();
    await shoot(page, 'install-site-errors');
    await page.locator('input[name=site_name]').fill('Browser Agora');
    await page.locator('input[name=site_url]').fill(url);
    await page.locator('input[name=contact_email]').fill('owner@example.com');
    await shoot(page, 'install-site');
    await next(page);

    // The admin account: its checks, then the install.
    await page.getByTestId('install-admin').waitFor();
    await page.locator('input[name=name]').fill('Owner Name');
    await page.locator('input[name=email]').fill('owner@example.com');
    await page.locator('input[name=password]').fill('short');
    await page.getByRole('button', { name: 'Install' }).click();
    await page.getByText('Password must be at least 8 characters.').waitFor();
    await page.getByText('Username is invalid.').waitFor();
    await shoot(page, 'install-admin-errors');
    await page.locator('input[name=name]').fill('owner');
    await page.locator('input[name=password]').fill('owner-pass-1');
    // An install takes longer than an ordinary call may on a busy machine: held past that timeout, it still ends well.
    await page.route('**/installation/base-info', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, Limits.timing.requestTimeoutMs + 500));
      await route.continue();
    });
    await page.getByRole('button', { name: 'Install' }).click();
    await page.getByTestId('install-ready').waitFor({ timeout: 120_000 });
    await shoot(page, 'install-ready');

    // The same process now serves the site: sign in as the admin.
    const agora = await launch.running;
    expect(agora.url).toBe(url);
    await page.getByRole('link', { name: 'Sign in' }).click();
    await page.getByTestId('login-page').waitFor();
    await page.locator('input[name=e_mail]').fill('owner@example.com');
    await page.locator('input[name=pass]').fill('owner-pass-1');
    await page.locator('form button[type=submit]').click();
    await page.waitForFunction(() => Boolean(localStorage.getItem('_a_ltk_')));
    await page.goto(`${url}/`);
    await page.getByTestId('question-rows').getByRole('link', { name: 'What is a tag?' }).waitFor();
    await shoot(page, 'install-site-home');
    const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('_a_lui_') ?? '{}'));
    expect(stored.value).toMatchObject({ role_id: 2, username: 'owner' });
    // The site's name from the installer in the header, and the admin area's entry in the side nav.
    await page.locator('header').getByText('Browser Agora').first().waitFor();
    await page.locator('aside').getByText('Admin').waitFor();
    // The admin area's dashboard, with the version that was installed.
    await page.goto(`${url}/admin`);
    const dashboard = page.getByTestId('admin-dashboard');
    await dashboard.waitFor({ timeout: 30_000 });
    await expect.poll(() => dashboard.textContent()).toMatch(/\d+\.\d+\.\d+/);
    await shoot(page, 'install-admin-dashboard');

    // The wizard again, on the installed site: the spec's "already installed" outcome.
    await page.goto(`${url}/install`);
    await page.getByTestId('install-already-installed').waitFor();
    await page.getByText('Agora is installed here already').waitFor();
    await shoot(page, 'install-already-installed');
  }, 240_000);
});
