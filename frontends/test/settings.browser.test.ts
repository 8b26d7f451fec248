/**
 * The settings screens in Chromium (issue 21 items 3 and 6): a member edits the profile and sees it on the
 * profile page; a taken username is refused in place with what was typed kept; uploads an avatar, and a file
 * that is not an image is refused with the field error; a field the admin locks is disabled; switches e-mail
 * notifications; changes the password (a wrong current one refused in place) and is signed out here and
 * elsewhere; switches the interface to zh_CN; guests are sent to login. Desktop and mobile screenshots.
 */

import { deflateSync } from 'node:zlib';
import { defaultSiteSettings } from '@agora/contracts';
import { postsService } from '@agora/posts';
import { updateSettingsGroup } from '@agora/site';
import { tagsService } from '@agora/tags';
import { createUser } from '@agora/test-support/accounts';
import { votesService } from '@agora/votes';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumPath, DESKTOP, launchChromium } from './support/browser';
import { type Member, memberPage } from './support/members';
import { shoot } from './support/screens';
import { latestLinkCode, signedIn, waitForPath } from './support/session';
import { startWebStack, type WebStack } from './support/web-stack';

/** A 64×48 PNG (a wide picture, so the crop has room to move), made in the browser-free way: raw pixels. */
const PICTURE = widePng(64, 48);

const required = process.env.CI === 'true' || process.env.AGORA_TEST_FULL === '1';
const API = '/answer/api/v1';

describe.skipIf(!chromiumPath() && !required)('settings screens in Chromium', { timeout: 240_000 }, () => {
  let web: WebStack;
  let browser: Browser;
  let member: Member;

  const call = async (method: string, url: string, token: string | undefined, body?: unknown) =>
    web.stack.call(method, `${API}/${url}`, { token, body });
  const tokenOf = async (who: { email: string; password: string }) =>
    (await call('POST', 'user/login/email', undefined, { e_mail: who.email, pass: who.password })).body.data
      .access_token as string;
  const open = (page: Page, path: string) => page.goto(`${web.url}${path}`);
  const usersSettings = (values: Partial<ReturnType<typeof defaultSiteSettings>['users']>) =>
    updateSettingsGroup(
      web.stack.service('site').context,
      { group: 'users', values: { ...defaultSiteSettings('http://agora.test').users, ...values } } as never,
      null,
    );

  beforeAll(async () => {
    [web, browser] = await Promise.all([
      startWebStack({ services: [postsService, votesService, tagsService] }),
      launchChromium(),
    ]);
    // The system avatar by default: no picture is fetched from outside in the test.
    await usersSettings({ default_avatar: 'system' });
    member = await memberPage(browser, web.stack, { name: 'Settings Member' });
    await web.stack.settle();
  });

  afterAll(async () => {
    await browser?.close();
    await web?.close();
  });

  it('sends a guest to login, keeping the settings page as the target', async () => {
    const context = await browser.newContext({ viewport: DESKTOP });
    const page = await context.newPage();
    await open(page, '/users/settings/profile');
    await waitForPath(page, '/users/login');
    await context.close();
  });

  it('edits the profile, refuses a taken username in place, and shows the change on the profile page', async () => {
    const other = await createUser(web.stack, { name: 'Taken Name' });
    await web.stack.settle();
    const { page } = member;
    await open(page, '/users/settings');
    const form = page.getByTestId('profile-settings');
    await form.waitFor();
    await shoot(page, 'settings-profile');
    await form.getByLabel('Display name').fill('Renamed Member');
    await form.getByLabel('Username').fill(other.username);
    await form.getByLabel('About me (Markdown)').fill('I like **bold** claims.');
    await form.getByLabel('Website').fill('https://example.net/me');
    await form.getByLabel('Location').fill('Porto');
    await page.getByTestId('editor-preview').locator('strong', { hasText: 'bold' }).waitFor();
    await form.getByRole('button', { name: 'Save' }).click();
    // The server's per-field error, in place; what was typed is kept, nothing changed.
    await form.getByText('This username is already in use.', { exact: false }).waitFor();
    expect(await form.getByLabel('Display name').inputValue()).toBe('Renamed Member');
    expect(await form.getByLabel('Username').inputValue()).toBe(other.username);
    const token = await tokenOf(member);
    expect((await call('GET', 'user/info', token)).body.data.display_name).toBe('Settings Member');
    await shoot(page, 'settings-profile-error');

    await form.getByLabel('Username').fill(member.username);
    await form.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Update success.', { exact: false }).waitFor();
    await open(page, `/users/${member.username}`);
    await expect.poll(() => page.getByTestId('profile-name').textContent()).toBe('Renamed Member');
    await page.getByTestId('profile-bio').locator('strong', { hasText: 'bold' }).waitFor();
    await expect.poll(() => page.getByTestId('profile-location').textContent()).toBe('Porto');
    await expect.poll(() => page.getByTestId('profile-website').textContent()).toBe('example.net/me');
  });

  it('uploads an avatar, and refuses a file that is not an image with the field error', async () => {
    const { page } = member;
    await open(page, '/users/settings/profile');
    const field = page.getByTestId('avatar-field');
    await field.waitFor();
    // Claims to be a PNG: the browser lets it through, the server finds it is not one.
    await page.getByTestId('avatar-file').setInputFiles({
      name: 'fake.png',
      mimeType: 'image/png',
      buffer: Buffer.from('this is not a picture at all'),
    });
    await page.getByTestId('avatar-error').waitFor();
    await shoot(page, 'settings-avatar-error');
    // A real picture: cropped to a square first (zoomed in, moved), then uploaded.
    await page.getByTestId('avatar-file').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: PICTURE });
    const crop = page.getByTestId('avatar-crop');
    await crop.waitFor();
    const zoom = crop.getByRole('slider', { name: 'Zoom' });
    await zoom.focus();
    for (let i = 0; i < 20; i++) await page.keyboard.press('ArrowRight');
    await expect.poll(async () => Number(await zoom.getAttribute('aria-valuenow'))).toBeGreaterThan(1.5);
    await shoot(page, 'settings-avatar-crop');
    await crop.getByRole('button', { name: 'Use this picture' }).click();
    await expect.poll(() => crop.count()).toBe(0);
    await expect.poll(() => field.getByRole('radio', { name: 'Custom' }).isChecked()).toBe(true);
    await expect.poll(() => page.getByTestId('avatar-error').count()).toBe(0);
    await page.getByTestId('profile-settings').getByRole('button', { name: 'Save' }).click();
    await page.getByText('Update success.', { exact: false }).waitFor();
    const info = (await call('GET', `personal/user/info?username=${member.username}`, undefined)).body.data;
    expect(info.avatar).toMatch(/\/uploads\/[0-9a-f]+\.png$/);
    // Kept: the settings page opens with the uploaded picture chosen. (The picture's address is on the test
    // stack's site URL, which the browser cannot reach, so it is not drawn.)
    await page.reload();
    await expect
      .poll(() => page.getByTestId('avatar-field').getByRole('radio', { name: 'Custom' }).isChecked())
      .toBe(true);
  });

  it('disables the fields the admin locks', async () => {
    await usersSettings({ default_avatar: 'system', allow_update_username: false, allow_update_avatar: false });
    try {
      const { page } = member;
      await open(page, '/users/settings/profile');
      const form = page.getByTestId('profile-settings');
      await form.waitFor();
      await expect.poll(() => form.getByLabel('Username').isDisabled()).toBe(true);
      await expect.poll(() => form.getByLabel('Display name').isDisabled()).toBe(false);
      await expect.poll(() => form.getByRole('radio', { name: 'Gravatar' }).isDisabled()).toBe(true);
    } finally {
      await usersSettings({ default_avatar: 'system' });
    }
  });

  it('switches e-mail notifications and the digest', async () => {
    const { page } = member;
    await open(page, '/users/settings/notify');
    const form = page.getByTestId('notify-settings');
    await form.waitFor();
    await page.getByTestId('notify-all_new_question').locator('input').check();
    await page.getByTestId('notify-digest').locator('..').click();
    await page.getByRole('option', { name: 'Weekly' }).click();
    await form.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Update success.', { exact: false }).waitFor();
    const config = (await call('GET', 'user/notification/config', await tokenOf(member))).body.data;
    expect(config.all_new_question.enable).toBe(true);
    expect(config.digest).toBe('weekly');
    await page.reload();
    await expect.poll(() => page.getByTestId('notify-all_new_question').locator('input').isChecked()).toBe(true);
    await shoot(page, 'settings-notify');
  });

  it('switches the interface to zh_CN and the member’s own time zone', async () => {
    const { page } = member;
    await open(page, '/users/settings/interface');
    await page.getByTestId('interface-settings').waitFor();
    await shoot(page, 'settings-interface');
    await page.getByTestId('interface-language').locator('..').click();
    await page.getByRole('option', { name: '中文(简体)' }).click();
    await page.getByTestId('interface-time-zone').selectOption('Asia/Shanghai');
    await page.getByTestId('interface-settings').getByRole('button', { name: 'Save' }).click();
    await page.getByRole('heading', { name: '设置', level: 1 }).waitFor();
    const saved = (await call('GET', 'user/info', await tokenOf(member))).body.data;
    expect([saved.language, saved.time_zone]).toEqual(['zh_CN', 'Asia/Shanghai']);
    await page.reload();
    await expect.poll(() => page.getByTestId('interface-time-zone').inputValue()).toBe('Asia/Shanghai');
    await shoot(page, 'settings-interface-zh_CN');
    await open(page, '/users/settings/notify');
    await page.getByText('邮件通知').waitFor();
    await shoot(page, 'settings-notify-zh_CN');
    await open(page, '/users/settings/account');
    await page.getByText('修改密码').first().waitFor();
    await shoot(page, 'settings-account-zh_CN');
    // Back to English for the next screens.
    await open(page, '/users/settings/interface');
    await page.getByTestId('interface-language').locator('..').click();
    await page.getByRole('option', { name: 'English' }).click();
    await page.getByTestId('interface-settings').getByRole('button', { name: '保存' }).click();
    await page.getByRole('heading', { name: 'Settings', level: 1 }).waitFor();
  });

  it('changes the e-mail and the password: wrong passwords refused in place; then every session ends', async () => {
    const { page } = member;
    // The same member signed in elsewhere.
    const elsewhere = await browser.newContext({ viewport: DESKTOP });
    await signedIn(elsewhere, web.stack, member.email, member.password);
    const otherPage = await elsewhere.newPage();
    await open(otherPage, '/users/settings/profile');
    await otherPage.getByTestId('profile-settings').waitFor();

    await open(page, '/users/settings/account');
    // A new e-mail address: a wrong password is refused in place, the right one sends the confirmation link.
    const email = page.getByTestId('email-settings');
    await email.getByLabel('New email').fill('renamed-member@example.com');
    await email.getByLabel('Password', { exact: true }).fill('not-the-password');
    await email.getByRole('button', { name: 'Send a confirmation link' }).click();
    await email.getByText('The current password is incorrect.').waitFor();
    expect(await email.getByLabel('New email').inputValue()).toBe('renamed-member@example.com');
    await email.getByLabel('Password', { exact: true }).fill(member.password);
    await email.getByRole('button', { name: 'Send a confirmation link' }).click();
    await page.getByTestId('email-change-sent').waitFor();
    await latestLinkCode(web.smtp, 'renamed-member@example.com', '/users/confirm-new-email');
    const form = page.getByTestId('password-settings');
    await form.waitFor();
    await shoot(page, 'settings-account');
    await form.getByLabel('Current password').fill('not-the-password');
    await form.getByLabel('New password', { exact: true }).fill('a-brand-new-secret');
    await form.getByLabel('Repeat new password').fill('a-brand-new-secret');
    await form.getByRole('button', { name: 'Change password' }).click();
    await form.getByText('The current password is incorrect.', { exact: false }).waitFor();
    expect(await form.getByLabel('New password', { exact: true }).inputValue()).toBe('a-brand-new-secret');
    await shoot(page, 'settings-password-error');

    await form.getByLabel('Current password').fill(member.password);
    await form.getByRole('button', { name: 'Change password' }).click();
    await waitForPath(page, '/users/login');
    await page.getByText('Password changed.', { exact: false }).waitFor();
    // Elsewhere, the next call finds the session gone: back to login.
    await open(otherPage, '/users/settings/notify');
    await waitForPath(otherPage, '/users/login');
    await elsewhere.close();
    const login = await call('POST', 'user/login/email', undefined, {
      e_mail: member.email,
      pass: 'a-brand-new-secret',
    });
    expect(login.status).toBe(200);
  });
});

/** A PNG of `width`×`height` opaque pixels in two colours (left half blue, right half orange). */
function widePng(width: number, height: number): Buffer {
  const crc = (bytes: Buffer) => {
    let c = ~0;
    for (const byte of bytes) {
      c ^= byte;
      for (let k = 0; k < 8; k++) c = (c >>> 1) ^ (0xedb88320 & -(c & 1));
    }
    return ~c >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const head = Buffer.alloc(4);
    head.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const tail = Buffer.alloc(4);
    tail.writeUInt32BE(crc(body));
    return Buffer.concat([head, body, tail]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // truecolour
  const rows: number[] = [];
  for (let y = 0; y < height; y++) {
    rows.push(0);
    for (let x = 0; x < width; x++) rows.push(...(x < width / 2 ? [30, 80, 220] : [240, 140, 30]));
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.from(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
