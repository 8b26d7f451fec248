/**
 * The admin area in Chromium (issue 22): an admin changes the site name and primary colour, and uploads a
 * logo, and every page shows them; a server field error lands on its field; turning on login_required sends an anonymous visitor
 * to the login page; SMTP set to the test SMTP server sends the test mail; an admin suspends a member, who is then shown the suspended screen; the dark colour
 * scheme and the custom CSS and HTML reach every page; a member meets the 403 page. Desktop and mobile screenshots, en_US and zh_CN (test-results/web/).
 */

import { postsService } from '@agora/posts';
import { searchService } from '@agora/search';
import { tagsService } from '@agora/tags';
import { createUser, login } from '@agora/test-support/accounts';
import { votesService } from '@agora/votes';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumPath, DESKTOP, launchChromium } from './support/browser';
import { type Member, memberPage, PNG } from './support/members';
import { shoot } from './support/screens';
import { waitForPath } from './support/session';
import { startWebStack, type WebStack } from './support/web-stack';

const required = process.env.CI === 'true' || process.env.AGORA_TEST_FULL === '1';
const ADMIN_API = '/answer/admin/api';

describe.skipIf(!chromiumPath() && !required)('admin area in Chromium', { timeout: 180_000 }, () => {
  let web: WebStack;
  let browser: Browser;
  let admin: Member;
  let adminToken: string;

  const open = (page: Page, path: string) => page.goto(`${web.url}${path}`);
  const anonymousPage = async () => (await browser.newContext({ viewport: DESKTOP })).newPage();
  const saveSection = async (page: Page, id: string) => {
    const form = page.getByTestId(`settings-${id}`);
    await form.locator('button[type=submit]').click();
    return form;
  };
  /** The header's background colour and the site name it shows. */
  const header = async (page: Page) => {
    const bar = page.locator('header .MuiAppBar-root').first();
    await bar.waitFor();
    return {
      colour: await bar.evaluate((element) => getComputedStyle(element).backgroundColor),
      text: (await bar.textContent()) ?? '',
    };
  };

  beforeAll(async () => {
    [web, browser] = await Promise.all([
      startWebStack({
        services: [postsService, votesService, tagsService, searchService],
        env: { AGORA_SEARCH: 'postgres' },
      }),
      launchChromium(),
    ]);
    admin = await memberPage(browser, web.stack, { roleId: 2, name: 'Site Admin' });
    adminToken = await login(web.stack, admin);
    await web.stack.settle();
  });

  afterAll(async () => {
    await browser?.close();
    await web?.close();
  });

  it('shows the dashboard with its chart, and the settings pages, to an admin', async () => {
    const { page } = admin;
    await open(page, '/admin');
    await page.getByTestId('admin-dashboard').waitFor();
    await page.getByTestId('activity-chart').waitFor();
    expect(await page.getByTestId('admin-dashboard').textContent()).toContain('Activity in the last 30 days');
    await shoot(page, 'admin-dashboard');
    await open(page, '/admin/write');
    await page.getByTestId('settings-advanced').waitFor();
    await shoot(page, 'admin-write');
  });

  it('changes the site name and primary colour, and every page shows them', async () => {
    const { page } = admin;
    await open(page, '/admin/general');
    const general = page.getByTestId('settings-general');
    // A site made without the installer takes its first admin's address as its contact e-mail.
    await expect.poll(() => general.locator('input[name=contact_email]').inputValue()).toBe(admin.email);
    await general.locator('input[name=name]').fill('Harbour Answers');
    // The site's address is where the browser finds it, so uploaded images load.
    await general.locator('input[name=site_url]').fill(web.url);
    await general.locator('input[name=short_description]').fill('Questions from the harbour');
    await general.locator('textarea[name=description]').fill('Where harbour people ask and answer.');
    await general.locator('input[name=contact_email]').fill('harbour@example.com');
    await saveSection(page, 'general');
    await page.getByText('Saved.').first().waitFor();
    await shoot(page, 'admin-general');

    await open(page, '/admin/themes');
    const theme = page.getByTestId('settings-theme');
    await theme.locator('input[name=primary_color]').fill('#aa3300');
    await saveSection(page, 'theme');
    await page.getByText('Saved.').first().waitFor();
    await shoot(page, 'admin-themes');
    await web.stack.settle();

    const visitor = await anonymousPage();
    for (const path of ['/', '/tags', '/users/login']) {
      await open(visitor, path);
      await expect.poll(async () => (await header(visitor)).text).toContain('Harbour Answers');
      expect((await header(visitor)).colour, path).toBe('rgb(170, 51, 0)');
    }
    await shoot(visitor, 'admin-branded-home');
    await visitor.context().close();
  });

  it('uploads a logo and a square icon, and every page shows the logo', async () => {
    const { page } = admin;
    await open(page, '/admin/branding');
    const branding = page.getByTestId('settings-branding');
    for (const field of ['logo', 'square_icon']) {
      const row = branding
        .locator(`input[name=${field}]`)
        .locator('xpath=ancestor::div[contains(@class,"MuiStack-root")][1]');
      await row.locator('input[type=file]').setInputFiles({ name: `${field}.png`, mimeType: 'image/png', buffer: PNG });
      await expect.poll(() => branding.locator(`input[name=${field}]`).inputValue()).toMatch(/\/uploads\/.+\.png$/);
    }
    await saveSection(page, 'branding');
    await page.getByText('Saved.').first().waitFor();
    await shoot(page, 'admin-branding');
    await web.stack.settle();
    const visitor = await anonymousPage();
    for (const path of ['/', '/tags']) {
      await open(visitor, path);
      const logo = visitor.locator('header img[alt="Harbour Answers"]');
      await logo.waitFor();
      await expect.poll(() => logo.evaluate((image) => (image as HTMLImageElement).naturalWidth)).toBe(1);
    }
    await shoot(visitor, 'admin-logo-home');
    await visitor.context().close();
  });

  it('lists the roles', async () => {
    const { page } = admin;
    await open(page, '/admin/roles');
    await page.getByTestId('admin-roles').getByText('Moderator').waitFor();
    await shoot(page, 'admin-roles');
  });

  it("shows the server's field errors on their fields and keeps what was stored", async () => {
    const { page } = admin;
    await open(page, '/admin/smtp');
    const smtp = page.getByTestId('settings-smtp');
    await smtp.locator('input[name=from_email]').fill('noreply@example.com');
    await smtp.locator('input[name=from_name]').fill('mailer@example.com');
    await smtp.locator('input[name=smtp_host]').fill('smtp.example.com');
    await saveSection(page, 'smtp');
    // The client takes any name; the server refuses an address as a name, on that field.
    await smtp.getByText('From name must be a name, not an email address.').waitFor();
    await shoot(page, 'admin-smtp-error');
    const stored = await web.stack.call('GET', `${ADMIN_API}/setting/smtp`, { token: adminToken });
    expect(stored.body.data.smtp_host).toBe('');
  });

  it('sets SMTP to the test SMTP server, and the test mail arrives', async () => {
    const { page } = admin;
    await open(page, '/admin/smtp');
    const smtp = page.getByTestId('settings-smtp');
    await smtp.locator('input[name=from_email]').fill('noreply@harbour.test');
    await smtp.locator('input[name=from_name]').fill('Harbour Mail');
    await smtp.locator('input[name=smtp_host]').fill('127.0.0.1');
    await smtp.locator('input[name=smtp_port]').fill(String(web.smtp.port));
    await smtp.locator('input[name=smtp_authentication]').uncheck();
    await smtp.locator('input[name=test_email_recipient]').fill('owner@harbour.test');
    await saveSection(page, 'smtp');
    await page.getByText('Saved.').first().waitFor();
    await expect
      .poll(() => web.smtp.received.find((m) => m.recipients.includes('owner@harbour.test'))?.mail.subject, {
        timeout: 20_000,
      })
      .toBe('[Harbour Answers] Test email');
    const mail = web.smtp.received.find((m) => m.recipients.includes('owner@harbour.test'));
    expect(mail?.mail.from?.text).toContain('Harbour Mail');
    await shoot(page, 'admin-smtp-saved');
  });

  it('makes the site private: an anonymous visitor is sent to the login page', async () => {
    const { page } = admin;
    await open(page, '/admin/security');
    const security = page.getByTestId('settings-security');
    await security.locator('input[name=login_required]').check();
    await saveSection(page, 'security');
    await page.getByText('Saved.').first().waitFor();
    await web.stack.settle();
    try {
      const visitor = await anonymousPage();
      await open(visitor, '/questions');
      await waitForPath(visitor, '/users/login');
      await visitor.getByTestId('login-page').waitFor();
      await shoot(visitor, 'admin-private-site-login');
      await visitor.context().close();
    } finally {
      const off = await web.stack.call('PUT', `${ADMIN_API}/siteinfo/security`, {
        token: adminToken,
        body: { login_required: false, external_content_display: 'always_display' },
      });
      expect(off.status).toBe(200);
      await web.stack.settle();
    }
  });

  it('suspends a member from the users page, who is then shown the suspended screen', async () => {
    const member = await createUser(web.stack, { name: 'Noisy Member' });
    await web.stack.settle();
    const { page } = admin;
    await open(page, '/admin/users');
    const row = page.locator(`tr[data-user="${member.username}"]`);
    await row.waitFor();
    await shoot(page, 'admin-users');
    await row.getByRole('button', { name: 'Actions on Noisy Member' }).click();
    await page.getByRole('menuitem', { name: 'Change status' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Submit' }).click();
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    await open(page, '/admin/users?filter=suspended');
    await page.locator(`tr[data-user="${member.username}"]`).getByText('Suspended').waitFor();
    await shoot(page, 'admin-users-suspended');
    await web.stack.settle();

    const visitor = await anonymousPage();
    await open(visitor, '/users/login');
    await visitor.locator('input[name=e_mail]').fill(member.email);
    await visitor.locator('input[name=pass]').fill(member.password);
    await visitor.locator('form button[type=submit]').click();
    await waitForPath(visitor, '/users/account-suspended');
    await visitor.getByTestId('suspended-page').waitFor();
    await visitor.context().close();
  });

  it('refuses to act on the admin themself, with the reason', async () => {
    const { page } = admin;
    await open(page, '/admin/users?filter=staff');
    const row = page.locator(`tr[data-user="${admin.username}"]`);
    await row.getByRole('button', { name: 'Actions on Site Admin' }).click();
    await page.getByRole('menuitem', { name: 'Change status' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Submit' }).click();
    await page.getByRole('dialog').getByText('Forbidden to operate on yourself').waitFor();
    await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
  });

  it('saves the custom privilege level with the admin’s own thresholds, refusing one that is not a number', async () => {
    const { page } = admin;
    await open(page, '/admin/privileges');
    const privileges = page.getByTestId('admin-privileges');
    await privileges.getByLabel('Custom — Reputation thresholds set by the admin.').check();
    const tagAdd = privileges.locator('input[name="tag.add"]');
    await tagAdd.fill('0');
    expect(await privileges.getByRole('button', { name: 'Save' }).isDisabled()).toBe(true);
    await tagAdd.fill('40');
    await privileges.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Saved.').first().waitFor();
    await shoot(page, 'admin-privileges-custom');
    const stored = (await web.stack.call('GET', `${ADMIN_API}/setting/privileges`, { token: adminToken })).body.data;
    expect(stored.selected_level).toBe(99);
    expect(stored.options[3].privileges).toContainEqual({ key: 'tag.add', label: 'Create a new tag', value: 40 });
    // Back to a standard level: its thresholds are shown, not edited.
    await privileges.getByLabel(/^Level 2 — /).check();
    await privileges.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Saved.').first().waitFor();
    expect(await privileges.locator('input[name="tag.add"]').count()).toBe(0);
    await shoot(page, 'admin-privileges');
  });

  it('saves SMTP with only a from address, before the host is known', async () => {
    const { page } = admin;
    await open(page, '/admin/smtp');
    const smtp = page.getByTestId('settings-smtp');
    for (const field of ['from_name', 'smtp_host', 'smtp_username', 'smtp_password', 'test_email_recipient'])
      await smtp.locator(`input[name=${field}]`).fill('');
    await smtp.locator('input[name=from_email]').fill('mail@harbour.test');
    await saveSection(page, 'smtp');
    await page.getByText('Saved.').first().waitFor();
    const stored = (await web.stack.call('GET', `${ADMIN_API}/setting/smtp`, { token: adminToken })).body.data;
    expect([stored.from_email, stored.smtp_host]).toEqual(['mail@harbour.test', '']);
  });

  it('speaks zh_CN', async () => {
    const context = await browser.newContext({ viewport: DESKTOP });
    await context.addInitScript(() =>
      localStorage.setItem('_a_lang_', JSON.stringify({ value: 'zh_CN', expires: Date.now() + 3_600_000 })),
    );
    const token = await login(web.stack, admin);
    const user = (await web.stack.call('GET', '/answer/api/v1/user/info', { token })).body.data;
    await context.addInitScript(
      (stored: Record<string, string>) => {
        for (const [key, value] of Object.entries(stored)) localStorage.setItem(key, value);
      },
      {
        _a_ltk_: JSON.stringify({ value: token, expires: Date.now() + 3_600_000 }),
        _a_lui_: JSON.stringify({ value: { ...user, access_token: token }, expires: Date.now() + 3_600_000 }),
      },
    );
    const page = await context.newPage();
    await open(page, '/admin');
    await page.getByText('最近 30 天的动态').waitFor();
    await shoot(page, 'admin-dashboard-zh_CN');
    await open(page, '/admin/users');
    await page.getByText('添加用户').first().waitFor();
    await shoot(page, 'admin-users-zh_CN');
    await open(page, '/admin/general');
    await page.getByTestId('settings-general').waitFor();
    await shoot(page, 'admin-general-zh_CN');
    await open(page, '/admin/privileges');
    await page.getByText('自定义 — 由管理员设定的声望门槛。').waitFor();
    await shoot(page, 'admin-privileges-zh_CN');
    await context.close();
  });

  it('applies the dark colour scheme and the custom CSS and HTML to every page', async () => {
    const { page } = admin;
    await open(page, '/admin/css-html');
    const custom = page.getByTestId('settings-custom-css-html');
    await custom.locator('textarea[name=custom_css]').fill('.agora-footer { border-top: 3px solid rgb(1, 2, 3); }');
    await custom.locator('textarea[name=custom_header]').fill('<div class="notice">Harbour closed on Sunday</div>');
    await custom.locator('textarea[name=custom_footer]').fill('<p>Harbour Answers, Pier 4</p>');
    await saveSection(page, 'custom-css-html');
    await page.getByText('Saved.').first().waitFor();
    await shoot(page, 'admin-css-html');

    await open(page, '/admin/themes');
    await page.getByRole('combobox', { name: 'Colour scheme' }).click();
    await page.getByRole('option', { name: 'Dark' }).click();
    await saveSection(page, 'theme');
    await page.getByText('Saved.').first().waitFor();
    await web.stack.settle();
    try {
      const visitor = await anonymousPage();
      for (const path of ['/', '/tags']) {
        await open(visitor, path);
        await visitor.getByTestId('custom-header').getByText('Harbour closed on Sunday').waitFor();
        await visitor.getByTestId('custom-footer').getByText('Harbour Answers, Pier 4').waitFor();
        await expect
          .poll(() => visitor.evaluate(() => getComputedStyle(document.body).backgroundColor))
          .toBe('rgb(18, 18, 18)');
        const border = await visitor.evaluate(
          () => getComputedStyle(document.querySelector('.agora-footer') as Element).borderTopColor,
        );
        expect(border, path).toBe('rgb(1, 2, 3)');
      }
      await shoot(visitor, 'admin-dark-custom-home');
      await visitor.context().close();
    } finally {
      const theme = (await web.stack.call('GET', `${ADMIN_API}/siteinfo/theme`, { token: adminToken })).body.data;
      const light = await web.stack.call('PUT', `${ADMIN_API}/siteinfo/theme`, {
        token: adminToken,
        body: { theme: theme.theme, theme_config: theme.theme_config, layout: theme.layout, color_scheme: 'default' },
      });
      expect(light.status).toBe(200);
    }
  });

  it('shows a member the 403 page', async () => {
    const member = await memberPage(browser, web.stack, { name: 'Curious Member' });
    await open(member.page, '/admin');
    await member.page.getByTestId('error-page-403').waitFor();
    await shoot(member.page, 'admin-403');
    await member.page.context().close();
  });
});
