import { type AiFaults, cosineSimilarity, startAiProvider, type TestAiProvider } from '@agora/test-support/ai-provider';
import { eventually } from '@agora/test-support/eventually';
import OpenAI, { APIConnectionError, APIConnectionTimeoutError, APIError, AuthenticationError } from 'openai';
import type { ChatCompletionChunk } from 'openai/resources/chat/completions';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';

let provider: TestAiProvider;
let client: OpenAI;

beforeAll(async () => {
  provider = await startAiProvider({ tool: 'search_posts', concepts: [['kubernetes', 'k8s', 'cluster']] });
  client = new OpenAI({ baseURL: provider.baseURL, apiKey: 'test-key', maxRetries: 0, timeout: 5000 });
});

afterAll(async () => {
  await provider?.close();
});

afterEach(() => {
  provider.setFaults({});
  provider.setScript(({ messages }) => ({ content: `echo ${messages.length}` }));
});

const ask = (content: string) => ({
  model: provider.chatModel,
  messages: [{ role: 'user' as const, content }],
});

async function drain(stream: AsyncIterable<ChatCompletionChunk>) {
  const chunks: ChatCompletionChunk[] = [];
  for await (const chunk of stream) chunks.push(chunk);
  return chunks;
}

/** The error a streamed chat with these faults ends in (thrown by the call or by the stream), and the chunks before. */
async function streamedFailure(faults: AiFaults): Promise<{ error: unknown; received: number }> {
  provider.failNext(faults, { route: '/v1/chat/completions' });
  provider.setScript(() => ({ content: 'one two three four five six' }));
  let received = 0;
  try {
    for await (const _ of await client.chat.completions.create({ ...ask('hi'), stream: true })) received++;
  } catch (error) {
    return { error, received };
  }
  throw new Error('the stream did not fail');
}

describe('models', () => {
  it('lists the models to a client with the key', async () => {
    const models = [];
    for await (const model of client.models.list()) models.push(model);
    expect(models.map((m) => m.id)).toEqual(['test-chat', 'test-embedding']);
    expect(models[0]).toMatchObject({ object: 'model', owned_by: 'agora-test' });
    expect(typeof models[0]?.created).toBe('number');
  });

  it('answers 401 with an OpenAI error to a wrong key, and records no key value', async () => {
    const wrong = new OpenAI({ baseURL: provider.baseURL, apiKey: 'stolen', maxRetries: 0 });
    const error = await wrong.models.list().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AuthenticationError);
    expect((error as APIError).code).toBe('invalid_api_key');
    const last = provider.requests[provider.requests.length - 1];
    expect(last).toMatchObject({
      method: 'GET',
      route: '/v1/models',
      authorization: { present: true, matched: false },
    });
    expect(JSON.stringify(last)).not.toContain('stolen');
  });

  it('serves the same endpoints without the /v1 prefix', async () => {
    const response = await fetch(`${provider.url}/models`, { headers: { authorization: 'Bearer test-key' } });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({
      object: 'list',
      data: [{ id: 'test-chat' }, { id: 'test-embedding' }],
    });
    expect(provider.requests[provider.requests.length - 1]).toMatchObject({ path: '/models', route: '/v1/models' });
    const broken = await fetch(`${provider.url}/embeddings`, {
      method: 'POST',
      headers: { authorization: 'Bearer test-key', 'content-type': 'application/json' },
      body: '{"model": ',
    });
    expect(broken.status).toBe(400);
    expect(provider.requests[provider.requests.length - 1]).toMatchObject({
      route: '/v1/embeddings',
      body: '{"model": ',
      authorization: { present: true, matched: true },
    });
    const missing = await fetch(`${provider.url}/models`);
    expect(missing.status).toBe(401);
    expect(await missing.json()).toMatchObject({ error: { type: 'invalid_request_error', code: 'invalid_api_key' } });
  });
});

describe('embeddings', () => {
  const embed = async (input: string[]) => {
    const response = await client.embeddings.create({ model: provider.embeddingModel, input });
    return response.data.map((d) => d.embedding);
  };

  it('puts synonyms together and unrelated words apart', async () => {
    const [car, automobile, banana] = await embed(['car', 'automobile', 'banana']);
    expect(car).toHaveLength(128);
    expect(Math.hypot(...(car ?? []))).toBeCloseTo(1, 5);
    expect(cosineSimilarity(car ?? [], automobile ?? [])).toBeGreaterThan(0.99);
    expect(cosineSimilarity(car ?? [], banana ?? [])).toBeLessThan(0.5);
  });

  it('finds by meaning what a keyword search misses, in inflected forms and in the test’s own concepts', async () => {
    const posts = [
      'Which cars are good for a family trip?',
      'How do I peel a banana without bruising it?',
      'My program crashes during installation',
      'Scaling a k8s deployment',
    ];
    const vectors = await embed(posts);
    // The post a semantic search ranks first, when it stands clear of the others.
    const best = async (query: string) => {
      const [q] = await embed([query]);
      const scores = vectors.map((v) => cosineSimilarity(q ?? [], v));
      const [top = 0, next = 0] = [...scores].sort((a, b) => b - a);
      return top > 0.3 && top - next > 0.2 ? posts[scores.indexOf(top)] : 'no clear match';
    };
    expect(posts[0]).not.toContain('automobile');
    expect(await best('automobile')).toBe(posts[0]);
    expect(await best('application failure on setup')).toBe(posts[2]);
    expect(await best('kubernetes')).toBe(posts[3]);
    expect(await best('汽车')).toBe(posts[0]);
  });

  it('is deterministic, answers floats when asked and honours dimensions', async () => {
    const floats = await client.embeddings.create({
      model: provider.embeddingModel,
      input: 'quick setup',
      encoding_format: 'float',
      dimensions: 64,
    });
    expect(floats.data[0]?.embedding).toHaveLength(64);
    expect(floats.data[0]?.embedding).toEqual(provider.embed('fast install', 64));
    expect(floats).toMatchObject({ object: 'list', model: 'test-embedding', usage: { prompt_tokens: 2 } });
  });

  it('refuses an unknown model with 404 model_not_found', async () => {
    const error = await client.embeddings.create({ model: 'nope', input: 'x' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(APIError);
    expect(error).toMatchObject({ status: 404, code: 'model_not_found' });
  });
});

describe('chat', () => {
  it('streams reasoning first, then content, then stop and [DONE]', async () => {
    provider.setScript(() => ({ reasoning: 'The user greets me.', content: 'Hello there, how can I help?' }));
    const chunks = await drain(await client.chat.completions.create({ ...ask('hello'), stream: true }));
    const deltas = chunks.map((c) => c.choices[0]?.delta as { content?: string | null; reasoning_content?: string });
    const reasoning = deltas.filter((d) => d.reasoning_content).map((d) => d.reasoning_content);
    const content = deltas.filter((d) => d.content).map((d) => d.content);
    expect(reasoning.length).toBeGreaterThan(1);
    expect(content.length).toBeGreaterThan(1);
    expect(reasoning.join('')).toBe('The user greets me.');
    expect(content.join('')).toBe('Hello there, how can I help?');
    expect(deltas.findLastIndex((d) => d.reasoning_content)).toBeLessThan(deltas.findIndex((d) => d.content));
    expect(chunks[chunks.length - 1]?.choices[0]?.finish_reason).toBe('stop');
    expect(provider.completedStreams).toBeGreaterThan(0);
    expect(provider.openStreams).toBe(0);
  });

  it('streams a tool call whose arguments the client reassembles from several chunks', async () => {
    const tools = [
      {
        type: 'function' as const,
        function: {
          name: 'search_posts',
          parameters: { type: 'object', properties: { text: { type: 'string' } }, required: ['text'] },
        },
      },
    ];
    provider.setScript(() => ({ toolCalls: [{ name: 'search_posts', arguments: { text: 'how to install agora' } }] }));
    const chunks = await drain(await client.chat.completions.create({ ...ask('install?'), tools, stream: true }));
    const parts = chunks.flatMap((c) => c.choices[0]?.delta.tool_calls ?? []);
    expect(parts.filter((p) => p.function?.arguments).length).toBeGreaterThan(2);
    expect(parts[0]).toMatchObject({ index: 0, type: 'function', function: { name: 'search_posts' } });
    expect(parts[0]?.id).toMatch(/^call_/);
    const args = parts.map((p) => p.function?.arguments ?? '').join('');
    expect(JSON.parse(args)).toEqual({ text: 'how to install agora' });
    expect(chunks[chunks.length - 1]?.choices[0]?.finish_reason).toBe('tool_calls');

    // The same through the client's own stream helper, which assembles tool calls itself.
    const runner = client.chat.completions.stream({ ...ask('install?'), tools });
    const final = await runner.finalChatCompletion();
    expect(final.choices[0]?.message.tool_calls?.[0]).toMatchObject({
      type: 'function',
      function: { name: 'search_posts', arguments: '{"text":"how to install agora"}' },
    });
  });

  it('answers without streaming as one chat.completion, and the default script closes the tool loop', async () => {
    const fresh = await startAiProvider({ tool: 'search_posts', apiKey: null });
    try {
      const open = new OpenAI({ baseURL: fresh.baseURL, apiKey: 'anything', maxRetries: 0 });
      const tools = [{ type: 'function' as const, function: { name: 'search_posts', parameters: { type: 'object' } } }];
      const first = await open.chat.completions.create({ ...ask('fast cars'), model: fresh.chatModel, tools });
      expect(first.object).toBe('chat.completion');
      expect(first.choices[0]?.finish_reason).toBe('tool_calls');
      const call = first.choices[0]?.message.tool_calls?.[0];
      expect(call?.type === 'function' && JSON.parse(call.function.arguments)).toEqual({ query: 'fast cars' });

      const second = await open.chat.completions.create({
        model: fresh.chatModel,
        tools,
        messages: [
          { role: 'user', content: 'fast cars' },
          { role: 'assistant', content: null, tool_calls: call ? [call] : [] },
          { role: 'tool', tool_call_id: call?.id ?? '', content: 'Post 12: the quickest automobiles' },
        ],
      });
      expect(second.choices[0]?.message.content).toContain('Post 12: the quickest automobiles');
      expect(second.choices[0]?.finish_reason).toBe('stop');

      const plain = await open.chat.completions.create({ ...ask('hello'), model: fresh.chatModel });
      expect(plain.choices[0]?.message.content).toBe('You asked: hello');
      expect(fresh.requests.map((r) => r.authorization)).toEqual([
        { present: true, matched: false },
        { present: true, matched: false },
        { present: true, matched: false },
      ]);
      expect(fresh.requests[1]?.body).toMatchObject({ messages: [{}, {}, { role: 'tool' }] });
      expect(fresh.requests[0]?.headers['content-type']).toBe('application/json');
    } finally {
      await fresh.close();
    }
  });

  it('reports usage in a last chunk when the client asks for it', async () => {
    provider.setScript(() => ({ content: 'a b c' }));
    const chunks = await drain(
      await client.chat.completions.create({ ...ask('x y'), stream: true, stream_options: { include_usage: true } }),
    );
    expect(chunks[chunks.length - 1]).toMatchObject({ choices: [], usage: { prompt_tokens: 2, completion_tokens: 3 } });
  });
});

describe('faults', () => {
  it('down: the connection closes and the client sees a connection error', async () => {
    provider.setFaults({ down: true });
    await expect(client.models.list()).rejects.toBeInstanceOf(APIConnectionError);
    provider.setFaults({});
    expect((await streamedFailure({ down: true })).error).toBeInstanceOf(APIConnectionError);
    await expect(client.models.list()).resolves.toBeDefined();
  });

  it('slow: the first chunk comes late enough for the client to time out, and chunks come apart', async () => {
    provider.failNext({ slow: 1000 });
    const impatient = new OpenAI({ baseURL: provider.baseURL, apiKey: 'test-key', maxRetries: 0, timeout: 200 });
    await expect(impatient.models.list()).rejects.toBeInstanceOf(APIConnectionTimeoutError);

    provider.failNext({ slow: { firstChunkMs: 0, betweenChunksMs: 60 } });
    provider.setScript(() => ({ content: 'one two three four' }));
    const started = Date.now();
    const chunks = await drain(await client.chat.completions.create({ ...ask('hi'), stream: true }));
    expect(chunks.length).toBe(6);
    expect(Date.now() - started).toBeGreaterThanOrEqual(5 * 60 - 20);
  });

  it('badKey: 401 even with the right key', async () => {
    const { error } = await streamedFailure({ badKey: true });
    expect(error).toBeInstanceOf(AuthenticationError);
    expect(error).toMatchObject({ status: 401, type: 'invalid_request_error' });
  });

  it('garbage: the client fails to parse the stream', async () => {
    expect(await streamedFailure({ garbage: true })).toMatchObject({ error: expect.any(SyntaxError), received: 0 });
    provider.failNext({ garbage: true });
    await expect(client.models.list()).rejects.toBeInstanceOf(SyntaxError);
  });

  it('cutMidStream: the stream breaks after N chunks without [DONE]', async () => {
    const completed = provider.completedStreams;
    const { error, received } = await streamedFailure({ cutMidStream: 3 });
    expect(received).toBe(3);
    expect(error).toBeInstanceOf(TypeError);
    expect(String(error)).toMatch(/terminated/);
    expect(provider.completedStreams).toBe(completed);

    provider.failNext({ cutMidStream: { afterChunks: 3, how: 'end' } });
    const chunks = await drain(await client.chat.completions.create({ ...ask('hi'), stream: true }));
    expect(chunks).toHaveLength(3);
    expect(chunks.every((c) => c.choices[0]?.finish_reason === null)).toBe(true);
  });

  it('status: any HTTP error with an OpenAI error body, also from the script for one answer', async () => {
    const { error: unavailable } = await streamedFailure({ status: 503 });
    expect(unavailable).toBeInstanceOf(APIError);
    expect(unavailable).toMatchObject({ status: 503, type: 'server_error' });
    const { error: limited } = await streamedFailure({ status: 429 });
    expect(limited).toMatchObject({ status: 429, code: 'rate_limit_exceeded' });

    provider.setScript((_request, call) => ({ content: 'never', fault: call % 2 === 0 ? { status: 500 } : {} }));
    const results = await Promise.allSettled([
      client.chat.completions.create(ask('a')),
      client.chat.completions.create(ask('b')),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual(['fulfilled', 'rejected']);
  });

  it('failNext applies to the next requests of one endpoint only', async () => {
    provider.failNext({ status: 502 }, { route: '/v1/embeddings', times: 2 });
    await expect(client.models.list()).resolves.toBeDefined();
    const input = { model: provider.embeddingModel, input: 'x' };
    await expect(client.embeddings.create(input)).rejects.toMatchObject({ status: 502 });
    await expect(client.embeddings.create(input)).rejects.toMatchObject({ status: 502 });
    await expect(client.embeddings.create(input)).resolves.toBeDefined();
  });
});

describe('streams', () => {
  it('counts a stream the client aborted', async () => {
    provider.setScript(() => ({ content: 'a long answer that goes on and on for many words' }));
    provider.failNext({ slow: { firstChunkMs: 0, betweenChunksMs: 100 } });
    const aborted = provider.abortedStreams;
    const stream = await client.chat.completions.create({ ...ask('hi'), stream: true });
    for await (const chunk of stream) {
      if (chunk.choices[0]?.delta.content) break;
    }
    await eventually(() => provider.abortedStreams === aborted + 1);
    expect(provider.openStreams).toBe(0);
  });

  it('counts open streams while they are written', async () => {
    provider.setScript(() => ({ content: 'one two three' }));
    provider.failNext({ slow: { firstChunkMs: 0, betweenChunksMs: 200 } });
    const stream = await client.chat.completions.create({ ...ask('hi'), stream: true });
    const done = drain(stream);
    await eventually(() => provider.openStreams === 1);
    await done;
    expect(provider.openStreams).toBe(0);
  });

  it('tells a listener of each chunk written, with the request it answers, before the client reads it', async () => {
    const written: { question: string; index: number; content?: string; at: number }[] = [];
    const timed = await startAiProvider({
      script: () => ({ content: 'one two three' }),
      onChunkWritten: ({ request, index, chunk }) => {
        const body = request.body as { messages: { content: string }[] };
        const delta = (chunk as ChatCompletionChunk).choices[0]?.delta;
        written.push({
          question: body.messages[0]?.content ?? '',
          index,
          content: delta?.content ?? undefined,
          at: Date.now(),
        });
      },
    });
    try {
      const timedClient = new OpenAI({ baseURL: timed.baseURL, apiKey: 'test-key', maxRetries: 0 });
      const stream = await timedClient.chat.completions.create({ ...ask('when?'), stream: true });
      let firstContentAt = 0;
      for await (const chunk of stream)
        if (chunk.choices[0]?.delta.content && !firstContentAt) firstContentAt = Date.now();
      expect(written.map((w) => w.index)).toEqual([0, 1, 2, 3, 4]);
      expect(written.every((w) => w.question === 'when?')).toBe(true);
      expect(written.map((w) => w.content ?? '').join('')).toBe('one two three');
      const firstDelta = written.find((w) => w.content);
      expect(firstDelta?.at).toBeLessThanOrEqual(firstContentAt);
    } finally {
      await timed.close();
    }
  });
});
