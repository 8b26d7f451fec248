/**
 * The notification screens in Chromium (issue 21 item 4): the inbox by kind (all, posts, votes) and the
 * achievements, unread ones marked, newest first and paginated; opening a list clears the bell's or the
 * trophy's red dot; opening an item marks it read; mark all as read; guests go to login; en_US and zh_CN,
 * desktop and mobile screenshots.
 */

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
import { signedIn, waitForPath } from './support/session';
import { startWebStack, type WebStack, webHarness } from './support/web-stack';

const required = process.env.CI === 'true' || process.env.AGORA_TEST_FULL === '1';
const _API = '/answer/api/v1';

describe.skipIf(!chromiumPath() && !required)('notification screens in Chromium', { timeout: 240_000 }, () => {
  let web: WebStack;
  let browser: Browser;
  let asker: Member;
  const questions: string[] = [];

  const { call, tokenOf, settle, open } = webHarness(() => web);
  const dotShown = async (page: Page, id: 'inbox-dot' | 'achievement-dot') =>
    !(await page
      .getByTestId(id)
      .locator('.MuiBadge-badge')
      .evaluate((el) => el.classList.contains('MuiBadge-invisible')));

  beforeAll(async () => {
    [web, browser] = await Promise.all([
      startWebStack({ services: [postsService, votesService, tagsService] }),
      launchChromium(),
    ]);
    await updateSettingsGroup(
      web.stack.service('site').context,
      { group: 'privileges', values: { ...defaultSiteSettings('http://agora.test').privileges, level: 1 } } as never,
      null,
    );
    asker = await memberPage(browser, web.stack, { name: 'Inbox Asker' });
    const answerer = await createUser(web.stack, { name: 'Inbox Answerer' });
    const voter = await createUser(web.stack, { name: 'Inbox Voter' });
    const moderator = await createUser(web.stack, { roleId: 3, name: 'Inbox Moderator' });
    await settle();
    const [askerToken, answererToken, voterToken, moderatorToken] = await Promise.all([
      tokenOf(asker),
      tokenOf(answerer),
      tokenOf(voter),
      tokenOf(moderator),
    ]);
    await call('POST', 'question', moderatorToken, {
      title: 'Which tag do inbox questions use?',
      content: 'The moderator brings the tag into use.',
      tags: [{ slug_name: 'inbox' }],
    });
    await settle();
    // Eleven answered questions: eleven inbox notifications, more than a page of ten.
    for (let i = 0; i < 11; i++) {
      questions.push(
        (
          await call('POST', 'question', askerToken, {
            title: `What does inbox question number ${i + 1} ask?`,
            content: `An inbox question body, number ${i + 1}.`,
            tags: [{ slug_name: 'inbox' }],
          })
        ).id,
      );
    }
    await settle();
    for (const question of questions) {
      await call('POST', 'answer', answererToken, { question_id: question, content: 'An answer that notifies.' });
    }
    // An up-vote: a votes notification in the inbox and +10 in achievements.
    await call('POST', 'vote/up', voterToken, { object_id: questions[0] });
    await settle();
  });

  afterAll(async () => {
    await browser?.close();
    await web?.close();
  });

  it('sends a guest to login', async () => {
    const context = await browser.newContext({ viewport: DESKTOP });
    const page = await context.newPage();
    await open(page, '/users/notifications/inbox');
    await waitForPath(page, '/users/login');
    await context.close();
  });

  it('lists the inbox, clears the bell’s dot, marks read one and all, paginates and filters', async () => {
    const { page } = asker;
    await open(page, '/questions');
    await page.getByTestId('inbox-dot').waitFor();
    await expect.poll(() => dotShown(page, 'inbox-dot'), { timeout: 15_000 }).toBe(true);
    await expect.poll(() => dotShown(page, 'achievement-dot')).toBe(true);
    await page.getByRole('link', { name: 'Inbox', exact: true }).first().click();
    await waitForPath(page, '/users/notifications/inbox');
    await expect.poll(() => page.getByTestId('notification').count()).toBe(10);
    // Seen: the bell's dot goes; the trophy's stays until its own list is opened.
    await expect.poll(() => dotShown(page, 'inbox-dot')).toBe(false);
    expect(await dotShown(page, 'achievement-dot')).toBe(true);
    await expect.poll(() => page.locator('[data-testid="notification"][data-unread="true"]').count()).toBe(10);
    await page.getByTestId('notification').first().getByText('upvoted', { exact: false }).waitFor();
    await shoot(page, 'notifications-inbox');

    await page.getByRole('navigation', { name: 'Pages' }).getByText('2', { exact: true }).click();
    await expect.poll(() => page.getByTestId('notification').count()).toBe(2);
    await page.goBack();

    // Opening one marks it read and goes to its question.
    const first = page.locator('[data-testid="notification"][data-unread="true"]').nth(1);
    const title = (await first.locator('a').last().textContent()) ?? '';
    await first.locator('a').last().click();
    await page.waitForURL(/\/questions\//);
    await page.getByRole('heading', { name: title }).first().waitFor();
    await page.goBack();
    await expect.poll(() => page.locator('[data-testid="notification"][data-unread="true"]').count()).toBe(9);

    await page.getByRole('link', { name: 'Votes', exact: true }).click();
    await waitForPath(page, '/users/notifications/inbox/votes');
    await expect.poll(() => page.getByTestId('notification').count()).toBe(1);

    await page.getByRole('link', { name: 'All', exact: true }).click();
    await page.getByTestId('mark-all-read').click();
    await expect.poll(() => page.locator('[data-testid="notification"][data-unread="true"]').count()).toBe(0);
    await shoot(page, 'notifications-inbox-read');
  });

  it('lists achievements and clears the trophy’s dot', async () => {
    const { page } = asker;
    await open(page, '/questions');
    await expect.poll(() => dotShown(page, 'achievement-dot'), { timeout: 15_000 }).toBe(true);
    await page.getByRole('link', { name: 'Achievements' }).first().click();
    await waitForPath(page, '/users/notifications/achievement');
    await page.getByTestId('notification-rank').getByText('+10').waitFor();
    await expect.poll(() => dotShown(page, 'achievement-dot')).toBe(false);
    await shoot(page, 'notifications-achievement');
  });

  it('speaks zh_CN', async () => {
    const context = await browser.newContext({ viewport: DESKTOP });
    await context.addInitScript(() =>
      localStorage.setItem('_a_lang_', JSON.stringify({ value: 'zh_CN', expires: Date.now() + 86_400_000 })),
    );
    await signedIn(context, web.stack, asker.email, asker.password);
    const page = await context.newPage();
    await open(page, '/users/notifications/inbox');
    await page.getByRole('heading', { name: '通知', level: 1 }).waitFor();
    await page.getByText('全部标为已读').waitFor();
    await expect.poll(() => page.getByTestId('notification').count()).toBe(10);
    await shoot(page, 'notifications-inbox-zh_CN');
    await context.close();
  });
});
