/**
 * The user list in Chromium (issue 21 item 1): the week's most reputation, the week's most votes and the staff,
 * each member linked to their profile; en_US and zh_CN, desktop and mobile screenshots.
 */

import { defaultSiteSettings, Role } from '@agora/contracts';
import { postsService } from '@agora/posts';
import { updateSettingsGroup } from '@agora/site';
import { tagsService } from '@agora/tags';
import { createUser } from '@agora/test-support/accounts';
import { votesService } from '@agora/votes';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumPath, DESKTOP, launchChromium } from './support/browser';
import { shoot } from './support/screens';
import { waitForPath } from './support/session';
import { startWebStack, type WebStack, webHarness } from './support/web-stack';

const required = process.env.CI === 'true' || process.env.AGORA_TEST_FULL === '1';
const _API = '/answer/api/v1';

describe.skipIf(!chromiumPath() && !required)('user list in Chromium', { timeout: 180_000 }, () => {
  let web: WebStack;
  let browser: Browser;

  const { call, tokenOf, open } = webHarness(() => web);
  const names = (page: Page, section: string) =>
    page.getByTestId(section).getByTestId('user-card').locator('a').allTextContents();

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
    const moderator = await createUser(web.stack, { roleId: Role.moderator, name: 'List Moderator' });
    await createUser(web.stack, { roleId: Role.admin, name: 'List Admin' });
    const author = await createUser(web.stack, { name: 'List Author' });
    const voter = await createUser(web.stack, { name: 'List Voter' });
    await web.stack.settle();
    const [moderatorToken, authorToken, voterToken] = [
      await tokenOf(moderator),
      await tokenOf(author),
      await tokenOf(voter),
    ];
    await call('POST', 'question', moderatorToken, {
      title: 'Which tag do user list questions use?',
      content: 'The moderator brings the tag into use.',
      tags: [{ slug_name: 'people' }],
    });
    await web.stack.settle();
    const question = await call('POST', 'question', authorToken, {
      title: 'Who gains reputation this week on the site?',
      content: 'The author of an up-voted question does.',
      tags: [{ slug_name: 'people' }],
    });
    await web.stack.settle();
    await call('POST', 'vote/up', voterToken, { object_id: question.id });
    await web.stack.settle();
    await web.stack.settle();
  });

  afterAll(async () => {
    await browser?.close();
    await web?.close();
  });

  it('shows the sections with their members, each linked to the profile', async () => {
    const context = await browser.newContext({ viewport: DESKTOP });
    const page = await context.newPage();
    await open(page, '/users');
    await page.getByTestId('users-page').waitFor();
    await expect.poll(() => names(page, 'users-reputation')).toEqual(['List Author']);
    await expect.poll(() => names(page, 'users-votes')).toEqual(expect.arrayContaining(['List Author', 'List Voter']));
    await expect.poll(async () => (await names(page, 'users-staff')).sort()).toEqual(['List Admin', 'List Moderator']);
    await expect
      .poll(() => page.getByTestId('users-reputation').getByTestId('user-card-figure').first().textContent())
      .toBe('10 reputation');
    await shoot(page, 'users');
    await page.getByTestId('users-reputation').getByText('List Author').click();
    await waitForPath(page, '/users/list-author');
    await page.getByTestId('profile-page').waitFor();
    await context.close();
  });

  it('speaks zh_CN', async () => {
    const context = await browser.newContext({ viewport: DESKTOP });
    await context.addInitScript(() =>
      localStorage.setItem('_a_lang_', JSON.stringify({ value: 'zh_CN', expires: Date.now() + 86_400_000 })),
    );
    const page = await context.newPage();
    await open(page, '/users');
    await page.getByRole('heading', { name: '用户', level: 1 }).waitFor();
    await page.getByText('声望最高').waitFor();
    await page.getByText('10 声望').waitFor();
    await shoot(page, 'users-zh_CN');
    await context.close();
  });
});
