/**
 * The search page's AI card in Chromium (issue 42), on a local OpenAI-compatible provider whose script plays the
 * model: a member's search words asked in a new conversation, the reply streamed in above the results with its
 * sources, and the way on to that conversation on the assistant's page; a new sort keeps the answer, other words ask
 * again; the hourly rate said in the card; no card for visitors, while the assistant is off, or for a search by
 * meaning; zh_CN, with a provider failure told in the member's language. Desktop and mobile screenshots
 * (test-results/web/).
 */

import { assistantService } from '@agora/assistant';
import { postsService } from '@agora/posts';
import { searchService } from '@agora/search';
import { tagsService } from '@agora/tags';
import { login } from '@agora/test-support/accounts';
import {
  type ChatRequest,
  type ChatScript,
  messageText,
  startAiProvider,
  type TestAiProvider,
} from '@agora/test-support/ai-provider';
import { freePort } from '@agora/test-support/ports';
import { votesService } from '@agora/votes';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumPath, DESKTOP, launchChromium } from './support/browser';
import { type Member, memberPage } from './support/members';
import { shoot } from './support/screens';
import { signedIn, waitForPath } from './support/session';
import { startWebStack, type WebStack } from './support/web-stack';

const required = process.env.CI === 'true' || process.env.AGORA_TEST_FULL === '1';
const ADMIN_API = '/answer/admin/api';
const API = '/answer/api/v1';
const PROVIDER_KEY = 'sk-search-card-9012';
const QUESTION_TITLE = 'How do I replace a timing belt on a diesel engine?';
const CONVERSATION_PATH = /^\/ai-assistant\/[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

/** The model: looks the words up with `get_questions` first, then answers from what the tool found. */
const lookItUp: ChatScript = (request: ChatRequest) => {
  const found = request.messages.find((m) => m.role === 'tool');
  if (!found) return { toolCalls: [{ name: 'get_questions', arguments: { keyword: 'timing belt' } }] };
  return {
    content: String(found.content).includes('tensioner')
      ? 'From the community: **lock the camshaft and the crankshaft** first, then release the tensioner.'
      : 'The community has nothing on this.',
    // Slow enough to see the reply grow.
    fault: { slow: { betweenChunksMs: 60 } },
  };
};

describe.skipIf(!chromiumPath() && !required)('the search page’s AI card in Chromium', { timeout: 240_000 }, () => {
  let web: WebStack;
  let browser: Browser;
  let provider: TestAiProvider;
  let member: Member;
  let adminToken: string;
  let questionId: string;
  let SITE: string;

  const open = (page: Page, path: string) => page.goto(`${SITE}${path}`);
  const search = (page: Page, words: string) => open(page, `/search?q=${encodeURIComponent(words)}`);
  const chatCalls = () => provider.requests.filter((r) => r.route === '/v1/chat/completions');
  /** The words of the member the model was last asked. */
  const lastAsked = () => {
    const body = chatCalls().at(-1)?.body as ChatRequest;
    return messageText(body.messages.filter((m) => m.role === 'user').at(-1));
  };
  const configure = async (change: Record<string, unknown>) => {
    const config = (await web.stack.call('GET', `${ADMIN_API}/ai-config`, { token: adminToken })).body.data;
    const { status } = await web.stack.call('PUT', `${ADMIN_API}/ai-config`, {
      token: adminToken,
      body: { ...config, ...change },
    });
    expect(status).toBe(200);
    await web.stack.settle();
  };
  /** The search page drawn with its results (so a card that was to show would have shown too). */
  const searched = async (page: Page) => {
    await page.getByTestId('search-count').waitFor();
    await page.waitForTimeout(300);
  };

  beforeAll(async () => {
    const port = await freePort();
    SITE = `http://127.0.0.1:${port}`;
    [provider, web, browser] = await Promise.all([
      startAiProvider({ apiKey: PROVIDER_KEY, script: lookItUp }),
      startWebStack({
        services: [postsService, votesService, tagsService, searchService, assistantService],
        env: { AGORA_SITE_URL: SITE, AGORA_SEARCH: 'postgres' },
        port,
      }),
      launchChromium(),
    ]);
    const admin = await memberPage(browser, web.stack, { roleId: 2, name: 'Card Admin' });
    member = await memberPage(browser, web.stack, { name: 'Belt Searcher' });
    adminToken = await login(web.stack, admin);
    const asked = await web.stack.call('POST', `${API}/question`, {
      token: adminToken,
      body: {
        title: QUESTION_TITLE,
        content: 'Lock the camshaft and the crankshaft first, then release the tensioner and swap the belt.',
        tags: [{ slug_name: 'engines' }],
      },
    });
    expect(asked.status).toBe(200);
    questionId = asked.body.data.id;
    const { status } = await web.stack.call('PUT', `${ADMIN_API}/ai-config`, {
      token: adminToken,
      body: {
        enabled: true,
        chosen_provider: 'openai',
        ai_providers: [{ provider: 'openai', api_host: provider.url, api_key: PROVIDER_KEY, model: 'test-chat' }],
      },
    });
    expect(status).toBe(200);
    await web.stack.settle();
    await admin.page.context().close();
  });

  afterAll(async () => {
    await browser?.close();
    await web?.close();
    await provider?.close();
  });

  it('asks the search words in a new conversation, streams the answer above the results, and goes on to it', async () => {
    const { page } = member;
    const before = chatCalls().length;
    await search(page, 'timing belt');
    const card = page.getByTestId('search-ai-card');
    await card.getByRole('heading', { name: 'AI Assistant' }).waitFor();
    await card.getByTestId('assistant-question').getByText('timing belt').waitFor();
    // The reply grows before it is done.
    await card
      .locator('[data-testid="assistant-reply"][data-state="streaming"]')
      .getByText('From the community', { exact: false })
      .waitFor();
    const reply = card.getByTestId('assistant-reply');
    await expect.poll(() => reply.getAttribute('data-state'), { timeout: 20_000 }).toBe('done');
    expect(lastAsked()).toBe('timing belt');
    await reply.locator('strong', { hasText: 'lock the camshaft and the crankshaft' }).waitFor();
    const source = reply.getByRole('link', { name: QUESTION_TITLE });
    expect(await source.getAttribute('href')).toBe(`${SITE}/questions/${questionId}`);

    // The way on, once the conversation holds the reply; the results below the card.
    const followUp = card.getByTestId('assistant-follow-up');
    await followUp.waitFor();
    await card.getByText('Written by AI from this site', { exact: false }).waitFor();
    const result = page.getByTestId('search-result').getByText(QUESTION_TITLE);
    await result.waitFor();
    const [cardBox, resultBox] = await Promise.all([card.boundingBox(), result.boundingBox()]);
    expect(cardBox!.y + cardBox!.height).toBeLessThanOrEqual(resultBox!.y);
    await shoot(page, 'search-ai-card');

    // Another sort: the same answer, not asked again.
    const asked = chatCalls().length;
    expect(asked).toBeGreaterThan(before);
    await page.getByRole('group', { name: 'Sort' }).getByRole('button', { name: 'Newest' }).click();
    await page.waitForURL((url) => url.searchParams.get('sort') === 'newest');
    await searched(page);
    expect(await reply.getAttribute('data-state')).toBe('done');
    expect(chatCalls().length).toBe(asked);

    // The conversation, on the assistant's page, to go on with.
    await followUp.click();
    await page.waitForURL((url) => CONVERSATION_PATH.test(url.pathname));
    const shown = page.getByTestId('assistant-page');
    await shown.getByTestId('assistant-question').getByText('timing belt').waitFor();
    await shown.getByRole('link', { name: QUESTION_TITLE }).waitFor();
    await shown.getByTestId('assistant-conversations').getByText('timing belt').waitFor();
    const id = new URL(page.url()).pathname.split('/').pop();
    const stored = await web.stack.call('GET', `${API}/ai/conversation?conversation_id=${id}`, {
      token: await login(web.stack, member),
    });
    expect(stored.body.data.topic).toBe('timing belt');
  });

  it('asks again for other words from the header, and says in the card when the hourly rate is spent', async () => {
    const { page } = member;
    await search(page, 'timing belt');
    const card = page.getByTestId('search-ai-card');
    await card.getByTestId('assistant-follow-up').waitFor();
    await page.getByRole('textbox', { name: 'Search' }).fill('belt tensioner');
    await page.getByRole('textbox', { name: 'Search' }).press('Enter');
    await waitForPath(page, '/search', '?q=belt%20tensioner');
    await card.getByTestId('assistant-question').getByText('belt tensioner').waitFor();
    await expect
      .poll(() => card.getByTestId('assistant-reply').getAttribute('data-state'), { timeout: 20_000 })
      .toBe('done');
    expect(await card.getByTestId('assistant-question').count()).toBe(1);
    expect(lastAsked()).toBe('belt tensioner');

    await configure({ chats_per_hour: 1 });
    await search(page, 'crankshaft lock');
    const refusal = card.getByTestId('assistant-refusal');
    await refusal.getByText('Too many questions this hour').waitFor();
    expect(await refusal.getAttribute('data-kind')).toBe('rate_limited');
    expect(await card.getByTestId('assistant-follow-up').count()).toBe(0);
    await shoot(page, 'search-ai-card-rate-limited');
    await configure({ chats_per_hour: 20 });
  });

  it('is not shown to visitors, while the assistant is off, or for a search by meaning', async () => {
    const visitor = await browser.newContext({ viewport: DESKTOP });
    const anonymous = await visitor.newPage();
    const calls = chatCalls().length;
    await search(anonymous, 'timing belt');
    await searched(anonymous);
    expect(await anonymous.getByTestId('search-ai-card').count()).toBe(0);
    await visitor.close();

    const { page } = member;
    await search(page, 'semantic: belt');
    await page.locator('[data-testid="semantic-refused"], [data-testid="search-count"]').first().waitFor();
    await page.waitForTimeout(300);
    expect(await page.getByTestId('search-ai-card').count()).toBe(0);

    await configure({ enabled: false });
    await search(page, 'timing belt');
    await searched(page);
    expect(await page.getByTestId('search-ai-card').count()).toBe(0);
    expect(chatCalls().length).toBe(calls);
    await configure({ enabled: true });
  });

  it('speaks zh_CN, and says a provider that fails in the member’s language', async () => {
    const context = await browser.newContext({ viewport: DESKTOP });
    await context.addInitScript(() =>
      localStorage.setItem('_a_lang_', JSON.stringify({ value: 'zh_CN', expires: Date.now() + 86_400_000 })),
    );
    await signedIn(context, web.stack, member.email, member.password);
    const page = await context.newPage();
    await search(page, '正时皮带');
    const card = page.getByTestId('search-ai-card');
    await card.getByRole('heading', { name: 'AI 助手' }).waitFor();
    const reply = card.getByTestId('assistant-reply');
    await reply.getByRole('link', { name: QUESTION_TITLE }).waitFor();
    await reply.locator('strong', { hasText: '来源' }).waitFor();
    await card.getByRole('link', { name: '继续追问' }).waitFor();
    await card.getByText('由 AI 根据本站内容生成', { exact: false }).waitFor();
    await shoot(page, 'search-ai-card-zh_CN');

    provider.failNext({ down: true }, { route: '/v1/chat/completions' });
    await search(page, '皮带张紧');
    const failed = card.getByTestId('assistant-reply-error');
    await failed.getByText('助手未能完成这个回答', { exact: false }).waitFor();
    await failed.getByText('无法连接 AI 服务商。').waitFor();
    await shoot(page, 'search-ai-card-provider-down-zh_CN');
    await context.close();

    // The same failure for a member reading English.
    provider.failNext({ badKey: true }, { route: '/v1/chat/completions' });
    await search(member.page, 'belt key');
    await member.page
      .getByTestId('search-ai-card')
      .getByTestId('assistant-reply-error')
      .getByText('The AI provider refused the API key.')
      .waitFor();
  });
});
