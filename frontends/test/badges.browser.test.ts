/**
 * The badge screens in Chromium (issue 19 item 5): a member who earned badges through the services' own
 * events gets the pop-up and opens the badge's page with its awards; /badges shows the catalogue by group
 * with the member's earned marks; a member's badges page shows the recent shelf; an up-vote cast on the
 * question page earns "First Upvote", which pops up and appears on the voter's badges; en_US and zh_CN,
 * desktop and mobile screenshots (test-results/web/).
 */

import { badgesService } from '@agora/badges';
import { BADGES, defaultSiteSettings } from '@agora/contracts';
import { postsService } from '@agora/posts';
import { postsFor } from '@agora/posts/service';
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
const idOf = (key: string) => BADGES.find((b) => b.key === key)!.id;

describe.skipIf(!chromiumPath() && !required)('badge screens in Chromium', { timeout: 180_000 }, () => {
  let web: WebStack;
  let browser: Browser;
  let asker: Member;
  let answerer: Member;
  let question = '';
  let answer = '';

  const { call, tokenOf, settle, open } = webHarness(() => web);
  /** Closes the badge pop-up on screen; the next unread award, if any, may take its place at once. */
  const closePopup = async (page: Page) => {
    const popup = page.getByTestId('badge-award-popup');
    await popup.waitFor({ timeout: 15_000 });
    const shown = await popup.textContent();
    await popup.getByRole('button', { name: 'Close' }).click();
    await expect.poll(async () => (await popup.count()) === 0 || (await popup.textContent()) !== shown).toBe(true);
  };

  beforeAll(async () => {
    [web, browser] = await Promise.all([
      startWebStack({
        services: [postsService, votesService, tagsService, searchService, badgesService],
        env: { AGORA_SEARCH: 'postgres' },
      }),
      launchChromium(),
    ]);
    // Privilege level 1: plain members may vote up.
    await updateSettingsGroup(
      web.stack.service('site').context,
      { group: 'privileges', values: { ...defaultSiteSettings('http://agora.test').privileges, level: 1 } } as never,
      null,
    );
    asker = await memberPage(browser, web.stack, { name: 'Badge Asker' });
    answerer = await memberPage(browser, web.stack, { name: 'Badge Answerer' });
    const moderator = await createUser(web.stack, { roleId: 3, name: 'Badge Moderator' });
    await settle();
    const [askerToken, answererToken, moderatorToken] = await Promise.all([
      tokenOf(asker),
      tokenOf(answerer),
      tokenOf(moderator),
    ]);
    await call('POST', 'question', moderatorToken, {
      title: 'Which tag do badge questions use?',
      content: 'The moderator brings the tag into use.',
      tags: [{ slug_name: 'badges' }],
    });
    await settle();
    question = (
      await call('POST', 'question', askerToken, {
        title: 'How are badges awarded on this site?',
        content: 'I would like to know which acts earn which badges, and when.',
        tags: [{ slug_name: 'badges' }],
      })
    ).id;
    answer = (
      await call('POST', 'answer', answererToken, {
        question_id: question,
        content: 'From events: votes, edits, acceptances and profiles.',
      })
    ).info.id;
    await settle();
    // Solved for the answerer (Scholar for the asker), Editor, Autobiographer, Nice Answer.
    await call('POST', 'answer/acceptance', askerToken, { question_id: question, answer_id: answer });
    await call('PUT', 'answer', answererToken, {
      id: answer,
      content: 'From events: votes, edits, acceptances and profiles, each with its own rule.',
    });
    await call('PUT', 'user/info', answererToken, {
      display_name: 'Badge Answerer',
      username: answerer.username,
      bio: 'I answer questions about badges.',
    });
    for (let i = 0; i < 10; i++) {
      const voter = await createUser(web.stack, { name: `Badge Voter ${i}` });
      await settle();
      await call('POST', 'vote/up', await tokenOf(voter), { object_id: answer });
    }
    await settle();
  });
  afterAll(async () => {
    await browser?.close();
    await web?.close();
  });

  it('pops up a badge the member earned, and opens its page with who earned it', async () => {
    const page = answerer.page;
    await open(page, '/questions');
    const popup = page.getByTestId('badge-award-popup');
    await popup.waitFor({ timeout: 15_000 });
    await expect.poll(() => popup.textContent()).toContain('You\'ve earned the "');
    await shoot(page, 'badge-popup');
    await popup.getByRole('button', { name: 'View badge' }).click();
    await page.getByTestId('badge-detail').waitFor();
    const badgeId = await page.getByTestId('badge-detail').getAttribute('data-badge');
    expect(new URL(page.url()).pathname).toBe(`/badges/${badgeId}`);
    // The awards load after the badge itself: wait for them rather than count what is there yet.
    await page.getByTestId('badge-awards').getByText('Badge Answerer').first().waitFor();
    await page.getByTestId('badge-detail').getByTestId('badge-earned').waitFor();
    // Read now: the next unread award pops up in its place, until all four are read.
    for (let i = 0; i < 3; i++) {
      await closePopup(page);
    }
    await page.waitForTimeout(3500);
    expect(await popup.count()).toBe(0);
    await shoot(page, 'badge-detail');
  });

  it('opens the badge of an up-voted answer, with its awards linking to the post', async () => {
    const page = answerer.page;
    await open(page, `/badges/${idOf('nice_answer')}`);
    await page.getByTestId('badge-detail').waitFor();
    await page.getByText('Wrote an answer with 10 or more up-votes.').waitFor();
    const award = page.getByTestId('badge-award').first();
    await award.getByRole('link', { name: 'for an answer' }).click();
    await page.getByTestId('question-detail').waitFor();
    expect(new URL(page.url()).pathname).toContain(`/questions/${question}`);
  });

  it('lists the catalogue by group, with award counts and the member’s earned marks', async () => {
    const page = answerer.page;
    await open(page, '/badges');
    await page.getByTestId('badges-page').waitFor();
    await expect.poll(() => page.getByTestId('badge-card').count()).toBe(14);
    expect(await page.getByTestId('badge-group').locator('h2').allTextContents()).toEqual([
      'Getting Started',
      'Community',
      'Posting',
    ]);
    const earned = await page
      .locator('[data-testid=badge-card][data-earned=true]')
      .evaluateAll((cards) => cards.map((c) => c.getAttribute('data-badge')));
    expect(earned.sort()).toEqual(['autobiographer', 'editor', 'solved', 'nice_answer'].map(idOf).sort());
    await page
      .locator(`[data-badge="${idOf('first_upvote')}"]`)
      .getByText('Awarded 10 times')
      .waitFor();
    expect(await page.locator('[data-testid=badge-card] svg').count()).toBeGreaterThanOrEqual(14);
    await shoot(page, 'badges');
  });

  it('shows a member’s recent badges and all of them', async () => {
    const page = asker.page;
    await open(page, `/users/${answerer.username}/badges`);
    await page.getByTestId('member-badges-page').waitFor();
    // The asker's own award (Scholar, for accepting the answer) pops up first: read it.
    const popup = page.getByTestId('badge-award-popup');
    await popup.waitFor({ timeout: 15_000 });
    await expect.poll(() => popup.textContent()).toContain('Scholar');
    await closePopup(page);
    const shelf = page.getByTestId('recent-badges');
    await expect.poll(() => shelf.getByTestId('member-badge').count()).toBe(4);
    expect(await page.getByTestId('member-all-badges').getByTestId('member-badge').count()).toBe(4);
    await shoot(page, 'member-badges');
  });

  it('awards First Upvote for an up-vote cast on the question page: it pops up and joins the voter’s badges', async () => {
    const page = asker.page;
    await open(page, `/users/${asker.username}/badges`);
    await page.getByTestId('recent-badges').getByTestId('member-badge').first().waitFor();
    expect(
      await page
        .getByTestId('recent-badges')
        .locator(`[data-badge="${idOf('first_upvote')}"]`)
        .count(),
    ).toBe(0);
    const popup = page.getByTestId('badge-award-popup');

    await open(page, `/questions/${question}`);
    await page.getByTestId('answer').first().getByTestId('vote-up').click();
    await expect.poll(() => page.getByTestId('answer').first().getByTestId('vote-count').textContent()).toBe('11');
    await popup.waitFor({ timeout: 15_000 });
    await expect.poll(() => popup.textContent()).toContain('First Upvote');
    await popup.getByRole('button', { name: 'View badge' }).click();
    await page.getByTestId('badge-detail').waitFor();
    expect(await page.getByTestId('badge-detail').getAttribute('data-badge')).toBe(idOf('first_upvote'));

    await open(page, `/users/${asker.username}/badges`);
    await page
      .getByTestId('recent-badges')
      .locator(`[data-badge="${idOf('first_upvote')}"]`)
      .waitFor();
    expect(await page.getByTestId('recent-badges').getByTestId('member-badge').first().getAttribute('data-badge')).toBe(
      idOf('first_upvote'),
    );
  });

  it('credits "First Share" to the member whose share link (`shareUserId`) brought a visitor to the question', async () => {
    const page = asker.page;
    await open(page, `/questions/${question}?shareUserId=${answerer.username}`);
    await page.getByTestId('question-detail').waitFor();
    // Visits are recorded with the views, every few seconds; the test records them now.
    await postsFor(web.stack.service('posts')).views.flush();
    await settle();
    await open(answerer.page, `/users/${answerer.username}/badges`);
    await answerer.page
      .getByTestId('recent-badges')
      .locator(`[data-badge="${idOf('first_share')}"]`)
      .waitFor();
    const popup = answerer.page.getByTestId('badge-award-popup');
    await popup.waitFor({ timeout: 15_000 });
    await expect.poll(() => popup.textContent()).toContain('First Share');
    await closePopup(answerer.page);
  });

  it('speaks zh_CN: the catalogue, a badge and a member’s badges', async () => {
    const context = await browser.newContext({ viewport: DESKTOP });
    await context.addInitScript(() =>
      localStorage.setItem('_a_lang_', JSON.stringify({ value: 'zh_CN', expires: Date.now() + 86_400_000 })),
    );
    await signedIn(context, web.stack, answerer.email, answerer.password);
    const page = await context.newPage();
    await open(page, '/badges');
    await page.getByTestId('badges-page').waitFor();
    await page.getByRole('heading', { name: '徽章', level: 1 }).waitFor();
    await expect
      .poll(() => page.getByTestId('badge-group').locator('h2').allTextContents())
      .toEqual(['入门', '社区', '发帖']);
    await page.getByText('已解决').first().waitFor();
    await shoot(page, 'badges-zh_CN');
    await open(page, `/badges/${idOf('nice_answer')}`);
    await page.getByText('回答获得 10 个或更多赞同。').waitFor();
    await shoot(page, 'badge-detail-zh_CN');
    await open(page, `/users/${answerer.username}/badges`);
    await page.getByText('最近获得的徽章').waitFor();
    await shoot(page, 'member-badges-zh_CN');
    await context.close();
  });
});
