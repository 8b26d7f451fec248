/**
 * Search by meaning in Chromium (issue 42 item 4): with an AI provider (the local one, whose embeddings put
 * "automobile" beside "car"), `semantic: …` on the search page finds a question by meaning that its words do not
 * match, and the ask page's similar questions do the same while the assistant is on; a visitor is asked to sign in.
 * Desktop and mobile, en_US and zh_CN screenshots (test-results/web/).
 */

import { assistantService } from '@agora/assistant';
import { assistantFor } from '@agora/assistant/service';
import { postsService } from '@agora/posts';
import { searchService } from '@agora/search';
import { tagsService } from '@agora/tags';
import { login } from '@agora/test-support/accounts';
import { startAiProvider, type TestAiProvider } from '@agora/test-support/ai-provider';
import { votesService } from '@agora/votes';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumPath, DESKTOP, launchChromium } from './support/browser';
import { type Member, memberPage } from './support/members';
import { shoot } from './support/screens';
import { startWebStack, type WebStack } from './support/web-stack';

const required = process.env.CI === 'true' || process.env.AGORA_TEST_FULL === '1';
const CAR = 'How do I keep my car running through a cold winter?';
const BREAD = 'Which flour makes the best banana bread?';

describe.skipIf(!chromiumPath() && !required)('search by meaning in Chromium', { timeout: 180_000 }, () => {
  let web: WebStack;
  let browser: Browser;
  let provider: TestAiProvider;
  let member: Member;

  const open = (page: Page, path: string) => page.goto(`${web.url}${path}`);
  const call = async (method: string, url: string, token: string, body?: unknown) => {
    const response = await web.stack.call(method, url, { token, body });
    if (response.status !== 200) throw new Error(`${method} ${url}: ${JSON.stringify(response.body)}`);
    return response.body.data;
  };

  beforeAll(async () => {
    [provider, web, browser] = await Promise.all([
      startAiProvider(),
      startWebStack({
        services: [postsService, votesService, tagsService, searchService, assistantService],
        env: { AGORA_SEARCH: 'postgres' },
      }),
      launchChromium(),
    ]);
    const admin = await memberPage(browser, web.stack, { roleId: 2, name: 'Meaning Admin' });
    member = await memberPage(browser, web.stack, { name: 'Meaning Member' });
    const token = await login(web.stack, admin);
    await call('POST', '/answer/api/v1/question', token, {
      title: CAR,
      content: 'My car will not start on frosty mornings; what should I check before the winter comes?',
      tags: [{ slug_name: 'cars' }],
    });
    await call('POST', '/answer/api/v1/question', token, {
      title: BREAD,
      content: 'I bake banana bread every week and wonder whether the flour matters at all.',
      tags: [{ slug_name: 'baking' }],
    });
    await call('PUT', '/answer/admin/api/ai-config', token, {
      enabled: true,
      chosen_provider: 'openai',
      ai_providers: [{ provider: 'openai', api_host: provider.url, api_key: 'test-key', model: 'test-chat' }],
      embedding_model: 'test-embedding',
    });
    await web.stack.settle();
    assistantFor(web.stack.service('assistant')).embedder.nudge();
    // Embedded in the background: waits for the queue to empty.
    for (let waited = 0; ; waited += 200) {
      const [queued] = await web.stack.query<{ n: number }>('select count(*)::int as n from assistant.semantic_queue');
      if (queued?.n === 0) break;
      if (waited > 20_000) throw new Error('the posts were not embedded in 20 s');
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  });
  afterAll(async () => {
    await browser?.close();
    await web?.close();
    await provider?.close();
  });

  it('finds a question by meaning on the search page, where its words match nothing', async () => {
    const { page } = member;
    await open(page, `/search?q=${encodeURIComponent('semantic: automobile in the frost')}`);
    const first = page.getByTestId('search-result').first();
    await first.getByText(CAR).waitFor();
    expect(await page.getByTestId('search-tips').getByText('semantic: words').count()).toBe(1);
    await shoot(page, 'semantic-search');
    // The same words without the option: keyword search, which finds nothing.
    await open(page, `/search?q=${encodeURIComponent('automobile frost')}`);
    await page.getByTestId('search-count').waitFor();
    expect(await page.getByTestId('search-result').getByText(CAR).count()).toBe(0);
  });

  it('lists questions like the title being typed by meaning on the ask page', async () => {
    const { page } = member;
    await open(page, '/questions/ask');
    await page.getByTestId('ask-page').waitFor();
    await page.locator('input[name=title]').fill('Automobile refuses to start when it freezes');
    const similar = page.getByTestId('similar-questions');
    await similar.getByText(CAR).waitFor();
    await shoot(page, 'semantic-similar');
  });

  it('asks a visitor to sign in, and speaks zh_CN', async () => {
    const visitor = await browser.newContext({ viewport: DESKTOP });
    const page = await visitor.newPage();
    await open(page, `/search?q=${encodeURIComponent('semantic: automobile')}`);
    await page.getByTestId('semantic-sign-in').getByText('Sign in to search by meaning.').waitFor();
    await visitor.close();
    const chinese = await browser.newContext({ viewport: DESKTOP });
    await chinese.addInitScript(() =>
      localStorage.setItem('_a_lang_', JSON.stringify({ value: 'zh_CN', expires: Date.now() + 86_400_000 })),
    );
    const zh = await chinese.newPage();
    await open(zh, `/search?q=${encodeURIComponent('semantic: automobile')}`);
    await zh.getByTestId('semantic-sign-in').getByText('登录后可按语义搜索。').waitFor();
    await shoot(zh, 'semantic-search-zh_CN');
    await chinese.close();
  });
});
