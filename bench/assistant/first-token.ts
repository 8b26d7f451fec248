/**
 * Time to the first streamed token (issue 42: Agora's own part ≤ 50 ms at p99, 16 concurrent chats): members ask the
 * assistant through the gateway over HTTP, 16 at a time, for `seconds`; the local provider answers every chat in many
 * chunks with a known delay, and tells the bench when it wrote each chunk. A stream's figure is the time its client read
 * the first content chunk minus the time the provider wrote its first content delta: what the assistant (the openai
 * client, the chat loop, the chunk writer) and the gateway (the in-process stream, the HTTP response) add. The provider,
 * Agora and the clients share this process's clock, and its two cores.
 */
import { performance } from 'node:perf_hooks';
import type { TestAiProvider } from '@agora/test-support/ai-provider';
import { summarize, watchPauses } from '../support';
import { API, type AssistantBench } from './stack';

export const FIRST_TOKEN_BUDGET_MS = 50;
/** The provider's pace: its first chunk after this long, then one every BETWEEN_CHUNKS_MS. */
export const PROVIDER_PACE = { firstChunkMs: 200, betweenChunksMs: 20 };
const REPLY_WORDS = 40;
const REPLY = Array.from({ length: REPLY_WORDS }, (_, i) => `word${i}`).join(' ');
const MARK = /\[bench-chat-(\d+)\]/;

/** The provider's script and its clock: every chat answered with REPLY, word by word, at PROVIDER_PACE. */
export function pacedProvider() {
  const firstDeltaAt = new Map<number, number>();
  return {
    firstDeltaAt,
    options: {
      script: () => ({ content: REPLY, fault: { slow: PROVIDER_PACE } }),
      onChunkWritten: ({ request, chunk }: { request: { body: unknown }; chunk: object }) => {
        const delta = (chunk as { choices?: { delta?: { content?: string } }[] }).choices?.[0]?.delta;
        if (!delta?.content) return;
        const messages = (request.body as { messages?: { role: string; content: string }[] }).messages ?? [];
        const asked = messages.findLast((m) => m.role === 'user')?.content ?? '';
        const stream = Number(MARK.exec(asked)?.[1] ?? Number.NaN);
        if (!firstDeltaAt.has(stream)) firstDeltaAt.set(stream, performance.now());
      },
    },
  };
}

interface StreamTimes {
  /** The client's request sent → its first content chunk read. */
  firstContentMs: number;
  /** The provider's first content delta written → the client's first content chunk read. */
  agoraMs: number;
  totalMs: number;
}

/** One chat, read as a browser's EventSource reader would: the time its first content chunk arrived. */
async function chat(url: string, token: string, stream: number, firstDeltaAt: Map<number, number>) {
  const started = performance.now();
  const response = await fetch(`${url}${API}/chat/completions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: token },
    body: JSON.stringify({ messages: [{ role: 'user', content: `[bench-chat-${stream}] How do I index a table?` }] }),
  });
  if (response.status !== 200 || !response.body) throw new Error(`chat: ${response.status} ${await response.text()}`);
  const decoder = new TextDecoder();
  let buffered = '';
  let firstContentAt = 0;
  let done = false;
  for await (const bytes of response.body) {
    const now = performance.now();
    buffered += decoder.decode(bytes as Uint8Array, { stream: true });
    let end = buffered.indexOf('\n\n');
    while (end >= 0) {
      const event = buffered.slice(0, end);
      buffered = buffered.slice(end + 2);
      end = buffered.indexOf('\n\n');
      if (!event.startsWith('data: ')) continue;
      const data = event.slice(6);
      if (data === '[DONE]') {
        done = true;
        continue;
      }
      const delta = (JSON.parse(data) as { choices: { delta: { content?: string } }[] }).choices[0]?.delta;
      if (delta?.content && !firstContentAt) firstContentAt = now;
    }
  }
  const provider = firstDeltaAt.get(stream);
  firstDeltaAt.delete(stream);
  if (!done || !firstContentAt || provider === undefined) throw new Error(`chat ${stream} ended without content`);
  return {
    firstContentMs: firstContentAt - started,
    agoraMs: firstContentAt - provider,
    totalMs: performance.now() - started,
  } satisfies StreamTimes;
}

export async function measureFirstToken(
  bench: AssistantBench,
  paced: ReturnType<typeof pacedProvider>,
  options: { clients: number; seconds: number },
) {
  const provider: TestAiProvider = bench.provider;
  const times: StreamTimes[] = [];
  const failures: string[] = [];
  let failed = 0;
  let next = 0;
  // A warm-up round (the openai client's first import, the JIT), not counted.
  await Promise.all(
    bench.members.slice(0, options.clients).map((member) => chat(bench.url, member.token, next++, paced.firstDeltaAt)),
  );
  const pauses = watchPauses();
  const until = performance.now() + options.seconds * 1000;
  const started = performance.now();
  await Promise.all(
    bench.members.slice(0, options.clients).map(async (member) => {
      while (performance.now() < until) {
        try {
          times.push(await chat(bench.url, member.token, next++, paced.firstDeltaAt));
        } catch (error) {
          failed++;
          if (failures.length < 10) failures.push((error as Error).message);
        }
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  const agora = summarize(times.map((t) => t.agoraMs));
  provider.requests.length = 0;
  return {
    what:
      `${options.clients} members each asking the assistant again and again for ${options.seconds} s, through the gateway over HTTP ` +
      `on the loopback (one process: Agora, the provider and the clients); the local provider answers ${REPLY_WORDS} words, ` +
      `one chunk each, its first after ${PROVIDER_PACE.firstChunkMs} ms and then one every ${PROVIDER_PACE.betweenChunksMs} ms`,
    clients: options.clients,
    streams: times.length,
    streams_per_second: Math.round((times.length / seconds) * 10) / 10,
    failures: failed,
    failed: failures,
    agora_first_token: {
      what: "the client's first content chunk read − the provider's first content delta written",
      ...agora,
    },
    request_to_first_token: {
      what: `the request sent → the first content chunk read (the provider's ${PROVIDER_PACE.firstChunkMs} ms included)`,
      ...summarize(times.map((t) => t.firstContentMs)),
    },
    whole_stream: summarize(times.map((t) => t.totalMs)),
    pauses: pauses.stop(),
    budget_p99_ms: FIRST_TOKEN_BUDGET_MS,
    met: agora.p99_ms <= FIRST_TOKEN_BUDGET_MS && failed === 0,
  };
}
