/**
 * The profile screens in Chromium (issue 21 item 2): a member's header card with reputation, counts and recent
 * badges; every tab (overview, answers, questions, bookmarks and votes on one's own profile only, reputation
 * with its reasons, comments), sorted and paginated; another member's profile without the own-only tabs (and
 * 403 at their addresses); a suspended member's notice; a deleted member's 404; en_US and zh_CN, desktop and
 * mobile screenshots (test-results/web/).
 */

import { badgesService } from '@agora/badges';
import { defaultSiteSettings, Role } from '@agora/contracts';
import { postsService } from '@agora/posts';
import { searchService } from '@agora/search';
import { updateSettingsGroup } from '@agora/site';
import { tagsService } from '@agora/tags';
import { createUser } from '@agora/test-support/accounts';
import { votesService } from '@agora/votes';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumPath, DESKTOP, launchChromium } from './support/browser';
import { type Member, memberPage } from './support/members';
import { shoot } from './support/screens';
import { signedIn } from './support/session';
import { startWebStack, type WebStack, webHarness } from './support/web-stack';

const required = process.env.CI === 'true' || process.env.AGORA_TEST_FULL === '1';
const _API = '/answer/api/v1';
const ADMIN = '/answer/admin/api';

describe.skipIf(!chromiumPath() && !required)('profile screens in Chromium', { timeout: 240_000 }, () => {
  let web: WebStack;
  let browser: Browser;
  let author: Member;
  let visitor: Member;
  let adminToken = '';
  const questions: string[] = [];

  const { call, tokenOf, settle, open } = webHarness(() => web);
  const tabNames = (page: Page) => page.getByTestId('profile-tabs').locator('a').allTextContents();

  beforeAll(async () => {
    [web, browser] = await Promise.all([
      startWebStack({
        services: [postsService, votesService, tagsService, searchService, badgesService],
        env: { AGORA_SEARCH: 'postgres' },
      }),
      launchChromium(),
    ]);
    // Privilege level 1: plain members may vote up and down.
    await updateSettingsGroup(
      web.stack.service('site').context,
      { group: 'privileges', values: { ...defaultSiteSettings('http://agora.test').privileges, level: 1 } } as never,
      null,
    );
    author = await memberPage(browser, web.stack, { name: 'Profile Author', rank: 200 });
    visitor = await memberPage(browser, web.stack, { name: 'Profile Visitor', rank: 200 });
    const admin = await createUser(web.stack, { roleId: Role.admin, name: 'Profile Admin' });
    await settle();
    const [authorToken, visitorToken] = await Promise.all([tokenOf(author), tokenOf(visitor)]);
    adminToken = await tokenOf(admin);
    await call('POST', 'question', adminToken, {
      title: 'Which tag do profile questions use?',
      content: 'The admin brings the tag into use for everyone.',
      tags: [{ slug_name: 'profiles' }],
    });
    await settle();
    await call('PUT', 'user/info', authorToken, {
      display_name: 'Profile Author',
      username: author.username,
      bio: 'I write about **profiles** and pages.',
      website: 'https://example.org/author',
      location: 'Lisbon',
    });
    // 32 questions: more than a page of 30.
    for (let i = 0; i < 32; i++) {
      const { id } = await call('POST', 'question', authorToken, {
        title: `How does profile question number ${i + 1} read?`,
        content: `A question body long enough for the profile list, number ${i + 1}.`,
        tags: [{ slug_name: 'profiles' }],
      });
      questions.push(id);
    }
    const visitorQuestion = (
      await call('POST', 'question', visitorToken, {
        title: 'What does a visitor ask on this site?',
        content: 'A question the author answers and comments on.',
        tags: [{ slug_name: 'profiles' }],
      })
    ).id;
    await settle();
    const answer = (
      await call('POST', 'answer', authorToken, {
        question_id: visitorQuestion,
        content: 'The author answers the visitor with a useful answer.',
      })
    ).info.id;
    await call('POST', 'comment', authorToken, {
      object_id: visitorQuestion,
      original_text: 'A comment the author leaves on the question.',
      mention_username_list: [],
    });
    await settle();
    await call('POST', 'answer/acceptance', visitorToken, { question_id: visitorQuestion, answer_id: answer });
    // The visitor up-votes the author's question number 5: it leads the score sort.
    await call('POST', 'vote/up', visitorToken, { object_id: questions[4] });
    await call('POST', 'vote/up', visitorToken, { object_id: answer });
    // The author's own votes and bookmarks.
    await call('POST', 'vote/up', authorToken, { object_id: visitorQuestion });
    await call('POST', 'collection/switch', authorToken, { object_id: visitorQuestion, group_id: '0', bookmark: true });
    await settle();
    // The badges earned above are seen: no award pop-up covers the profile.
    for (const token of [authorToken, visitorToken]) {
      await call('PUT', 'notification/read/state/all', token, { type: 'achievement' });
    }
  });

  afterAll(async () => {
    await browser?.close();
    await web?.close();
  });

  it('shows the member’s own profile: header card, every tab, sorted and paginated', async () => {
    const { page } = author;
    await open(page, `/users/${author.username}`);
    await page.getByTestId('profile-page').waitFor();
    await expect.poll(() => page.getByTestId('profile-name').textContent()).toBe('Profile Author');
    await page.getByTestId('profile-bio').getByText('profiles').waitFor();
    await expect.poll(() => page.getByTestId('profile-location').textContent()).toBe('Lisbon');
    await expect.poll(() => page.getByTestId('profile-question-count').textContent()).toContain('32');
    await expect.poll(() => page.getByTestId('profile-answer-count').textContent()).toContain('1');
    // Editing one's profile earns Autobiographer: the recent-badge shelf of the header card shows it.
    await page.getByTestId('recent-badges').getByText('Autobiographer').waitFor({ timeout: 15_000 });
    await expect
      .poll(() => tabNames(page))
      .toEqual(['Overview', 'Answers', 'Questions', 'Bookmarks', 'Reputation', 'Comments', 'Votes']);
    await page.getByTestId('profile-top-answers').getByText('What does a visitor ask on this site?').waitFor();
    await page.getByTestId('profile-top-questions').getByTestId('profile-question').first().waitFor();
    await shoot(page, 'profile-overview');

    await page.getByTestId('profile-tabs').getByText('Questions').click();
    await page.waitForURL(`**/users/${author.username}/questions`);
    await expect.poll(() => page.getByTestId('profile-question').count()).toBe(30);
    await expect
      .poll(() => page.getByTestId('profile-question').first().locator('h3').textContent())
      .toBe('How does profile question number 32 read?');
    await shoot(page, 'profile-questions');
    await page.getByRole('button', { name: 'Score' }).click();
    await expect
      .poll(() => page.getByTestId('profile-question').first().locator('h3').textContent())
      .toBe('How does profile question number 5 read?');
    await page.getByRole('navigation', { name: 'Pages' }).getByText('2', { exact: true }).click();
    await expect.poll(() => page.getByTestId('profile-question').count()).toBe(2);
    expect(new URL(page.url()).search).toBe('?sort=score&page=2');

    await page.getByTestId('profile-tabs').getByText('Answers').click();
    await page.getByTestId('profile-answer').getByText('Accepted').waitFor();
    await shoot(page, 'profile-answers');

    await page.getByTestId('profile-tabs').getByText('Reputation').click();
    // +10 for the upvoted question, +10 for the upvoted answer, +15 for the accepted answer.
    await expect.poll(() => page.getByTestId('profile-reputation').count()).toBe(3);
    await page.getByTestId('profile-reputation').getByText('+15').waitFor();
    await expect
      .poll(() => page.getByTestId('reputation-reason').allTextContents())
      .toEqual(expect.arrayContaining(['upvoted', 'accepted']));
    await shoot(page, 'profile-reputation');

    await page.getByTestId('profile-tabs').getByText('Comments').click();
    await page.getByTestId('profile-comment').getByText('A comment the author leaves on the question.').waitFor();
    await shoot(page, 'profile-comments');

    await page.getByTestId('profile-tabs').getByText('Bookmarks').click();
    await page.getByTestId('profile-bookmark').getByText('What does a visitor ask on this site?').waitFor();
    await shoot(page, 'profile-bookmarks');

    await page.getByTestId('profile-tabs').getByText('Votes').click();
    await page.getByTestId('profile-vote').getByText('What does a visitor ask on this site?').waitFor();
    await shoot(page, 'profile-votes');
  });

  it('hides another member’s bookmarks and votes, and refuses them at their addresses', async () => {
    const { page } = visitor;
    await open(page, `/users/${author.username}`);
    await page.getByTestId('profile-page').waitFor();
    await expect.poll(() => tabNames(page)).toEqual(['Overview', 'Answers', 'Questions', 'Reputation', 'Comments']);
    await expect.poll(() => page.getByText('Edit profile').count()).toBe(0);
    await shoot(page, 'profile-other');
    await open(page, `/users/${author.username}/bookmarks`);
    await page.getByTestId('error-page-403').waitFor();
    await expect.poll(() => page.getByTestId('profile-bookmarks').count()).toBe(0);
    await open(page, `/users/${author.username}/votes`);
    await page.getByTestId('error-page-403').waitFor();
    await open(page, `/users/${author.username}/nonsense`);
    await page.getByTestId('error-page-404').waitFor();
  });

  it('shows a suspended member’s notice, and a deleted member’s profile as 404', async () => {
    const suspended = await createUser(web.stack, { name: 'Suspended Member' });
    const deleted = await createUser(web.stack, { name: 'Deleted Member' });
    await settle();
    await call('PUT', `${ADMIN}/user/status`, adminToken, {
      user_id: suspended.id,
      status: 'suspended',
      suspend_duration: '7d',
    });
    await call('PUT', `${ADMIN}/user/status`, adminToken, { user_id: deleted.id, status: 'deleted' });
    await settle();
    const { page } = visitor;
    await open(page, `/users/${suspended.username}`);
    await page.getByTestId('profile-suspended').getByText('This member is suspended until').waitFor();
    await shoot(page, 'profile-suspended');
    await open(page, `/users/${deleted.username}`);
    await page.getByTestId('error-page-404').waitFor();
    await expect.poll(() => page.getByTestId('profile-page').count()).toBe(0);
    await shoot(page, 'profile-deleted');
  });

  it('speaks zh_CN, for an anonymous visitor too', async () => {
    const context = await browser.newContext({ viewport: DESKTOP });
    await context.addInitScript(() =>
      localStorage.setItem('_a_lang_', JSON.stringify({ value: 'zh_CN', expires: Date.now() + 86_400_000 })),
    );
    const page = await context.newPage();
    await open(page, `/users/${author.username}/answers`);
    await page.getByTestId('profile-answer').first().waitFor();
    await expect.poll(() => tabNames(page)).toEqual(['概览', '回答', '问题', '声望', '评论']);
    await page.getByText('1 个回答').waitFor();
    await shoot(page, 'profile-answers-zh_CN');
    await context.close();
    const own = await browser.newContext({ viewport: DESKTOP });
    await own.addInitScript(() =>
      localStorage.setItem('_a_lang_', JSON.stringify({ value: 'zh_CN', expires: Date.now() + 86_400_000 })),
    );
    await signedIn(own, web.stack, author.email, author.password);
    const ownPage = await own.newPage();
    await open(ownPage, `/users/${author.username}`);
    await ownPage.getByText('编辑资料').waitFor();
    await shoot(ownPage, 'profile-overview-zh_CN');
    await own.close();
  });
});
