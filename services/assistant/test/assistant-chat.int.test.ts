/**
 * The AI assistant end to end, on a local OpenAI-compatible provider (test-support): the settings (keys only as
 * stars, never in an event), the models list, a question answered from the site's posts through tool calls with their
 * links, streamed through the gateway in the reference's chunks, the conversation kept and voted on, a provider that is
 * down, refuses the key, answers garbage or falls silent, a closed tab cancelling the provider's call, the member's
 * hourly rate, and an admin's delete as a purge.
 */

import { identityService } from '@agora/identity';
import { postsService } from '@agora/posts/service';
import { siteService } from '@agora/site';
import { tagsService } from '@agora/tags';
import { type ChatRequest, startAiProvider, type TestAiProvider } from '@agora/test-support/ai-provider';
import { type Stack, startStack } from '@agora/test-support/stack';
import { votesService } from '@agora/votes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assistantService } from '../src/service';
import { ADMIN_API, admin, type Member, member, ok } from './support/stack';

let stack: Stack;
let url: string;
let provider: TestAiProvider;
let boss: Member;
let asker: Member;
let question: string;

interface Chunk {
  chat_completion_id: string;
  object: string;
  model: string;
  choices: {
    index: number;
    delta: { role?: string; content?: string; reasoning_content?: string };
    finish_reason: string | null;
  }[];
}

/** Asks the assistant through the gateway (in the member's language, en_US unless told) and reads the whole stream. */
async function ask(who: Member, text: string, conversationId?: string, language = 'en_US') {
  const response = await fetch(`${url}/answer/api/v1/chat/completions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: who.token, 'accept-language': language },
    body: JSON.stringify({
      ...(conversationId ? { conversation_id: conversationId } : {}),
      messages: [{ role: 'user', content: text }],
    }),
  });
  const body = await response.text();
  const events = body
    .split('\n')
    .filter((line) => line.startsWith('data: '))
    .map((line) => line.slice(6));
  const chunks = events.filter((e) => e !== '[DONE]').map((e) => JSON.parse(e) as Chunk);
  const content = chunks.map((c) => c.choices[0]?.delta.content ?? '').join('');
  const reasoning = chunks.map((c) => c.choices[0]?.delta.reasoning_content ?? '').join('');
  return {
    status: response.status,
    type: response.headers.get('content-type'),
    body,
    events,
    chunks,
    content,
    reasoning,
  };
}

const lastUser = (request: ChatRequest) => {
  const users = request.messages.filter((m) => m.role === 'user');
  return String(users.at(-1)?.content ?? '');
};

beforeAll(async () => {
  provider = await startAiProvider({ apiKey: 'sk-provider-secret-1234' });
  stack = await startStack({
    services: [siteService, identityService, postsService, votesService, tagsService, assistantService],
    env: { AGORA_AI_PROVIDER_TIMEOUT_MS: '1500' },
  });
  url = await stack.listen();
  boss = await admin(stack, 'Ai Admin');
  asker = await member(stack, { name: 'Ai Asker' });
  await ok(stack, 'POST', 'question', boss.token, {
    title: 'How do I replace a timing belt on a diesel engine?',
    content: 'Lock the camshaft and the crankshaft first, then release the tensioner and swap the belt.',
    tags: [{ slug_name: 'engines' }],
  });
  await stack.settle();
  question = ((await ok(stack, 'GET', 'question/page?order=newest', boss.token)).list[0] as { id: string }).id;
  await ok(stack, 'PUT', `${ADMIN_API}/ai-config`, boss.token, {
    enabled: true,
    chosen_provider: 'openai',
    ai_providers: [
      { provider: 'openai', api_host: provider.url, api_key: 'sk-provider-secret-1234', model: 'test-chat' },
    ],
  });
}, 120_000);
afterAll(async () => {
  await stack?.close();
  await provider?.close();
});

describe('settings', () => {
  it('lists the providers, shows a key only as stars, keeps it when sent back so, and never writes it to an event', async () => {
    await stack.settle();
    expect(await ok(stack, 'GET', 'siteinfo')).toMatchObject({ ai_enabled: true, mcp_enabled: false });
    const providers = await ok(stack, 'GET', `${ADMIN_API}/ai-provider`, boss.token);
    expect(providers.map((p: { name: string }) => p.name)).toEqual(['openai', 'gemini', 'anthropic']);
    const config = await ok(stack, 'GET', `${ADMIN_API}/ai-config`, boss.token);
    expect(config).toMatchObject({ enabled: true, chosen_provider: 'openai', chats_per_hour: 20 });
    expect(config.ai_providers[0]).toEqual({
      provider: 'openai',
      api_host: provider.url,
      api_key: '*'.repeat('sk-provider-secret-1234'.length),
      model: 'test-chat',
    });
    expect(config.ai_providers[1]).toMatchObject({ provider: 'gemini', api_key: '', model: '' });
    expect(config.prompt_config.en_us).toContain('get_questions');
    // Saved again as shown (stars): the key stays, and the models list is asked with it.
    await ok(stack, 'PUT', `${ADMIN_API}/ai-config`, boss.token, { ...config, ai_providers: [config.ai_providers[0]] });
    const models = await ok(stack, 'POST', `${ADMIN_API}/ai-models`, boss.token, {
      api_host: provider.url,
      api_key: config.ai_providers[0].api_key,
    });
    expect(models.map((m: { id: string }) => m.id)).toContain('test-chat');
    const events = await stack.query<{ data: unknown }>(
      "select data from assistant.events where type = 'assistant.ai_configured'",
    );
    expect(events.length).toBeGreaterThan(0);
    expect(JSON.stringify(events)).not.toContain('sk-provider-secret');
    const wrong = await stack.call('POST', `${ADMIN_API}/ai-models`, {
      token: boss.token,
      body: { api_host: provider.url, api_key: 'sk-wrong' },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.msg).toBe('The AI provider refused the API key.');
    expect(wrong.body.reason).toBe('error.ai.provider');
    const refused = await stack.call('PUT', `${ADMIN_API}/ai-config`, {
      token: boss.token,
      body: {
        enabled: true,
        chosen_provider: 'gemini',
        ai_providers: [{ provider: 'gemini', api_host: 'ftp://x', api_key: '', model: '' }],
      },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.data.map((f: { error_field: string }) => f.error_field).sort()).toEqual([
      'ai_providers.0.api_host',
      'ai_providers.0.model',
    ]);
    expect((await stack.call('GET', `${ADMIN_API}/ai-config`, { token: asker.token })).status).toBe(403);
  });
});

describe('a question answered from the site', () => {
  let conversationId = '';
  let replyId = '';

  it('calls the tools, streams the reply in the reference chunks, and lists the posts it used', async () => {
    provider.setScript((request) => {
      const toolResult = request.messages.find((m) => m.role === 'tool');
      if (!toolResult) return { toolCalls: [{ name: 'get_questions', arguments: { keyword: 'timing belt' } }] };
      return {
        reasoning: 'The site has a question on this.',
        content: `From the site: lock the camshaft first. (${String(toolResult.content).includes('tensioner') ? 'found' : 'missing'})`,
      };
    });
    conversationId = 'c0ffee00-0000-4000-8000-000000000001';
    const reply = await ask(asker, 'How do I change a timing belt?', conversationId);
    expect(reply.status).toBe(200);
    expect(reply.type).toContain('text/event-stream');
    expect(reply.events.at(-1)).toBe('[DONE]');
    const ids = new Set(reply.chunks.map((c) => c.chat_completion_id));
    expect(ids.size).toBe(1);
    replyId = [...ids][0]!;
    expect(replyId).toMatch(/^chatcmpl-/);
    expect(reply.chunks[0]!.choices[0]!.delta).toEqual({ role: 'assistant' });
    expect(reply.chunks.at(-1)!.choices[0]).toMatchObject({ delta: {}, finish_reason: 'stop' });
    expect(reply.chunks.every((c) => c.object === 'chat.completion.chunk' && c.model === 'test-chat')).toBe(true);
    expect(reply.reasoning).toBe('The site has a question on this.');
    expect(reply.content).toContain('From the site: lock the camshaft first. (found)');
    expect(reply.content).toContain(
      `**Sources**\n- [How do I replace a timing belt on a diesel engine?](http://agora.test/questions/${question})`,
    );
    // The model was offered every tool, with the MCP server's schemas, and the member's words as their own message.
    const first = provider.requests.filter((r) => r.route === '/v1/chat/completions').at(-2)!.body as ChatRequest;
    expect(first.tools?.map((t) => t.function.name)).toContain('semantic_search');
    expect(first.messages[0]!.role).toBe('system');
    expect(lastUser(first)).toBe('How do I change a timing belt?');
  });

  it('keeps the conversation: the member lists it, reads it with its sources, and votes on the reply', async () => {
    await stack.settle();
    const page = await ok(stack, 'GET', 'ai/conversation/page', asker.token);
    expect(page).toMatchObject({
      count: 1,
      list: [{ conversation_id: conversationId, topic: 'How do I change a timing belt?' }],
    });
    const detail = await ok(stack, 'GET', `ai/conversation?conversation_id=${conversationId}`, asker.token);
    expect(detail.records.map((r: { role: string }) => r.role)).toEqual(['user', 'assistant']);
    expect(detail.records[1]).toMatchObject({ chat_completion_id: replyId, helpful: 0, unhelpful: 0 });
    expect(detail.records[1].sources).toEqual([
      { title: 'How do I replace a timing belt on a diesel engine?', link: `http://agora.test/questions/${question}` },
    ]);
    expect(await ok(stack, 'GET', `ai/conversation?conversation_id=${conversationId}`, boss.token)).toBeNull();
    await ok(stack, 'POST', 'ai/conversation/vote', asker.token, { chat_completion_id: replyId, vote_type: 'helpful' });
    let voted = await ok(stack, 'GET', `ai/conversation?conversation_id=${conversationId}`, asker.token);
    expect(voted.records[1]).toMatchObject({ helpful: 1, unhelpful: 0 });
    await ok(stack, 'POST', 'ai/conversation/vote', asker.token, {
      chat_completion_id: replyId,
      vote_type: 'helpful',
      cancel: true,
    });
    voted = await ok(stack, 'GET', `ai/conversation?conversation_id=${conversationId}`, asker.token);
    expect(voted.records[1]).toMatchObject({ helpful: 0, unhelpful: 0 });
    const foreign = await stack.call('POST', '/answer/api/v1/ai/conversation/vote', {
      token: boss.token,
      body: { chat_completion_id: replyId, vote_type: 'unhelpful' },
    });
    expect(foreign.status).toBe(403);
  });

  it('continues a conversation with its history, and refuses someone else’s', async () => {
    provider.setScript(() => ({ content: 'And then tension it.' }));
    const next = await ask(asker, 'And after that?', conversationId);
    expect(next.content).toBe('And then tension it.');
    const sent = provider.requests.filter((r) => r.route === '/v1/chat/completions').at(-1)!.body as ChatRequest;
    expect(sent.messages.map((m) => m.role)).toEqual(['system', 'user', 'assistant', 'user']);
    const foreign = await ask(boss, 'Let me in', conversationId);
    expect(foreign.status).toBe(403);
  });
});

describe('a provider that fails', () => {
  it.each([
    ['down', { down: true }, 'The AI provider cannot be reached.', '无法连接 AI 服务商。'],
    ['refusing the key', { badKey: true }, 'The AI provider refused the API key.', 'AI 服务商拒绝了该 API 密钥。'],
    [
      'answering garbage',
      { garbage: true },
      'The AI provider answered with something that is not valid.',
      'AI 服务商返回的内容无效。',
    ],
    ['silent', { slow: { firstChunkMs: 4000 } }, 'The AI provider took too long to answer.', 'AI 服务商响应超时。'],
  ])(
    'ends the reply with a clear message when %s, in the member’s language',
    async (_name, fault, english, chinese) => {
      provider.setScript(() => ({ content: 'never seen' }));
      for (const [language, message] of [
        ['en_US', english],
        ['zh_CN', chinese],
      ] as const) {
        provider.failNext(fault, { route: '/v1/chat/completions' });
        const reply = await ask(asker, 'Anything?', undefined, language);
        expect(reply.status).toBe(200);
        // The reference's shape whatever the language: the role, `Error: <sentence>`, the finish, then [DONE].
        expect(reply.content).toBe(`Error: ${message}`);
        expect(reply.chunks[0]!.choices[0]!.delta).toEqual({ role: 'assistant' });
        expect(reply.chunks.at(-1)!.choices[0]).toMatchObject({ delta: {}, finish_reason: 'stop' });
        expect(reply.events.at(-1)).toBe('[DONE]');
      }
    },
  );

  it('says a failure after part of the reply in the member’s language, after what came', async () => {
    provider.setScript(() => ({ content: 'one two three four five six' }));
    provider.failNext({ cutMidStream: 3 }, { route: '/v1/chat/completions' });
    const reply = await ask(asker, '数一数', undefined, 'zh_CN');
    // A stream cut midway is no known kind of failure: the general sentence, after the words that came.
    expect(reply.content).toMatch(/^one .*\n\nError: AI 服务商未能作答。$/s);
    expect(reply.events.at(-1)).toBe('[DONE]');
  });

  it('cancels the provider’s call when the member closes the tab', async () => {
    provider.setScript(() => ({ content: 'one two three four five six seven eight nine ten eleven twelve' }));
    provider.failNext({ slow: { firstChunkMs: 0, betweenChunksMs: 300 } }, { route: '/v1/chat/completions' });
    const before = provider.abortedStreams;
    const closed = new AbortController();
    const response = await fetch(`${url}/answer/api/v1/chat/completions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: asker.token },
      body: JSON.stringify({ messages: [{ role: 'user', content: 'Count slowly' }] }),
      signal: closed.signal,
    });
    const reader = response.body!.getReader();
    await reader.read();
    closed.abort();
    await expect.poll(() => provider.abortedStreams, { timeout: 5000 }).toBe(before + 1);
  });
});

describe('limits and admins', () => {
  it('answers a member past the hourly rate 429 before any stream', async () => {
    const config = await ok(stack, 'GET', `${ADMIN_API}/ai-config`, boss.token);
    await ok(stack, 'PUT', `${ADMIN_API}/ai-config`, boss.token, { ...config, chats_per_hour: 2 });
    const past = await ask(asker, 'One more?');
    expect(past.status).toBe(429);
    expect(JSON.parse(past.body).msg).toBe(
      "You have reached the assistant's limit of 2 replies an hour; try again later.",
    );
    await ok(stack, 'PUT', `${ADMIN_API}/ai-config`, boss.token, { ...config, chats_per_hour: 20 });
  });

  it('lists every conversation for admins, and a delete purges its words from the log', async () => {
    const page = await ok(stack, 'GET', `${ADMIN_API}/ai/conversation/page`, boss.token);
    const held = page.list.find((c: { topic: string }) => c.topic === 'How do I change a timing belt?');
    expect(held).toMatchObject({ user_info: { username: asker.username }, helpful_count: 0, unhelpful_count: 0 });
    const detail = await ok(stack, 'GET', `${ADMIN_API}/ai/conversation?conversation_id=${held.id}`, boss.token);
    expect(detail.records).toHaveLength(4);
    await ok(stack, 'DELETE', `${ADMIN_API}/ai/conversation`, boss.token, { conversation_id: held.id });
    expect(await ok(stack, 'GET', `ai/conversation?conversation_id=${held.id}`, asker.token)).toBeNull();
    const kept = await stack.query<{ data: string }>(
      'select data::text as data from assistant.events where stream_id = $1',
      [`ai-conversation-${held.id}`],
    );
    expect(kept.length).toBeGreaterThan(0);
    expect(kept.map((e) => e.data).join()).not.toMatch(/timing belt|camshaft|tension/);
  });

  it('refuses chats while the assistant is off', async () => {
    const config = await ok(stack, 'GET', `${ADMIN_API}/ai-config`, boss.token);
    await ok(stack, 'PUT', `${ADMIN_API}/ai-config`, boss.token, { ...config, enabled: false });
    await stack.settle();
    expect((await ok(stack, 'GET', 'siteinfo')).ai_enabled).toBe(false);
    const off = await ask(asker, 'Hello?');
    expect(off.status).toBe(400);
    expect(JSON.parse(off.body).msg).toBe('The AI assistant is turned off.');
  });
});
