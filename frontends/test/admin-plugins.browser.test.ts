/**
 * The admin area's plugins, reasons, member overview and own sign-in in Chromium (issue 22): an admin who is
 * not signed in meets the admin sign-in on an admin page and stays there once signed in, a member signing in
 * there meets the 403 page; the plugin list filters by status and switches the sidebar plugin on, whose form
 * refuses a bad link on its field and saves good ones, and the sidebar then shows them on every page; the
 * reasons list; a member's overview from the user list; the code highlighting plugin colours a question's code. Desktop and mobile screenshots, en_US and zh_CN
 * (test-results/web/).
 */

import { moderationService } from '@agora/moderation';
import { postsService } from '@agora/posts';
import { searchService } from '@agora/search';
import { tagsService } from '@agora/tags';
import { createUser, login } from '@agora/test-support/accounts';
import { votesService } from '@agora/votes';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumPath, DESKTOP, launchChromium } from './support/browser';
import { type Member, memberPage } from './support/members';
import { shoot } from './support/screens';
import { startWebStack, type WebStack } from './support/web-stack';

const required = process.env.CI === 'true' || process.env.AGORA_TEST_FULL === '1';
const HOUR = 3_600_000;

describe.skipIf(!chromiumPath() && !required)(
  'admin plugins, reasons, member overview and sign-in',
  { timeout: 180_000 },
  () => {
    let web: WebStack;
    let browser: Browser;
    let admin: Member;

    const open = (page: Page, path: string) => page.goto(`${web.url}${path}`);
    const freshContext = async (language?: string): Promise<BrowserContext> => {
      const context = await browser.newContext({ viewport: DESKTOP });
      if (language)
        await context.addInitScript(
          (value: string) =>
            localStorage.setItem('_a_lang_', JSON.stringify({ value, expires: Date.now() + 3_600_000 })),
          language,
        );
      return context;
    };
    const signInOn = async (page: Page, email: string, password: string) => {
      const form = page.getByTestId('admin-login-page');
      await form.locator('input[type=email]').fill(email);
      await form.locator('input[type=password]').fill(password);
      await form.locator('button[type=submit]').click();
    };

    beforeAll(async () => {
      [web, browser] = await Promise.all([
        startWebStack({
          services: [postsService, votesService, tagsService, searchService, moderationService],
          env: { AGORA_SEARCH: 'postgres' },
        }),
        launchChromium(),
      ]);
      admin = await memberPage(browser, web.stack, { roleId: 2, name: 'Plugin Admin' });
      await web.stack.settle();
    });

    afterAll(async () => {
      await browser?.close();
      await web?.close();
    });

    it('signs an admin in on the admin sign-in page, and shows a member who signs in there the 403 page', async () => {
      const boss = await createUser(web.stack, { roleId: 2, name: 'Second Admin' });
      const context = await freshContext();
      const page = await context.newPage();
      await open(page, '/admin/installed-plugins');
      await page.getByTestId('admin-login-page').waitFor();
      await shoot(page, 'admin-login');
      await signInOn(page, boss.email, boss.password);
      await page.getByTestId('admin-plugins').waitFor();
      expect(new URL(page.url()).pathname).toBe('/admin/installed-plugins');
      await context.close();

      const member = await createUser(web.stack, { name: 'Plain Member' });
      const other = await freshContext();
      const memberPageOf = await other.newPage();
      await open(memberPageOf, '/admin');
      await signInOn(memberPageOf, member.email, member.password);
      await memberPageOf.getByTestId('error-page-403').waitFor();
      await other.close();
    });

    it('filters the plugins by status, switches the sidebar on and saves its form, and every page shows it', async () => {
      const { page } = admin;
      await open(page, '/admin/installed-plugins');
      const table = page.getByTestId('admin-plugins');
      await table.waitFor();
      expect(await table.locator('tbody tr').count()).toBe(4);
      await shoot(page, 'admin-installed-plugins');

      await page.getByRole('tab', { name: 'Active', exact: true }).click();
      await page.getByTestId('plugins-empty').waitFor();
      await page.getByRole('tab', { name: 'All' }).click();
      const sidebar = page.getByTestId('plugin-agora_sidebar');
      await sidebar.getByRole('button', { name: 'Activate' }).click();
      await sidebar.getByText('Active', { exact: true }).waitFor();
      await page.getByRole('tab', { name: 'Active', exact: true }).click();
      await expect.poll(() => table.locator('tbody tr').count()).toBe(1);

      await page.getByTestId('plugin-agora_sidebar').getByRole('link', { name: 'Settings' }).click();
      const form = page.getByTestId('plugin-config-form');
      await form.waitFor();
      await form.locator('textarea[name=links_text]').fill('Harbour map, javascript:alert(1)');
      await form.locator('button[type=submit]').click();
      await form.getByText(/must be a valid http or https URL/).waitFor();
      await shoot(page, 'admin-plugin-sidebar-error');
      await form.locator('textarea[name=links_text]').fill('Harbour map, https://example.com/map\nTide tables, /tags');
      await form.locator('button[type=submit]').click();
      await page.getByText('Saved.').first().waitFor();
      await shoot(page, 'admin-plugin-sidebar');

      const visitor = await (await freshContext()).newPage();
      await open(visitor, '/');
      const shown = visitor.getByTestId('sidebar-plugin');
      await shown.getByRole('link', { name: 'Harbour map' }).waitFor();
      expect(await shown.getByRole('link', { name: 'Harbour map' }).getAttribute('href')).toBe(
        'https://example.com/map',
      );
      await shown.getByRole('link', { name: 'Tide tables' }).waitFor();
      await shoot(visitor, 'sidebar-plugin-home');
      await visitor.context().close();
    });

    it('refuses a captcha setting out of bounds on its field', async () => {
      const { page } = admin;
      await open(page, '/admin/agora_captcha');
      const form = page.getByTestId('plugin-config-form');
      await form.locator('input[name=characters]').fill('12');
      await form.locator('button[type=submit]').click();
      await form.getByText(/at most 8/).waitFor();
      await shoot(page, 'admin-plugin-captcha-error');
    });

    it('colours code blocks with the theme chosen once code highlighting is on', async () => {
      const token = await login(web.stack, admin);
      const ask = await web.stack.call('POST', '/answer/api/v1/question', {
        token,
        body: {
          title: 'How do I print a greeting in Python?',
          content: 'This is what I tried:\n\n```python\ndef greet(name):\n    return f"Hello, {name}"\n```',
          tags: [{ slug_name: 'python' }],
        },
      });
      expect(ask.status, JSON.stringify(ask.body)).toBe(200);
      const { page } = admin;
      await open(page, '/admin/installed-plugins');
      await page.getByTestId('plugin-agora_code_highlight').getByRole('button', { name: 'Activate' }).click();
      await page.getByTestId('plugin-agora_code_highlight').getByText('Active', { exact: true }).waitFor();
      await open(page, '/admin/agora_code_highlight');
      const form = page.getByTestId('plugin-config-form');
      await form.getByRole('combobox').click();
      await page.getByRole('option', { name: 'monokai' }).click();
      await form.locator('button[type=submit]').click();
      await page.getByText('Saved.').first().waitFor();

      const visitor = await (await freshContext()).newPage();
      await open(visitor, `/questions/${ask.body.data.id}`);
      const code = visitor.locator('pre code.hljs').first();
      await code.waitFor();
      expect(await code.locator('.hljs-keyword').first().textContent()).toBe('def');
      // Monokai's background.
      expect(await code.evaluate((element) => getComputedStyle(element).backgroundColor)).toBe('rgb(39, 40, 34)');
      await shoot(visitor, 'code-highlighting-question');
      await visitor.context().close();
    });

    it('lists the reasons for each action', async () => {
      const { page } = admin;
      await open(page, '/admin/reasons');
      const reasons = page.getByTestId('admin-reasons');
      await reasons.waitFor();
      expect(await reasons.locator('tbody tr').count()).toBeGreaterThan(1);
      await shoot(page, 'admin-reasons');
    });

    it("opens a member's overview from the user list", async () => {
      const member = await createUser(web.stack, { name: 'Overview Person' });
      await login(web.stack, member);
      const { page } = admin;
      await open(page, '/admin/users');
      await page.getByRole('link', { name: 'Overview Person' }).click();
      const overview = page.getByTestId('admin-user-overview');
      await overview.getByRole('heading', { name: 'Overview Person' }).waitFor();
      expect(await page.getByTestId('user-overview-status').textContent()).toBe('Normal');
      await page.getByTestId('user-overview-actions').getByRole('button').first().waitFor();
      await shoot(page, 'admin-user-overview');
    });

    it('speaks zh_CN', async () => {
      const context = await freshContext('zh_CN');
      const token = await login(web.stack, admin);
      const user = (await web.stack.call('GET', '/answer/api/v1/user/info', { token })).body.data;
      await context.addInitScript(
        (stored: Record<string, string>) => {
          for (const [key, value] of Object.entries(stored)) localStorage.setItem(key, value);
        },
        {
          _a_ltk_: JSON.stringify({ value: token, expires: Date.now() + HOUR }),
          _a_lui_: JSON.stringify({ value: { ...user, access_token: token }, expires: Date.now() + HOUR }),
        },
      );
      const page = await context.newPage();
      await open(page, '/admin/installed-plugins');
      await page.getByText('已安装插件').first().waitFor();
      await page.getByText('代码高亮').waitFor();
      await shoot(page, 'admin-installed-plugins-zh_CN');
      await open(page, '/admin/agora_code_highlight');
      await page.getByTestId('plugin-config-form').waitFor();
      await page.getByText('主题').first().waitFor();
      await shoot(page, 'admin-plugin-render-zh_CN');
      await open(page, '/admin/reasons');
      await page.getByTestId('admin-reasons').waitFor();
      await shoot(page, 'admin-reasons-zh_CN');
      await open(page, '/admin/users');
      await page.getByRole('link', { name: 'Plugin Admin' }).click();
      await page.getByTestId('admin-user-overview').getByText('最近登录').waitFor();
      await shoot(page, 'admin-user-overview-zh_CN');
      await context.close();

      const anonymous = await (await freshContext('zh_CN')).newPage();
      await open(anonymous, '/admin');
      await anonymous.getByText('管理后台仅供站点管理员使用。').waitFor();
      await shoot(anonymous, 'admin-login-zh_CN');
      await anonymous.context().close();
    });
  },
);
