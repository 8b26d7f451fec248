/**
 * The web app in a real browser (Chromium driven by playwright-core) against the services it talks to
 * and a real SMTP server: the account flows, every guard's redirect, the private site, zh_CN, one React
 * instance, and screenshots of every screen at desktop and mobile widths (test-results/web/).
 */
import { defaultSiteSettings } from '@agora/contracts';
import { updateSettingsGroup } from '@agora/site';
import { createUser, login } from '@agora/test-support/accounts';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumPath, DESKTOP, launchChromium } from './support/browser';
import { shoot } from './support/screens';
import { latestLinkCode, signedIn, waitForPath } from './support/session';
import { startWebStack, type WebStack } from './support/web-stack';

const required = process.env.CI === 'true' || process.env.AGORA_TEST_FULL === '1';
if (!chromiumPath() && !required) console.warn('web browser tests skipped: no Chromium (apt-get install -y chromium)');

describe.skipIf(!chromiumPath() && !required)('web app in Chromium', () => {
  let web: WebStack;
  let browser: Browser;
  const contexts: BrowserContext[] = [];

  beforeAll(async () => {
    [web, browser] = await Promise.all([startWebStack(), launchChromium()]);
  });
  afterAll(async () => {
    await browser?.close();
    await web?.close();
  });

  async function newPage(): Promise<{ context: BrowserContext; page: Page }> {
    const context = await browser.newContext({ viewport: DESKTOP });
    contexts.push(context);
    return { context, page: await context.newPage() };
  }
  const open = (page: Page, path: string) => page.goto(`${web.url}${path}`);
  const heading = (page: Page) => page.locator('h1').first().textContent();

  async function setSecurity(values: Record<string, unknown>) {
    const security = { ...defaultSiteSettings('http://agora.test').security, ...values };
    await updateSettingsGroup(web.stack.service('site').context, { group: 'security', values: security }, null);
    await web.stack.settle();
    await new Promise((r) => setTimeout(r, 1100)); // the gateway reads the private-site switch once a second
  }

  it('registers, gets the activation mail, activates, logs out, logs in and logs out', async () => {
    const { page } = await newPage();
    const email = `web-${Date.now()}@example.com`;
    await open(page, '/users/register');
    await page.getByTestId('register-page').waitFor();
    await shoot(page, 'register');

    // The form's client checks before anything is sent.
    await page.locator('form button[type=submit]').click();
    await page.getByText('Display name cannot be empty.').waitFor();
    await page.getByText('Email cannot be empty.').waitFor();
    await page.getByText('Password cannot be empty.').waitFor();
    await page.locator('input[name=pass]').fill('short');
    await page.locator('form button[type=submit]').click();
    await page.getByText('Password must be at least 8 characters.').waitFor();
    await shoot(page, 'register-validation');

    await page.locator('input[name=name]').fill('Web Tester');
    await page.locator('input[name=e_mail]').fill(email);
    await page.locator('input[name=pass]').fill('web-tester-secret');
    await page.locator('form button[type=submit]').click();
    await waitForPath(page, '/users/login', '?status=inactive');
    await page.getByTestId('inactive-page').waitFor();
    expect(await page.getByTestId('inactive-page').textContent()).toContain(email);

    // Resend: 'another mail sent'; the newest link is the one that counts.
    await page.getByRole('button', { name: 'Resend activation email' }).click();
    await page.getByTestId('another-mail-sent').waitFor();
    await shoot(page, 'inactive');
    const code = await latestLinkCode(web.smtp, email, '/users/account-activation', 2);

    await open(page, `/users/account-activation?code=${encodeURIComponent(code)}`);
    await waitForPath(page, '/users/account-activation/success');
    await page.getByTestId('activation-success-page').waitFor();
    await shoot(page, 'activation-success');

    // Logout clears the session and reloads the page.
    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitem', { name: 'Log out' }).click();
    await waitForPath(page, '/');
    await page.getByRole('link', { name: 'Log in' }).waitFor();
    expect(await page.evaluate(() => localStorage.getItem('_a_ltk_'))).toBeNull();

    await page.getByRole('link', { name: 'Log in' }).click();
    await waitForPath(page, '/users/login');
    await page.getByTestId('login-page').waitFor();
    await page.locator('input[name=e_mail]').fill(email);
    await page.locator('input[name=pass]').fill('wrong-password');
    await page.locator('form button[type=submit]').click();
    await page.locator('.Mui-error').first().waitFor();
    await shoot(page, 'login-error');
    await page.locator('input[name=pass]').fill('web-tester-secret');
    await page.locator('form button[type=submit]').click();
    await waitForPath(page, '/');
    await page.getByRole('button', { name: 'Account menu' }).waitFor();
    await shoot(page, 'home-signed-in');

    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitem', { name: 'Log out' }).click();
    await page.getByRole('link', { name: 'Log in' }).waitFor();
  });

  it('redirects an anonymous visitor as each guard says', async () => {
    const { page } = await newPage();
    for (const path of ['/users/change-email', '/users/account-activation/success']) {
      await open(page, path);
      await waitForPath(page, '/users/login');
      await page.getByTestId('login-page').waitFor();
    }
    await open(page, '/user-center/auth'); // no user center here: our own login
    await waitForPath(page, '/users/login');
    for (const path of ['/users/account-recovery', '/users/account-activation/failed', '/users/account-suspended']) {
      await open(page, path);
      await waitForPath(page, path); // open to visitors
    }
  });

  it('sends a signed-in, activated user home from the screens for others', async () => {
    const user = await createUser(web.stack);
    const { context, page } = await newPage();
    await signedIn(context, web.stack, user.email, user.password);
    for (const path of [
      '/users/login',
      '/users/register',
      '/users/account-recovery',
      '/users/account-activation/failed',
      '/users/account-suspended',
      '/user-center/auth',
    ]) {
      await open(page, path);
      await waitForPath(page, '/');
    }
    await open(page, '/users/change-email');
    await page.getByTestId('change-email-page').waitFor();
    await shoot(page, 'change-email');
  });

  it('sends a user whose e-mail is not confirmed to the inactive screen', async () => {
    const user = await createUser(web.stack, { activated: false });
    const { context, page } = await newPage();
    await signedIn(context, web.stack, user.email, user.password);
    await open(page, '/users/account-activation/success');
    await waitForPath(page, '/users/login', '?status=inactive');
    await page.getByTestId('inactive-page').waitFor();
    await open(page, '/users/account-activation/failed');
    await page.getByTestId('activation-failed-page').waitFor();
    await shoot(page, 'activation-failed');
  });

  it('shows a suspended account its screen when it tries to log in', async () => {
    const admin = await createUser(web.stack, { roleId: 2 });
    const user = await createUser(web.stack);
    const suspended = await web.stack.call('PUT', '/answer/admin/api/user/status', {
      token: await login(web.stack, admin),
      body: { user_id: user.id, status: 'suspended' },
    });
    expect(suspended.status).toBe(200);
    await web.stack.settle();
    const { page } = await newPage();
    await open(page, '/users/login');
    await page.locator('input[name=e_mail]').fill(user.email);
    await page.locator('input[name=pass]').fill(user.password);
    await page.locator('form button[type=submit]').click();
    await waitForPath(page, '/users/account-suspended');
    await page.getByTestId('suspended-page').waitFor();
    await shoot(page, 'account-suspended');
  });

  it('closes registration when new registrations are off', async () => {
    const login = { ...defaultSiteSettings('http://agora.test').login, allow_new_registrations: false };
    await updateSettingsGroup(web.stack.service('site').context, { group: 'login', values: login }, null);
    await web.stack.settle();
    try {
      const { page } = await newPage();
      await open(page, '/users/register');
      await waitForPath(page, '/');
      expect(await page.getByRole('link', { name: 'Sign up' }).count()).toBe(0);
    } finally {
      const open = { ...login, allow_new_registrations: true };
      await updateSettingsGroup(web.stack.service('site').context, { group: 'login', values: open }, null);
      await web.stack.settle();
    }
  });

  it('sends an anonymous visitor of a private site to login and back to the page afterwards', async () => {
    const user = await createUser(web.stack);
    await setSecurity({ login_required: true });
    try {
      const { page } = await newPage();
      await open(page, '/questions?sort=newest');
      await waitForPath(page, '/users/login');
      await page.getByTestId('login-page').waitFor();
      await shoot(page, 'private-site-login');
      await page.locator('input[name=e_mail]').fill(user.email);
      await page.locator('input[name=pass]').fill(user.password);
      await page.locator('form button[type=submit]').click();
      await waitForPath(page, '/questions', '?sort=newest');
    } finally {
      await setSecurity({ login_required: false });
    }
  });

  it('switches the interface to zh_CN and keeps the choice', async () => {
    const { page } = await newPage();
    await open(page, '/users/login');
    await page.getByTestId('login-page').waitFor();
    await page.getByRole('combobox', { name: 'Language' }).click();
    await page.getByRole('option', { name: '中文(简体)' }).click();
    await page.getByText('登录 Agora').waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('zh-CN');
    await page.reload();
    await page.getByText('登录 Agora').waitFor();
    expect(await heading(page)).toBe('登录 Agora');
    await shoot(page, 'login-zh_CN');
  });

  it('loads React and every shared module once, however many micro-frontends are mounted', async () => {
    const { context, page } = await newPage();
    // Counts the React DOM renderers that register with the devtools hook: one per copy of react-dom.
    await context.addInitScript(() => {
      const renderers: unknown[] = [];
      (window as any).__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
        renderers: new Map(),
        supportsFiber: true,
        inject(renderer: unknown) {
          renderers.push(renderer);
          return renderers.length;
        },
        onCommitFiberRoot() {},
        onCommitFiberUnmount() {},
        onPostCommitFiberRoot() {},
        checkDCE() {},
      };
      (window as any).__agoraRenderers = renderers;
    });
    const scripts: string[] = [];
    page.on('response', (response) => {
      if (response.url().endsWith('.js')) scripts.push(new URL(response.url()).pathname);
    });
    await open(page, '/users/login');
    await page.getByTestId('login-page').waitFor();
    expect(await page.evaluate(() => (window as any).__agoraRenderers.length)).toBe(1);
    expect(scripts.length).toBe(new Set(scripts).size);
    const importMap = JSON.parse((await page.locator('script[type=importmap]').textContent()) ?? '{}').imports;
    for (const specifier of ['react', 'react-dom/client', '@mui/material', '@tanstack/react-query', '@agora/kit']) {
      expect(scripts.filter((s) => s === importMap[specifier])).toHaveLength(1);
    }
    // Header, nav, footer and errors (shell) and the login screen (users) are all mounted.
    expect(scripts).toContain(importMap['@agora/users']);
    expect(scripts).toContain(importMap['@agora/shell']);
  });

  it('takes a screenshot of every other screen at desktop and mobile widths', async () => {
    const { page } = await newPage();
    const screens: [string, string, string][] = [
      ['login', '/users/login', 'login-page'],
      ['account-recovery', '/users/account-recovery', 'account-recovery-page'],
      ['password-reset', '/users/password-reset?code=some-code', 'password-reset-page'],
      ['password-reset-expired', '/users/password-reset', 'password-reset-expired'],
      ['confirm-new-email-failed', '/users/confirm-new-email?code=nope', 'confirm-new-email-failed'],
      ['confirm-email', '/users/confirm-email?binding_key=k', 'confirm-email-page'],
      ['user-center-auth-failed', '/user-center/auth-failed', 'user-center-auth-failed-page'],
      ['error-403', '/403', 'error-page-403'],
      ['error-50x', '/50x', 'error-page-50X'],
      ['error-404', '/no/such/page', 'error-page-404'],
      ['maintenance', '/maintenance', 'maintenance-page'],
    ];
    for (const [name, path, testId] of screens) {
      await open(page, path);
      await page.getByTestId(testId).waitFor();
      await shoot(page, name);
    }
    // Client checks on the recovery and reset forms.
    await open(page, '/users/password-reset?code=some-code');
    await page.locator('input[name=pass]').fill('new-password-1');
    await page.locator('input[name=pass2]').fill('new-password-2');
    await page.locator('form button[type=submit]').click();
    await page.getByText('Passwords do not match.').waitFor();
    await page.locator('input[name=pass2]').fill('new-password-1');
    await page.locator('form button[type=submit]').click();
    await page.getByTestId('password-reset-expired').waitFor();
    await open(page, '/questions');
    await page.getByRole('link', { name: 'Log in' }).waitFor();
    await shoot(page, 'questions');
  });
});
