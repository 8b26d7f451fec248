import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../src/api/api-error';
import { aiApi, type ReplyDelta } from '../src/api/calls/ai';
import { readEvents } from '../src/api/event-stream';
import { invalidateKeys, queryKeys } from '../src/api/query-keys';
import type { AiRecord } from '../src/api/wire';
import { splitReply, turnsOf } from '../src/assistant/turns';
import { STORAGE_KEYS } from '../src/storage';
import { memoryStorage } from './support/memory-storage';

// The AI assistant's browser side: the reference's chunks read from a stream that arrives in arbitrary pieces, the
// refusals before it, a stop midway, and a conversation's records as turns.

const chunk = (delta: Record<string, string>, finish: 'stop' | null = null) =>
  `data: ${JSON.stringify({
    chat_completion_id: 'chatcmpl-1',
    object: 'chat.completion.chunk',
    created: 1,
    model: 'm',
    choices: [{ index: 0, delta, finish_reason: finish }],
  })}\n\n`;

/** A streamed answer delivered in pieces of `size` characters, one piece per read. */
function streamed(text: string, size: number, gate?: Promise<void>): Response {
  const bytes = new TextEncoder().encode(text);
  let at = 0;
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (at >= bytes.length) return controller.close();
      if (at > 0 && gate) await gate;
      controller.enqueue(bytes.slice(at, at + size));
      at += size;
    },
  });
  return new Response(body, { status: 200, headers: { 'content-type': 'text/event-stream; charset=utf-8' } });
}

let answer: () => Response;
let sent: { url: string; headers: Record<string, string>; body: unknown }[];

beforeEach(() => {
  sent = [];
  vi.stubGlobal('localStorage', memoryStorage());
  localStorage.setItem(STORAGE_KEYS.token, JSON.stringify({ value: 'member-token', expires: Date.now() + 60_000 }));
  vi.stubGlobal(
    'fetch',
    async (url: string, init: { headers: Record<string, string>; body: string; signal: AbortSignal }) => {
      sent.push({ url, headers: init.headers, body: JSON.parse(init.body) });
      if (init.signal.aborted) throw new DOMException('aborted', 'AbortError');
      return answer();
    },
  );
});
afterEach(() => vi.unstubAllGlobals());

describe('reading an event stream', () => {
  it('takes the data lines and keeps back the line not ended yet', () => {
    expect(readEvents('data: {"a":1}\n\n: comment\nevent: x\ndata:[DONE]\r\ndata: {"b"')).toEqual({
      data: ['{"a":1}', '[DONE]'],
      rest: 'data: {"b"',
    });
    expect(readEvents('')).toEqual({ data: [], rest: '' });
  });
});

describe('asking the assistant', () => {
  const ask = async (signal = new AbortController().signal) => {
    const deltas: ReplyDelta[] = [];
    await aiApi.chat(
      { conversation_id: 'c-1', messages: [{ role: 'user', content: 'How?' }] },
      { signal, onDelta: (delta) => deltas.push(delta) },
    );
    return deltas;
  };

  it('hands on every part of the reply as it comes, whatever pieces the body arrives in, up to [DONE]', async () => {
    const text = [
      chunk({ role: 'assistant' }),
      chunk({ reasoning_content: 'Look it up. ' }),
      chunk({ content: 'Lock the cam' }),
      chunk({ content: 'shaft — 先锁定。' }),
      chunk({}, 'stop'),
      'data: [DONE]\n\n',
      chunk({ content: 'never read' }),
    ].join('');
    for (const size of [1, 7, 64, text.length]) {
      answer = () => streamed(text, size);
      const deltas = await ask();
      expect(deltas.map((d) => d.content).join('')).toBe('Lock the camshaft — 先锁定。');
      expect(deltas.map((d) => d.reasoning).join('')).toBe('Look it up. ');
      expect(new Set(deltas.map((d) => d.chatCompletionId))).toEqual(new Set(['chatcmpl-1']));
    }
    const request = sent[0]!;
    expect(request.url).toBe('/answer/api/v1/chat/completions');
    expect(request.headers.Authorization).toBe('member-token');
    expect(request.headers['Accept-Language']).toBeTruthy();
    expect(request.body).toEqual({ conversation_id: 'c-1', messages: [{ role: 'user', content: 'How?' }] });
  });

  it('throws a refusal before the stream as the envelope says it', async () => {
    answer = () =>
      new Response(
        JSON.stringify({ code: 429, reason: 'base.too_many_requests', msg: 'You have asked 2 times.', data: null }),
        { status: 429, headers: { 'content-type': 'application/json' } },
      );
    const refused = await ask().catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(ApiError);
    expect(refused).toMatchObject({ status: 429, message: 'You have asked 2 times.' });
  });

  it('stops reading when stopped midway, without an error', async () => {
    let release = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    answer = () =>
      streamed(chunk({ content: 'one ' }) + chunk({ content: 'two' }), chunk({ content: 'one ' }).length, gate);
    const stop = new AbortController();
    const deltas: ReplyDelta[] = [];
    const asking = aiApi.chat(
      { messages: [{ role: 'user', content: 'Count' }] },
      {
        signal: stop.signal,
        onDelta: (delta) => {
          deltas.push(delta);
          stop.abort();
          release();
        },
      },
    );
    await expect(asking).resolves.toBeUndefined();
    expect(deltas.map((d) => d.content)).toEqual(['one ']);
  });
});

describe('a conversation as turns', () => {
  const record = (role: string, id: string, content: string, extra: Partial<AiRecord> = {}): AiRecord => ({
    chat_completion_id: id,
    role,
    content,
    reasoning_content: '',
    helpful: 0,
    unhelpful: 0,
    created_at: 1,
    sources: [],
    ...extra,
  });

  it('pairs each question with its reply, with the reasoning and the member vote', () => {
    const turns = turnsOf([
      record('user', 'a', 'How?'),
      record('assistant', 'a', 'Like so.', { reasoning_content: 'Thought.', helpful: 1 }),
      record('user', 'b', 'And then?'),
      record('assistant', 'b', 'Then this.', { unhelpful: 1 }),
    ]);
    expect(turns.map((t) => [t.question, t.reply.content, t.reply.reasoning, t.reply.vote, t.reply.stored])).toEqual([
      ['How?', 'Like so.', 'Thought.', 'helpful', true],
      ['And then?', 'Then this.', '', 'unhelpful', true],
    ]);
  });

  it('tells a reply that ended on a failure apart from its text', () => {
    expect(splitReply('Error: The AI provider cannot be reached.')).toEqual({
      body: '',
      error: 'The AI provider cannot be reached.',
    });
    expect(splitReply('Half an answer\n\nError: The AI provider took too long to answer.')).toEqual({
      body: 'Half an answer',
      error: 'The AI provider took too long to answer.',
    });
    const fine = 'An answer.\n\n**Sources**\n- [Error: a title](http://x/questions/1)';
    expect(splitReply(fine)).toEqual({ body: fine, error: '' });
  });
});

describe("the assistant's query keys", () => {
  it("name the member's conversation list apart from each conversation, and both under ai/conversation", async () => {
    const keys = [
      queryKeys.aiConversationPages(),
      queryKeys.aiConversation('c-1'),
      queryKeys.adminAiConversationPage(1),
    ];
    const stale = async (key: readonly unknown[]) => {
      const client = new QueryClient();
      for (const k of keys) client.setQueryData(k, 1);
      await invalidateKeys(client, key);
      return keys.filter((k) => client.getQueryCache().find({ queryKey: k, exact: true })?.state.isInvalidated);
    };
    expect(queryKeys.aiConversation('c-1')).toEqual(['ai', 'conversation', { conversation_id: 'c-1' }]);
    expect(await stale(queryKeys.aiConversationPages())).toEqual([keys[0]]);
    expect(await stale(queryKeys.aiConversations())).toEqual([keys[0], keys[1]]);
    expect(await stale(queryKeys.adminAiConversations())).toEqual([keys[2]]);
  });
});
