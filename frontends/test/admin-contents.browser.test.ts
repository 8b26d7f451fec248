/**
 * The admin's content pages in Chromium (issue 22 item 4, issue 20 item 5): the questions list by status and
 * search, closing a question after confirming (it moves to Closed), the answers list and deleting an answer,
 * the flags page with a pending flag handled (it moves to Handled), all in the admin menu. en_US and zh_CN,
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

describe.skipIf(!chromiumPath() && !required)('admin content pages in Chromium', { timeout: 240_000 }, () => {
  let web: WebStack;
  let browser: Browser;
  let admin: Member;
  let kept = '';
  let closing = '';
  let answer = '';

  const call = async (method: string, url: string, token: string, body?: unknown) => {
    const response = await web.stack.call(method, `${API}/${url}`, { token, body });
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
    admin = await memberPage(browser, web.stack, { roleId: 2, name: 'Contents Admin' });
    const author = await createUser(web.stack, { name: 'Contents Author' });
    const flagger = await createUser(web.stack, { name: 'Contents Flagger' });
    await settle();
    const [adminToken, authorToken, flaggerToken] = await Promise.all([
      login(web.stack, admin),
      login(web.stack, author),
      login(web.stack, flagger),
    ]);
    await call('POST', 'tag', adminToken, { slug_name: 'contents', display_name: 'contents', original_text: '' });
    await settle();
    const ask = async (title: string) =>
      (
        await call('POST', 'question', authorToken, {
          title,
          content: 'A question for the admin content pages.',
          tags: [{ slug_name: 'contents' }],
        })
      ).id as string;
    kept = await ask('Which question stays available on the admin page?');
    closing = await ask('Which question will the admin close from the list?');
    answer = (
      await call('POST', 'answer', adminToken, { question_id: kept, content: 'An answer the admin will delete.' })
    ).info.id;
    await settle();
    await call('POST', 'report', flaggerToken, { object_id: kept, report_type: 57 });
    await settle();
  });

  afterAll(async () => {
    await browser?.close();
    await web?.close();
  });

  it('lists questions by status, searches them, and closes one after confirming', async () => {
    const { page } = admin;
    await open(page, '/admin/questions');
    const table = page.getByTestId('admin-questions');
    await table.getByText('Which question will the admin close from the list?').waitFor();
    await table.getByText('Which question stays available on the admin page?').waitFor();
    await shoot(page, 'admin-questions');
    await page.getByTestId('content-search').fill('stays');
    await expect.poll(() => table.locator('tbody tr').count()).toBe(1);
    await page.getByTestId('content-search').fill('');
    await expect.poll(() => table.locator('tbody tr').count()).toBe(2);
    await table.locator(`[data-question="${closing}"]`).getByTestId('content-actions').click();
    await page.getByTestId('content-set-closed').click();
    await page.getByRole('dialog').getByText('takes no new answers', { exact: false }).waitFor();
    await shoot(page, 'admin-questions-confirm');
    await page.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
    await expect.poll(() => table.locator(`[data-question="${closing}"]`).count()).toBe(0);
    await page.getByTestId('content-filters').getByRole('button', { name: 'Closed' }).click();
    await table.locator(`[data-question="${closing}"]`).waitFor();
  });

  it('lists answers and deletes one after confirming', async () => {
    const { page } = admin;
    await open(page, '/admin/answers');
    const table = page.getByTestId('admin-answers');
    await table.getByText('An answer the admin will delete.').waitFor();
    await shoot(page, 'admin-answers');
    await table.locator(`[data-answer="${answer}"]`).getByTestId('content-actions').click();
    await page.getByTestId('content-set-deleted').click();
    await page.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
    await page.getByTestId('contents-none').waitFor();
    await page.getByTestId('content-filters').getByRole('button', { name: 'Deleted' }).click();
    await table.locator(`[data-answer="${answer}"]`).waitFor();
  });

  it('shows the flags for admins, and handles a pending one', async () => {
    const { page } = admin;
    await open(page, '/admin/flags');
    const table = page.getByTestId('admin-flags');
    await table.getByText('Which question stays available on the admin page?').waitFor();
    await table.getByText('Contents Flagger').waitFor();
    await shoot(page, 'admin-flags');
    await table.getByTestId('admin-flag-ignore_report').click();
    await page.getByTestId('flags-none').waitFor();
    await page.getByTestId('flag-filters').getByRole('button', { name: 'Handled' }).click();
    await table.getByText('Ignored').waitFor();
    // The admin menu leads to each page.
    await page.getByRole('link', { name: 'Questions' }).first().waitFor();
  });

  it('speaks zh_CN', async () => {
    const context = await browser.newContext({ viewport: DESKTOP });
    await context.addInitScript(() =>
      localStorage.setItem('_a_lang_', JSON.stringify({ value: 'zh_CN', expires: Date.now() + 86_400_000 })),
    );
    await signedIn(context, web.stack, admin.email, admin.password);
    const page = await context.newPage();
    await open(page, '/admin/questions?status=closed');
    await page.getByRole('heading', { name: '问题', level: 1 }).waitFor();
    await page.getByTestId('content-filters').getByRole('button', { name: '已关闭' }).waitFor();
    await page.getByTestId('admin-questions').getByText('Which question will the admin close from the list?').waitFor();
    await shoot(page, 'admin-questions-zh_CN');
    await context.close();
  });
});
