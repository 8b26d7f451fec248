/**
 * Live pages in Chromium (issue 47 item 6, docs/adr/0099-live-pages.md): two members on one question, each in a
 * browser of their own; one answers, comments and votes, the other sees each within a second without reloading
 * (the answer as "1 new answer"), and the header's inbox dot lights for the member answered while the red-dot poll
 * is stopped. Agora restarts on the same database and port in between: what was written meanwhile arrives once the
 * stream resumes. The tabs of one browser share one stream, passed on when its tab closes. With the live route
 * answering 404 the pages poll. en_US and zh_CN, desktop and mobile screenshots.
 */

import { defaultSiteSettings } from '@agora/contracts';
import { postsService } from '@agora/posts';
import { updateSettingsGroup } from '@agora/site';
import { tagsService } from '@agora/tags';
import { createUser, type TestUser } from '@agora/test-support/accounts';
import { createTestDatabase } from '@agora/test-support/database';
import { votesService } from '@agora/votes';
import type { Browser, BrowserContext, Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumPath, DESKTOP, launchChromium } from './support/browser';
import { type Member, memberPage } from './support/members';
import { shoot } from './support/screens';
import { signedIn } from './support/session';
import { startWebStack, type WebStack, webHarness } from './support/web-stack';

const required = process.env.CI === 'true' || process.env.AGORA_TEST_FULL === '1';
const API = '/answer/api/v1';
/** What a watcher is given to see another member's write (the "within a second"). */
const LIVE_MS = 1_000;

const isLive = (request: Request) => new URL(request.url()).pathname === `${API}/live`;
const isRedDot = (request: Request) =>
  new URL(request.url()).pathname === `${API}/notification/status` && request.method() === 'GET';

describe.skipIf(!chromiumPath() && !required)('live pages in Chromium', { timeout: 300_000 }, () => {
  let database: { url: string; drop: () => Promise<void> };
  let web: WebStack;
  let port: number | undefined;
  let browser: Browser;
  let asker: Member;
  let answerer: Member;
  let voter: TestUser;
  let voterToken: string;
  let askerToken: string;
  let questionId: string;
  let answerId: string;

  const start = async () => {
    web = await startWebStack({
      services: [postsService, votesService, tagsService],
      database: { url: database.url, drop: async () => {} },
      port,
    });
    port = Number(new URL(web.url).port);
  };
  const { call, tokenOf } = webHarness(() => web);
  const ask = async (token: string, title: string) =>
    (
      await call('POST', 'question', token, {
        title,
        content: 'A question that others answer while it is read, live.',
        tags: [{ slug_name: 'live' }],
      })
    ).id as string;
  /** A member answers once a question: each later answer is another member's. */
  const newcomer = async (name: string) => tokenOf(await createUser(web.stack, { name }));
  const answer = async (token: string, content: string) =>
    (await call('POST', 'answer', token, { question_id: questionId, content })).info.id as string;
  const open = async (page: Page, path: string) => {
    await page.goto(`${web.url}${path}`);
  };
  const openQuestion = async (page: Page, state: 'open' | 'polling' = 'open') => {
    await open(page, `/questions/${questionId}`);
    await page.locator(`[data-testid=question-detail][data-live=${state}]`).waitFor({ timeout: 15_000 });
  };
  const dotShown = async (page: Page) =>
    !(await page
      .getByTestId('inbox-dot')
      .locator('.MuiBadge-badge')
      .evaluate((el) => el.classList.contains('MuiBadge-invisible')));
  const until = async (check: () => Promise<boolean>, timeoutMs: number, what: string) => {
    const deadline = Date.now() + timeoutMs;
    while (!(await check())) {
      if (Date.now() > deadline) throw new Error(`${what}: not within ${timeoutMs} ms`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  };
  const questionVotes = (page: Page) => page.getByTestId('question').getByTestId('vote-count').first().textContent();
  const zhContext = async (who: TestUser): Promise<BrowserContext> => {
    const context = await browser.newContext({ viewport: DESKTOP });
    await context.addInitScript(() =>
      localStorage.setItem('_a_lang_', JSON.stringify({ value: 'zh_CN', expires: Date.now() + 86_400_000 })),
    );
    await signedIn(context, web.stack, who.email, who.password);
    return context;
  };

  beforeAll(async () => {
    database = await createTestDatabase('live_pages');
    [, browser] = await Promise.all([start(), launchChromium()]);
    await updateSettingsGroup(
      web.stack.service('site').context,
      { group: 'privileges', values: { ...defaultSiteSettings('http://agora.test').privileges, level: 1 } } as never,
      null,
    );
    asker = await memberPage(browser, web.stack, { name: 'Live Asker', rank: 500 });
    answerer = await memberPage(browser, web.stack, { name: 'Live Answerer', rank: 500 });
    voter = await createUser(web.stack, { name: 'Live Voter' });
    const moderator = await createUser(web.stack, { roleId: 3, name: 'Live Moderator' });
    await web.stack.settle();
    const moderatorToken = await tokenOf(moderator);
    [askerToken, voterToken] = await Promise.all([tokenOf(asker), tokenOf(voter)]);
    // The moderator brings the tag into use.
    await ask(moderatorToken, 'Which tag do live questions use?');
    await web.stack.settle();
    questionId = await ask(askerToken, 'Does a reader see an answer while reading?');
    await web.stack.settle();
  }, 240_000);

  afterAll(async () => {
    await browser?.close();
    await web?.close();
    await database?.drop();
  });

  it('shows the other member’s answer as a notice, their comment and vote live, and lights the inbox dot', async () => {
    const redDots: number[] = [];
    asker.page.on('request', (request) => {
      if (isRedDot(request)) redDots.push(Date.now());
    });
    await Promise.all([openQuestion(asker.page), openQuestion(answerer.page)]);
    expect(await dotShown(asker.page)).toBe(false);
    // The stream carries the member's counts: the header polls no more.
    const quietFrom = Date.now();
    await asker.page.waitForTimeout(7_000);
    expect(redDots.filter((at) => at > quietFrom)).toEqual([]);

    // An answer, written in the answerer's browser.
    const writer = answerer.page;
    await writer.locator('textarea[name=answer]').fill('Yes: it comes as a notice, and the page does not move.');
    const posted = writer.waitForResponse((r) => r.url().endsWith(`${API}/answer`) && r.request().method() === 'POST');
    await writer.getByRole('button', { name: 'Post your answer' }).click();
    answerId = (await (await posted).json()).data.info.id;
    const notice = asker.page.getByTestId('new-answers');
    await notice.waitFor({ timeout: LIVE_MS });
    expect(await notice.textContent()).toBe('1 new answer: show it');
    // Held back: the reader's page did not move.
    expect(await asker.page.getByTestId('answer').count()).toBe(0);
    expect(await asker.page.getByTestId('answer-count').textContent()).toBe('0 answers');
    // The answerer's own answer is shown to them at once.
    await writer.locator(`[data-answer-id="${answerId}"]`).waitFor();
    expect(await writer.getByTestId('new-answers').count()).toBe(0);
    await shoot(asker.page, 'live-new-answer');
    await notice.click();
    await asker.page.locator(`[data-answer-id="${answerId}"]`).waitFor();
    expect(await asker.page.getByTestId('new-answers').count()).toBe(0);
    expect(await asker.page.getByTestId('answer-count').textContent()).toBe('1 answer');

    // The member answered: their inbox dot lights from the stream, not a poll.
    await until(() => dotShown(asker.page), 5_000, 'the inbox dot');
    expect(redDots.filter((at) => at > quietFrom).length).toBeLessThanOrEqual(2);

    // A comment on the answer.
    const comments = writer.getByTestId(`comments-${answerId}`);
    await comments.getByTestId('add-comment').click();
    await comments.locator('textarea[name=comment]').fill('A comment the asker sees while reading.');
    const commented = writer.waitForResponse(
      (r) => r.url().endsWith(`${API}/comment`) && r.request().method() === 'POST',
    );
    await comments.getByRole('button', { name: 'Add comment' }).click();
    await commented;
    await asker.page
      .getByTestId(`comments-${answerId}`)
      .getByText('A comment the asker sees while reading.')
      .waitFor({ timeout: LIVE_MS });

    // A vote on the question.
    expect(await questionVotes(asker.page)).toBe('0');
    const voted = writer.waitForResponse((r) => r.url().endsWith(`${API}/vote/up`));
    await writer.getByTestId('question').getByTestId('vote-up').first().click();
    await voted;
    await until(async () => (await questionVotes(asker.page)) === '1', LIVE_MS, 'the vote');
    // The voter's own page counts its vote once, though the stream brings it back too.
    await asker.page.waitForTimeout(500);
    expect(await questionVotes(writer)).toBe('1');
    expect(await questionVotes(asker.page)).toBe('1');
    await shoot(asker.page, 'live-question');
  });

  it('misses nothing while Agora restarts on the same database and port', async () => {
    const resumed: string[] = [];
    asker.page.on('request', (request) => {
      if (isLive(request)) resumed.push(new URL(request.url()).searchParams.get('last_event_id') ?? '');
    });
    await web.close();
    await start();
    // Written while the asker's stream waits to come back (the gateway told it when: 3 s and a random share of 10).
    await call('POST', 'comment', voterToken, {
      object_id: questionId,
      original_text: 'Written while the stream was away.',
    });
    await call('POST', 'vote/up', voterToken, { object_id: answerId, is_cancel: false });
    const second = await answer(voterToken, 'A second answer, written while the stream was away.');

    const page = asker.page;
    await page
      .getByTestId(`comments-${questionId}`)
      .getByText('Written while the stream was away.')
      .waitFor({ timeout: 30_000 });
    await until(
      async () =>
        (await page.locator(`[data-answer-id="${answerId}"]`).getByTestId('vote-count').textContent()) === '1',
      10_000,
      'the vote on the answer',
    );
    await page.getByTestId('new-answers').waitFor({ timeout: 10_000 });
    expect(await page.getByTestId('new-answers').textContent()).toBe('1 new answer: show it');
    // It resumed from where it was: the gateway sent what was missed.
    expect(resumed.some((id) => id.length > 0)).toBe(true);
    await page.getByTestId('new-answers').click();
    await page.locator(`[data-answer-id="${second}"]`).waitFor();
    expect(await page.locator(`[data-answer-id="${answerId}"]`).getByTestId('vote-count').textContent()).toBe('1');
  });

  it('shares one stream among the tabs of a browser, passed on when its tab closes', async () => {
    const context = asker.page.context();
    const other = await context.newPage();
    const otherLive: string[] = [];
    other.on('request', (request) => {
      if (isLive(request)) otherLive.push(new URL(request.url()).searchParams.get('last_event_id') ?? '');
    });
    await open(other, '/questions');
    await other.getByTestId('question-rows').waitFor();
    await ask(voterToken, 'Is a question asked while the list is read announced?');
    const notice = other.getByTestId('new-questions');
    await notice.waitFor({ timeout: 5_000 });
    expect(await notice.textContent()).toBe('1 new question: show it');
    // The first tab holds the stream; this one was told over the channel.
    expect(otherLive).toEqual([]);
    await shoot(other, 'live-new-questions');

    await asker.page.close();
    await until(async () => otherLive.length > 0, 10_000, 'the other tab takes the stream');
    expect(otherLive[0]).not.toBe('');
    await ask(voterToken, 'Is the next question announced after the first tab closed?');
    await until(async () => (await notice.textContent()) === '2 new questions: show them', 5_000, 'two new questions');
    await notice.click();
    await other
      .getByTestId('question-rows')
      .getByText('Is the next question announced after the first tab closed?')
      .waitFor();
    expect(await other.getByTestId('new-questions').count()).toBe(0);
    asker.page = other;
  });

  it('polls when the live route answers 404', async () => {
    const context = await browser.newContext({ viewport: DESKTOP });
    await signedIn(context, web.stack, asker.email, asker.password);
    await context.route(`**${API}/live?**`, (route) =>
      route.fulfill({
        status: 404,
        contentType: 'application/json',
        body: JSON.stringify({ code: 404, reason: 'base.not_found', msg: '', data: null }),
      }),
    );
    const page = await context.newPage();
    const redDots: number[] = [];
    page.on('request', (request) => {
      if (isRedDot(request)) redDots.push(Date.now());
    });
    // A question of their own that nobody answered yet, and the inbox looked at.
    questionId = await ask(askerToken, 'Is a page without a stream still told of answers?');
    await web.stack.settle();
    await call('PUT', 'notification/status', askerToken, { type: 'inbox' });
    await openQuestion(page, 'polling');
    await until(async () => !(await dotShown(page)), 10_000, 'the inbox dot cleared');
    const from = Date.now();
    await page.waitForTimeout(7_000);
    expect(redDots.filter((at) => at > from).length).toBeGreaterThanOrEqual(2);

    await answer(await newcomer('Live Third'), 'A third answer, found by polling.');
    await page.getByTestId('new-answers').waitFor({ timeout: 25_000 });
    await until(() => dotShown(page), 10_000, 'the inbox dot by polling');
    await context.close();
  });

  it('speaks zh_CN', async () => {
    const context = await zhContext(asker);
    const page = await context.newPage();
    await openQuestion(page);
    await answer(await newcomer('Live Fourth'), 'A fourth answer, for the Chinese page.');
    const notice = page.getByTestId('new-answers');
    await notice.waitFor({ timeout: 5_000 });
    expect(await notice.textContent()).toBe('1 个新回答，点击查看');
    await shoot(page, 'live-new-answer-zh_CN');
    await open(page, '/questions');
    await page.getByTestId('question-rows').waitFor();
    await ask(voterToken, 'A question asked while the Chinese list is read?');
    await page.getByTestId('new-questions').waitFor({ timeout: 5_000 });
    expect(await page.getByTestId('new-questions').textContent()).toBe('1 个新问题，点击查看');
    await shoot(page, 'live-new-questions-zh_CN');
    await context.close();
  });
});
