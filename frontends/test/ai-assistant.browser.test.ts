/**
 * The AI assistant in Chromium (issue 42 item 3, browser side), on a local OpenAI-compatible provider whose script
 * plays the model: the admin's settings page (the models loaded from the provider, a refused key, the key kept as
 * stars); then a member's question answered from the site's posts (the model calls `get_questions`), streamed in with
 * its Thinking panel and its Sources link to the question page, voted helpful; the conversation listed and continued;
 * a reply stopped midway (the provider's call cancelled); a provider that is down; the hourly rate and the assistant
 * turned off, each said plainly; the floating assistant on the question list (a full-screen sheet on a phone) opened
 * on the assistant's page; the admin's conversation list, a conversation read and deleted; the side nav entry only
 * while the assistant is on, and the page for members only. Desktop and mobile, en_US and zh_CN screenshots
 * (test-results/web/).
 */

import path from 'node:path';
import { assistantService } from '@agora/assistant';
import { postsService } from '@agora/posts';
import { tagsService } from '@agora/tags';
import { login } from '@agora/test-support/accounts';
import {
  type ChatRequest,
  type ChatScript,
  startAiProvider,
  type TestAiProvider,
} from '@agora/test-support/ai-provider';
import { freePort } from '@agora/test-support/ports';
import { votesService } from '@agora/votes';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumPath, DESKTOP, launchChromium, MOBILE } from './support/browser';
import { type Member, memberPage } from './support/members';
import { SCREENSHOTS, shoot } from './support/screens';
import { signedIn, waitForPath } from './support/session';
import { startWebStack, type WebStack } from './support/web-stack';

const required = process.env.CI === 'true' || process.env.AGORA_TEST_FULL === '1';
const ADMIN_API = '/answer/admin/api';
const API = '/answer/api/v1';
const PROVIDER_KEY = 'sk-browser-provider-5678';
const QUESTION_TITLE = 'How do I replace a timing belt on a diesel engine?';
const CONVERSATION_PATH = /^\/ai-assistant\/[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

/** The model: looks the question up with `get_questions` first, then answers from what the tool found, thinking aloud. */
const lookItUp: ChatScript = (request: ChatRequest) => {
  const found = request.messages.find((m) => m.role === 'tool');
  if (!found) return { toolCalls: [{ name: 'get_questions', arguments: { keyword: 'timing belt' } }] };
  const site = String(found.content).includes('tensioner');
  return {
    reasoning: 'The community has a question about this; its answer says to lock the shafts.',
    content: site
      ? 'From the community: **lock the camshaft and the crankshaft** first, then release the tensioner.'
      : 'The community has nothing on this.',
    // Slow enough to see the reply grow.
    fault: { slow: { betweenChunksMs: 60 } },
  };
};

describe.skipIf(!chromiumPath() && !required)('the AI assistant in Chromium', { timeout: 240_000 }, () => {
  let web: WebStack;
  let browser: Browser;
  let provider: TestAiProvider;
  let admin: Member;
  let member: Member;
  let adminToken: string;
  let memberToken: string;
  let questionId: string;
  let conversationPath = '';
  /** The site's address is the gateway's own, so the sources link to pages the browser can open. */
  let SITE: string;

  const open = (page: Page, path: string) => page.goto(`${SITE}${path}`);
  const config = async () => (await web.stack.call('GET', `${ADMIN_API}/ai-config`, { token: adminToken })).body.data;
  const configure = async (change: Record<string, unknown>) => {
    const { status } = await web.stack.call('PUT', `${ADMIN_API}/ai-config`, {
      token: adminToken,
      body: { ...(await config()), ...change },
    });
    expect(status).toBe(200);
  };
  const ask = async (page: Page, question: string) => {
    await page.getByTestId('assistant-message').fill(question);
    await page.getByTestId('assistant-message').press('Enter');
  };
  const lastReply = (page: Page) => page.getByTestId('assistant-reply').last();

  beforeAll(async () => {
    const port = await freePort();
    SITE = `http://127.0.0.1:${port}`;
    [provider, web, browser] = await Promise.all([
      startAiProvider({ apiKey: PROVIDER_KEY, script: lookItUp }),
      startWebStack({
        services: [postsService, votesService, tagsService, assistantService],
        env: { AGORA_SITE_URL: SITE },
        port,
      }),
      launchChromium(),
    ]);
    admin = await memberPage(browser, web.stack, { roleId: 2, name: 'Assistant Admin' });
    member = await memberPage(browser, web.stack, { name: 'Belt Mechanic' });
    adminToken = await login(web.stack, admin);
    memberToken = await login(web.stack, member);
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
    await web.stack.settle();
  });

  afterAll(async () => {
    await browser?.close();
    await web?.close();
    await provider?.close();
  });

  it('sets the assistant up from the admin page: models loaded from the provider, a refused key, the key as stars', async () => {
    // Off: no way in for members.
    await open(member.page, '/questions');
    await member.page.getByRole('navigation', { name: 'Main navigation' }).getByText('Badges').waitFor();
    expect(await member.page.getByRole('link', { name: 'AI Assistant' }).count()).toBe(0);
    expect(await member.page.getByTestId('assistant-fab').count()).toBe(0);

    const { page } = admin;
    await open(page, '/admin/api-keys');
    await page.getByRole('navigation', { name: 'Admin menu' }).getByRole('link', { name: 'AI assistant' }).click();
    await waitForPath(page, '/admin/ai-settings');
    const settings = page.getByTestId('admin-ai-settings');
    await settings.getByText('Off: the assistant is hidden and refuses every question.').waitFor();
    await shoot(page, 'admin-ai-settings-off');

    await page.getByTestId('ai-enabled').locator('input').click();
    await page.getByTestId('ai-api-host').fill(provider.url);
    await page.getByTestId('ai-api-key').fill('sk-wrong');
    await page.getByTestId('ai-save').click();
    await settings.getByText('Model cannot be empty.').waitFor();

    await page.getByTestId('ai-load-models').click();
    await page.getByText('The AI provider refused the API key.').waitFor();
    await page.getByTestId('ai-api-key').fill(PROVIDER_KEY);
    await page.getByTestId('ai-load-models').click();
    await page.getByRole('option', { name: 'test-chat' }).click();
    expect(await page.getByTestId('ai-model').inputValue()).toBe('test-chat');
    await page.getByTestId('ai-chats_per_hour').fill('0');
    await page.getByTestId('ai-save').click();
    await settings.getByText('Questions per member per hour must be at least 1.').waitFor();
    await page.getByTestId('ai-chats_per_hour').fill('20');
    await shoot(page, 'admin-ai-settings');
    await page.getByTestId('ai-save').click();
    await page.getByText('Saved.').first().waitFor();

    const saved = await config();
    expect(saved).toMatchObject({ enabled: true, chosen_provider: 'openai', chats_per_hour: 20 });
    expect(saved.ai_providers[0]).toEqual({
      provider: 'openai',
      api_host: provider.url,
      api_key: '*'.repeat(PROVIDER_KEY.length),
      model: 'test-chat',
    });
    await page.reload();
    await settings.getByText('On: signed-in members can ask the assistant.').waitFor();
    expect(await page.getByTestId('ai-api-key').inputValue()).toBe('*'.repeat(PROVIDER_KEY.length));
    expect(await page.content()).not.toContain(PROVIDER_KEY);
    // Saved again as shown, the key stays the provider's.
    await page.getByTestId('ai-save').click();
    await page.getByText('Saved.').first().waitFor();
    expect(
      (await web.stack.call('POST', `${ADMIN_API}/ai-models`, { token: adminToken, body: saved.ai_providers[0] }))
        .status,
    ).toBe(200);
  });

  it('answers a question from the site as it streams in, with its thinking and sources, and takes a vote', async () => {
    const { page } = member;
    await open(page, '/questions');
    await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'AI Assistant' }).click();
    await waitForPath(page, '/ai-assistant');
    await page.getByTestId('assistant-intro').waitFor();
    await shoot(page, 'ai-assistant-new');

    await ask(page, 'How do I change a timing belt?');
    // The question moves to its own address once the reply starts, and the reply grows before it is done.
    await page.waitForURL((url) => CONVERSATION_PATH.test(url.pathname));
    conversationPath = new URL(page.url()).pathname;
    const growing = page.locator('[data-testid="assistant-reply"][data-state="streaming"]');
    // The reasoning shows while the model thinks, then the reply's first words while the rest is still coming.
    await growing.getByTestId('assistant-thinking-text').getByText('The community has', { exact: false }).waitFor();
    await growing.getByText('From the community', { exact: false }).waitFor();
    await page.getByTestId('assistant-stop').waitFor();
    const reply = lastReply(page);
    await expect.poll(() => reply.getAttribute('data-state'), { timeout: 20_000 }).toBe('done');

    // Rendered as Markdown (bold), the sources a list of links to the question.
    await reply.locator('strong', { hasText: 'lock the camshaft and the crankshaft' }).waitFor();
    const source = reply.getByRole('link', { name: QUESTION_TITLE });
    await source.waitFor();
    expect(await source.getAttribute('href')).toBe(`${SITE}/questions/${questionId}`);
    await reply.locator('strong', { hasText: 'Sources' }).waitFor();

    // The Thinking panel, folded once the reply came.
    const thinking = reply.getByTestId('assistant-thinking');
    expect(await thinking.getByTestId('assistant-thinking-text').isVisible()).toBe(false);
    await thinking.getByRole('button', { name: 'Thinking' }).click();
    await thinking.getByText('its answer says to lock the shafts').waitFor();

    // Helpful: shown pressed, kept by the server, and taken back by pressing it again.
    const helpful = reply.getByTestId('assistant-vote-helpful');
    await helpful.click();
    await expect.poll(() => helpful.getAttribute('aria-pressed')).toBe('true');
    const id = conversationPath.split('/').pop();
    const stored = async () =>
      (await web.stack.call('GET', `${API}/ai/conversation?conversation_id=${id}`, { token: memberToken })).body.data;
    await expect.poll(async () => (await stored()).records[1].helpful).toBe(1);
    await page.getByTestId('assistant-conversations').getByText('How do I change a timing belt?').waitFor();
    await shoot(page, 'ai-assistant');

    await page.reload();
    await expect
      .poll(() => lastReply(page).getByTestId('assistant-vote-helpful').getAttribute('aria-pressed'))
      .toBe('true');
    expect(await lastReply(page).getByTestId('assistant-vote-unhelpful').getAttribute('aria-pressed')).toBe('false');

    // The source opens the question page inside the app.
    await lastReply(page).getByRole('link', { name: QUESTION_TITLE }).click();
    await page.waitForURL((url) => url.pathname.startsWith(`/questions/${questionId}`));
    await page.getByRole('heading', { name: QUESTION_TITLE }).waitFor();
  });

  it('continues a conversation, lists it newest first, and starts a new one', async () => {
    const { page } = member;
    await open(page, conversationPath);
    await lastReply(page).getByRole('link', { name: QUESTION_TITLE }).waitFor();
    provider.setScript(() => ({ content: 'Then tension the new belt and turn the engine by hand twice.' }));
    await ask(page, 'And after that?');
    await lastReply(page).getByText('turn the engine by hand twice').waitFor();
    await expect.poll(() => lastReply(page).getAttribute('data-state')).toBe('done');
    expect(await page.getByTestId('assistant-turn').count()).toBe(2);
    expect(new URL(page.url()).pathname).toBe(conversationPath);
    // Only one conversation: the second turn went into the first.
    expect(await page.getByTestId('assistant-conversations').locator('[data-conversation]').count()).toBe(1);

    await page.getByTestId('assistant-new').click();
    await waitForPath(page, '/ai-assistant');
    await page.getByTestId('assistant-intro').waitFor();
    provider.setScript(lookItUp);

    // On a phone the conversations are in a drawer.
    await page.setViewportSize(MOBILE);
    await page.getByTestId('assistant-history-open').click();
    const drawer = page.getByTestId('assistant-history');
    await drawer.getByText('How do I change a timing belt?').waitFor();
    await page.waitForTimeout(300); // the drawer slides in
    await page.screenshot({ path: path.join(SCREENSHOTS, 'ai-assistant-history-390.png') });
    await drawer.getByText('How do I change a timing belt?').click();
    await waitForPath(page, conversationPath);
    await drawer.waitFor({ state: 'hidden' });
    await page.getByText('turn the engine by hand twice').waitFor();
    await page.setViewportSize(DESKTOP);
  });

  it('stops a reply midway, cancelling the provider’s call, and says when the provider is down', async () => {
    const { page } = member;
    await open(page, '/ai-assistant');
    provider.setScript(() => ({
      content: 'one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen',
    }));
    provider.failNext({ slow: { firstChunkMs: 0, betweenChunksMs: 300 } }, { route: '/v1/chat/completions' });
    const aborted = provider.abortedStreams;
    await ask(page, 'Count slowly, please.');
    const reply = lastReply(page);
    await reply.getByText('three', { exact: false }).waitFor();
    await page.getByTestId('assistant-stop').click();
    await reply.getByTestId('assistant-stopped').waitFor();
    expect(await reply.getAttribute('data-state')).toBe('stopped');
    await expect.poll(() => provider.abortedStreams, { timeout: 10_000 }).toBe(aborted + 1);
    await page.getByTestId('assistant-send').waitFor();
    const said = (await reply.getByTestId('assistant-reply-body').textContent()) ?? '';
    expect(said).not.toContain('fifteen');
    await shoot(page, 'ai-assistant-stopped');

    provider.failNext({ down: true }, { route: '/v1/chat/completions' });
    await ask(page, 'Are you there?');
    const failed = lastReply(page).getByTestId('assistant-reply-error');
    await failed.getByText('The assistant could not finish this answer.').waitFor();
    await failed.getByText('The AI provider cannot be reached.').waitFor();
    await shoot(page, 'ai-assistant-provider-down');
    provider.setScript(lookItUp);
  });

  it('says plainly when the hourly rate is spent and when the assistant is off, and keeps the question', async () => {
    const { page } = member;
    await open(page, '/ai-assistant');
    await page.getByTestId('assistant-intro').waitFor();
    await configure({ chats_per_hour: 1 });
    await ask(page, 'One more question?');
    const refusal = page.getByTestId('assistant-refusal');
    await refusal.getByText('Too many questions this hour').waitFor();
    await refusal.getByText('replies an hour', { exact: false }).waitFor();
    expect(await refusal.getAttribute('data-kind')).toBe('rate_limited');
    expect(await page.getByTestId('assistant-message').inputValue()).toBe('One more question?');
    expect(new URL(page.url()).pathname).toBe('/ai-assistant');
    await shoot(page, 'ai-assistant-rate-limited');

    await configure({ chats_per_hour: 20, enabled: false });
    await page.getByTestId('assistant-send').click();
    await refusal.getByText('The AI assistant is turned off.').waitFor();
    expect(await refusal.getAttribute('data-kind')).toBe('off');
    // Read again, the site says it is off: the box is closed, and neither the nav entry nor the floating button shows.
    await page.reload();
    await page.getByTestId('assistant-off').waitFor();
    expect(await page.getByTestId('assistant-message').isDisabled()).toBe(true);
    expect(await page.getByRole('link', { name: 'AI Assistant' }).count()).toBe(0);
    await shoot(page, 'ai-assistant-off');
    await configure({ enabled: true });
  });

  it('floats on the question list: one conversation in a panel, opened on the assistant page; a sheet on phones', async () => {
    const { page } = member;
    await open(page, '/questions');
    await page.getByTestId('assistant-fab').click();
    const panel = page.getByTestId('assistant-panel');
    await panel.getByTestId('assistant-intro').waitFor();
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-testid')))
      .toBe('assistant-message');
    await ask(page, 'Which belt question is there?');
    const reply = panel.getByTestId('assistant-reply').last();
    await reply.getByRole('link', { name: QUESTION_TITLE }).waitFor();
    await expect.poll(() => reply.getAttribute('data-state')).toBe('done');
    await page.screenshot({ path: path.join(SCREENSHOTS, 'ai-assistant-panel-1280.png') });
    // Still on the list, the panel closed and opened again keeps the conversation.
    expect(new URL(page.url()).pathname).toBe('/questions');
    await panel.getByTestId('assistant-panel-close').click();
    await page.getByTestId('assistant-fab').click();
    await panel.getByText('Which belt question is there?').waitFor();

    await panel.getByTestId('assistant-panel-open-page').click();
    await page.waitForURL((url) => CONVERSATION_PATH.test(url.pathname));
    const shown = page.getByTestId('assistant-page');
    await shown.getByTestId('assistant-question').getByText('Which belt question is there?').waitFor();
    await shown.getByTestId('assistant-conversations').getByText('Which belt question is there?').waitFor();
    // The page is the assistant: no floating button on it.
    expect(await page.getByTestId('assistant-fab').count()).toBe(0);

    await page.setViewportSize(MOBILE);
    await open(page, '/questions');
    await page.getByTestId('assistant-fab').click();
    const sheet = page.getByRole('dialog', { name: 'AI Assistant' });
    await sheet.getByTestId('assistant-intro').waitFor();
    const box = await sheet.boundingBox();
    expect(box).toMatchObject({ x: 0, y: 0, width: MOBILE.width, height: MOBILE.height });
    await page.screenshot({ path: path.join(SCREENSHOTS, 'ai-assistant-panel-390.png') });
    await sheet.getByTestId('assistant-panel-close').click();
    await page.setViewportSize(DESKTOP);
  });

  it('lists the conversations for admins, shows one, and deletes it after a confirmation', async () => {
    const { page } = admin;
    await open(page, '/admin');
    await page.getByRole('navigation', { name: 'Admin menu' }).getByRole('link', { name: 'AI conversations' }).click();
    await waitForPath(page, '/admin/ai-conversations');
    const table = page.getByTestId('admin-ai-conversations');
    const row = table.locator('tbody tr').filter({ hasText: 'How do I change a timing belt?' });
    await row.getByText('Belt Mechanic').waitFor();
    expect(await row.locator('td').nth(2).textContent()).toBe('1');
    await shoot(page, 'admin-ai-conversations');

    await row.getByTestId('ai-conversation-open').click();
    const dialog = page.getByTestId('ai-conversation');
    await dialog.getByText('And after that?').waitFor();
    await dialog.getByRole('link', { name: QUESTION_TITLE }).waitFor();
    expect(await dialog.getByTestId('assistant-vote-helpful').count()).toBe(0);
    await shoot(page, 'admin-ai-conversation');

    await dialog.getByTestId('ai-conversation-delete').click();
    const confirm = page.getByTestId('ai-conversation-delete-confirm');
    await confirm.getByText('its questions and replies are deleted for good', { exact: false }).waitFor();
    await shoot(page, 'admin-ai-conversation-delete');
    await confirm.getByTestId('ai-conversation-delete-yes').click();
    await row.waitFor({ state: 'detached' });
    const id = conversationPath.split('/').pop();
    const gone = await web.stack.call('GET', `${API}/ai/conversation?conversation_id=${id}`, { token: memberToken });
    expect(gone.body.data).toBeNull();
  });

  it('is for members only', async () => {
    const context = await browser.newContext({ viewport: DESKTOP });
    const page = await context.newPage();
    await open(page, '/ai-assistant');
    await waitForPath(page, '/users/login');
    await open(page, '/questions');
    await page.getByRole('link', { name: 'AI Assistant' }).waitFor();
    expect(await page.getByTestId('assistant-fab').count()).toBe(0);
    await context.close();
    await open(member.page, '/admin/ai-settings');
    await member.page.getByTestId('error-page-403').waitFor();
  });

  it('speaks zh_CN', async () => {
    const context = await browser.newContext({ viewport: DESKTOP });
    await context.addInitScript(() =>
      localStorage.setItem('_a_lang_', JSON.stringify({ value: 'zh_CN', expires: Date.now() + 86_400_000 })),
    );
    await signedIn(context, web.stack, member.email, member.password);
    const page = await context.newPage();
    await open(page, '/ai-assistant');
    await page.getByRole('heading', { name: 'AI 助手', level: 1 }).waitFor();
    await ask(page, '怎样更换正时皮带？');
    const reply = lastReply(page);
    await reply.getByRole('link', { name: QUESTION_TITLE }).waitFor();
    await reply.locator('strong', { hasText: '来源' }).waitFor();
    await expect.poll(() => reply.getAttribute('data-state')).toBe('done');
    await reply.getByRole('button', { name: '思考过程' }).click();
    // Newest first.
    await expect
      .poll(() => page.getByTestId('assistant-conversations').locator('[data-conversation]').first().textContent())
      .toContain('怎样更换正时皮带？');
    await shoot(page, 'ai-assistant-zh_CN');
    await open(page, '/questions');
    await page.getByTestId('assistant-fab').click();
    await page.getByTestId('assistant-panel').getByText('向社区助手提问').waitFor();
    await page.screenshot({ path: path.join(SCREENSHOTS, 'ai-assistant-panel-zh_CN-1280.png') });
    await context.close();

    const adminContext = await browser.newContext({ viewport: DESKTOP });
    await adminContext.addInitScript(() =>
      localStorage.setItem('_a_lang_', JSON.stringify({ value: 'zh_CN', expires: Date.now() + 86_400_000 })),
    );
    await signedIn(adminContext, web.stack, admin.email, admin.password);
    const adminPage = await adminContext.newPage();
    await open(adminPage, '/admin/ai-settings');
    await adminPage.getByRole('heading', { name: 'AI 助手', level: 1 }).waitFor();
    await adminPage.getByText('已开启：已登录的用户可以向助手提问。').waitFor();
    await shoot(adminPage, 'admin-ai-settings-zh_CN');
    await open(adminPage, '/admin/ai-conversations');
    await adminPage.getByTestId('admin-ai-conversations').getByText('怎样更换正时皮带？').waitFor();
    await shoot(adminPage, 'admin-ai-conversations-zh_CN');
    await adminContext.close();
  });
});
