/**
 * "Delete permanently" on the admin's Deleted lists in Chromium (issue 22): the button shows on the Deleted filter
 * of questions, answers and users only, asks first (cancel changes nothing), and empties the list; en_US and zh_CN,
 * desktop and mobile screenshots (test-results/web/).
 */

import { moderationService } from '@agora/moderation';
import { postsService } from '@agora/posts';
import { tagsService } from '@agora/tags';
import { createUser, login } from '@agora/test-support/accounts';
import { votesService } from '@agora/votes';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumPath, DESKTOP, launchChromium } from './support/browser';
import { type Member, memberPage } from './support/members';
import { shoot } from './support/screens';
import { signedIn } from './support/session';
import { startWebStack, type WebStack } from './support/web-stack';

const required = process.env.CI === 'true' || process.env.AGORA_TEST_FULL === '1';
const API = '/answer/api/v1';
const ADMIN = '/answer/admin/api';

describe.skipIf(!chromiumPath() && !required)('permanent delete in Chromium', { timeout: 240_000 }, () => {
  let web: WebStack;
  let browser: Browser;
  let admin: Member;
  let adminToken = '';
  let gone = '';
  let goneAnswer = '';

  const call = async (method: string, url: string, token: string, body?: unknown) => {
    const response = await web.stack.call(method, url, { token, body });
    if (response.status !== 200) throw new Error(`${method} ${url}: ${JSON.stringify(response.body)}`);
    return response.body.data;
  };
  const open = (page: Page, path: string) => page.goto(`${web.url}${path}`);
  const settle = async () => {
    await web.stack.settle();
    await web.stack.settle();
  };

  beforeAll(async () => {
    [web, browser] = await Promise.all([
      startWebStack({ services: [postsService, votesService, tagsService, moderationService] }),
      launchChromium(),
    ]);
    admin = await memberPage(browser, web.stack, { roleId: 2, name: 'Purge Admin' });
    const author = await createUser(web.stack, { name: 'Purge Author' });
    const leaver = await createUser(web.stack, { name: 'Purge Leaver' });
    await settle();
    adminToken = await login(web.stack, admin);
    const authorToken = await login(web.stack, author);
    await call('POST', `${API}/tag`, adminToken, { slug_name: 'purging', display_name: 'purging', original_text: '' });
    await settle();
    const ask = async (title: string) =>
      (
        await call('POST', `${API}/question`, authorToken, {
          title,
          content: 'A question for the permanent delete.',
          tags: [{ slug_name: 'purging' }],
        })
      ).id as string;
    const kept = await ask('Which question stays after the permanent delete?');
    gone = await ask('Which question is deleted and then purged for good?');
    goneAnswer = (
      await call('POST', `${API}/answer`, adminToken, { question_id: kept, content: 'An answer purged for good.' })
    ).info.id;
    await settle();
    await call('PUT', `${ADMIN}/question/status`, adminToken, { question_id: gone, status: 'deleted' });
    await call('PUT', `${ADMIN}/answer/status`, adminToken, { answer_id: goneAnswer, status: 'deleted' });
    await call('PUT', `${ADMIN}/user/status`, adminToken, { user_id: leaver.id, status: 'deleted' });
    await settle();
  });

  afterAll(async () => {
    await browser?.close();
    await web?.close();
  });

  it('offers it on the Deleted questions only, asks first, and empties the list', async () => {
    const { page } = admin;
    await open(page, '/admin/questions');
    await page.getByTestId('admin-questions').getByText('Which question stays after the permanent delete?').waitFor();
    expect(await page.getByTestId('purge-open').count()).toBe(0);
    await open(page, '/admin/questions?status=deleted');
    const table = page.getByTestId('admin-questions');
    await table.locator(`[data-question="${gone}"]`).waitFor();
    await shoot(page, 'admin-purge-questions');
    await page.getByTestId('purge-open').click();
    await page.getByTestId('purge-dialog').getByText('This cannot be undone.', { exact: false }).waitFor();
    await shoot(page, 'admin-purge-questions-confirm');
    // Cancelled, nothing goes.
    await page.getByTestId('purge-dialog').getByRole('button', { name: 'Cancel' }).click();
    await table.locator(`[data-question="${gone}"]`).waitFor();
    await page.getByTestId('purge-open').click();
    await page.getByTestId('purge-confirm').click();
    await page.getByTestId('contents-none').waitFor();
    await expect.poll(() => page.getByTestId('purge-open').isDisabled()).toBe(true);
    const deleted = await call('GET', `${ADMIN}/question/page?status=deleted`, adminToken);
    expect(deleted.count).toBe(0);
    expect((await web.stack.call('GET', `${API}/question/info?id=${gone}`, { token: adminToken })).status).toBe(404);
  });

  it('purges the deleted answers', async () => {
    const { page } = admin;
    await open(page, '/admin/answers?status=deleted');
    const table = page.getByTestId('admin-answers');
    await table.locator(`[data-answer="${goneAnswer}"]`).waitFor();
    await page.getByTestId('purge-open').click();
    await page.getByTestId('purge-dialog').getByText('with its comments and revisions', { exact: false }).waitFor();
    await page.getByTestId('purge-confirm').click();
    await page.getByTestId('contents-none').waitFor();
    expect((await call('GET', `${ADMIN}/answer/page?status=deleted`, adminToken)).count).toBe(0);
  });

  it('purges the deleted users', async () => {
    const { page } = admin;
    await open(page, '/admin/users?filter=deleted');
    const table = page.getByTestId('admin-users');
    await table.getByText('Purge Leaver').waitFor();
    await shoot(page, 'admin-purge-users');
    await page.getByTestId('purge-open').click();
    await page
      .getByTestId('purge-dialog')
      .getByText('Posts they left show a deleted user.', { exact: false })
      .waitFor();
    await page.getByTestId('purge-confirm').click();
    await expect.poll(() => table.getByText('Purge Leaver').count()).toBe(0);
    expect((await call('GET', `${ADMIN}/users/page?status=deleted`, adminToken)).count).toBe(0);
  });

  it('speaks zh_CN', async () => {
    const context = await browser.newContext({ viewport: DESKTOP });
    await context.addInitScript(() =>
      localStorage.setItem('_a_lang_', JSON.stringify({ value: 'zh_CN', expires: Date.now() + 86_400_000 })),
    );
    await signedIn(context, web.stack, admin.email, admin.password);
    const page = await context.newPage();
    const another = (
      await call('POST', `${API}/question`, adminToken, {
        title: 'Which deleted question shows in Chinese?',
        content: 'A question deleted for the Chinese screen.',
        tags: [{ slug_name: 'purging' }],
      })
    ).id as string;
    await settle();
    await call('PUT', `${ADMIN}/question/status`, adminToken, { question_id: another, status: 'deleted' });
    await open(page, '/admin/questions?status=deleted');
    await page.getByTestId('admin-questions').locator(`[data-question="${another}"]`).waitFor();
    await page.getByTestId('purge-open').getByText('永久删除').click();
    await page.getByTestId('purge-dialog').getByText('此操作无法撤销', { exact: false }).waitFor();
    await shoot(page, 'admin-purge-zh_CN');
    await context.close();
  });
});
