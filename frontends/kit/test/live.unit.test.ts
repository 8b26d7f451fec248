import { Limits } from '@agora/contracts/limits';
import { Live } from '@agora/contracts/live/limits';
import type { LiveMessage } from '@agora/contracts/live/messages';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LiveConnection } from '../src/live/live-connection';
import { OwnVotes, voteDeltas } from '../src/live/own-votes';
import type { LiveState } from '../src/live/relay-messages';
import { nextAttempt } from '../src/live/retry-policy';
import { SeenMessages } from '../src/live/seen-messages';
import { readFrames } from '../src/live/sse-frames';
import { TopicCounts } from '../src/live/topic-counts';
import { TopicUnion } from '../src/live/topic-union';
import { memoryStorage } from './support/memory-storage';

// The web app's side of live pages (docs/adr/0099-live-pages.md): the pure parts, and the leading tab's connection
// over a fetch that plays the gateway.

const message = (position: string, topic = 'question:1'): LiveMessage => ({
  topic,
  kind: 'answer_posted',
  question_id: '1',
  answer_id: position,
  source: 'posts',
  position,
});

describe('the stream read as frames', () => {
  it('hands over whole frames only, with id, event, retry and data, skipping heartbeats', () => {
    const text =
      'retry: 3000\n\n: heartbeat\n\nevent: topics\nid: posts=1:2\ndata: {"granted":[]}\n\r\nid: p2\ndata: a\ndata: b\n\nid: p3\nda';
    const { frames, rest } = readFrames(text);
    expect(frames).toEqual([
      { retry: 3000, data: '' },
      { event: 'topics', id: 'posts=1:2', data: '{"granted":[]}' },
      { id: 'p2', data: 'a\nb' },
    ]);
    expect(rest).toBe('id: p3\nda');
    expect(readFrames(`${rest}ta: c\n\n`).frames).toEqual([{ id: 'p3', data: 'c' }]);
  });
});

describe('messages seen', () => {
  it('knows a message again by its topic, source and position, within a bound', () => {
    const seen = new SeenMessages(2);
    expect(seen.firstTime(message('1:1'))).toBe(true);
    expect(seen.firstTime(message('1:1'))).toBe(false);
    // The same event on another topic is another message.
    expect(seen.firstTime(message('1:1', 'questions'))).toBe(true);
    expect(seen.firstTime(message('1:2'))).toBe(true);
    // The oldest is forgotten past the bound.
    expect(seen.firstTime(message('1:1'))).toBe(true);
  });
});

describe('topics', () => {
  it("counts a tab's followers of a topic, which goes with the last", () => {
    const counts = new TopicCounts();
    expect(counts.add('me')).toBe(true);
    expect(counts.add('me')).toBe(false);
    expect(counts.remove('me')).toBe(false);
    expect(counts.list()).toEqual(['me']);
    expect(counts.remove('me')).toBe(true);
    expect(counts.list()).toEqual([]);
  });

  it('asks for the union of every tab, less refusals until no tab follows the topic, own topics first', () => {
    const union = new TopicUnion();
    union.set('a', ['question:2', 'me']);
    union.set('b', ['question:1', 'me', 'questions']);
    expect(union.topics()).toEqual(['me', 'questions', 'question:1', 'question:2']);
    union.refuse(['question:2']);
    expect(union.topics()).toEqual(['me', 'questions', 'question:1']);
    union.drop('b');
    expect(union.topics()).toEqual(['me']);
    // Nobody follows question:2 any more: a tab that opens it again asks for it again.
    union.set('a', ['me']);
    union.topics();
    union.set('a', ['me', 'question:2']);
    expect(union.topics()).toEqual(['me', 'question:2']);
    const many = Array.from({ length: Live.maxTopics + 5 }, (_, i) => `question:${i}`);
    union.set('c', [...many, 'review']);
    expect(union.topics()).toHaveLength(Live.maxTopics);
    expect(union.topics().slice(0, 2)).toEqual(['me', 'review']);
  });
});

describe('when to try again', () => {
  it('polls at once when the route is missing, refused or unavailable, after repeated failures otherwise', () => {
    expect(nextAttempt({ kind: 'refused', status: 404 }, 1)).toEqual({
      fallback: true,
      delayMs: Limits.liveClient.retryMaxMs,
    });
    expect(nextAttempt({ kind: 'refused', status: 503 }, 1)).toEqual({ fallback: true, delayMs: Live.retryMs });
    expect(nextAttempt({ kind: 'refused', status: 0 }, 1)).toEqual({ fallback: false, delayMs: Live.retryMs });
    expect(nextAttempt({ kind: 'refused', status: 0 }, 2)).toEqual({ fallback: true, delayMs: Live.retryMs * 2 });
    expect(nextAttempt({ kind: 'dropped' }, 1)).toEqual({ fallback: false, delayMs: Live.retryMs });
    expect(nextAttempt({ kind: 'refused', status: 500 }, 30).delayMs).toBe(Limits.liveClient.retryMaxMs);
    expect(nextAttempt({ kind: 'reconnect', retryMs: 7_500 }, 1)).toEqual({ fallback: false, delayMs: 7_500 });
    expect(nextAttempt({ kind: 'reload' }, 1)).toEqual({ fallback: false, delayMs: 0 });
  });
});

describe("the member's own votes", () => {
  it('tells the deltas a vote makes and takes its messages back once', () => {
    expect(voteDeltas('', 'vote_up')).toEqual([1]);
    expect(voteDeltas('vote_up', '')).toEqual([-1]);
    expect(voteDeltas('vote_up', 'vote_down')).toEqual([-1, -1]);
    expect(voteDeltas('vote_down', 'vote_up')).toEqual([1, 1]);
    let now = 0;
    const own = new OwnVotes(() => now);
    own.expect('a1', [-1, -1]);
    expect(own.take('a1', 1)).toBe(false);
    expect(own.take('a1', -1)).toBe(true);
    expect(own.take('a1', -1)).toBe(true);
    expect(own.take('a1', -1)).toBe(false);
    own.expect('a1', [1]);
    own.forget('a1', [1]);
    expect(own.take('a1', 1)).toBe(false);
    own.expect('a1', [1]);
    now += 61_000;
    expect(own.take('a1', 1)).toBe(false);
  });
});

/** A fetch playing the live route: each call a stream the test writes to. */
interface FakeStream {
  url: URL;
  write(text: string): void;
  end(): void;
  aborted: boolean;
}

describe("the leading tab's connection", () => {
  let streams: FakeStream[];
  let statuses: number[];
  let got: Array<{ message: LiveMessage; id: string }>;
  let states: LiveState[];
  let reloads: string[][];
  let connection: LiveConnection;

  const until = async (check: () => boolean, what: string) => {
    const deadline = Date.now() + 5_000;
    while (!check()) {
      if (Date.now() > deadline) throw new Error(`not within 5 s: ${what}`);
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
  };
  const topicsOf = (s: FakeStream) => s.url.searchParams.get('topics');
  const opened = (s: FakeStream, granted: string[], id: string) =>
    s.write(`retry: 10\n\nevent: topics\nid: ${id}\ndata: ${JSON.stringify({ granted, refused: [] })}\n\n`);
  const send = (s: FakeStream, m: LiveMessage, id: string) => s.write(`id: ${id}\ndata: ${JSON.stringify(m)}\n\n`);

  beforeEach(() => {
    streams = [];
    statuses = [];
    got = [];
    states = [];
    reloads = [];
    vi.stubGlobal('localStorage', memoryStorage());
    vi.stubGlobal('fetch', async (url: string, init: { signal: AbortSignal }) => {
      const status = statuses.shift() ?? 200;
      if (status !== 200) return new Response('{}', { status });
      let controller!: ReadableStreamDefaultController<Uint8Array>;
      const body = new ReadableStream<Uint8Array>({
        start(c) {
          controller = c;
        },
      });
      const stream: FakeStream = {
        url: new URL(url, 'http://agora.test'),
        write: (text) => controller.enqueue(new TextEncoder().encode(text)),
        end: () => controller.close(),
        aborted: false,
      };
      init.signal.addEventListener('abort', () => {
        stream.aborted = true;
        controller.error(new DOMException('aborted', 'AbortError'));
      });
      streams.push(stream);
      return new Response(body, { headers: { 'content-type': 'text/event-stream; charset=utf-8' } });
    });
    connection = new LiveConnection({
      message: (m, id) => got.push({ message: m, id }),
      state: (state) => states.push(state),
      reload: (topics) => reloads.push(topics),
      refused: () => {},
    });
  });
  afterEach(() => {
    connection.stop();
    vi.unstubAllGlobals();
  });

  it('resumes from the last id after the gateway says to reconnect', async () => {
    connection.setTopics(['me', 'question:1']);
    await until(() => streams.length === 1, 'the stream opens');
    const [first] = streams as [FakeStream];
    expect(topicsOf(first)).toBe('me,question:1');
    expect(first.url.searchParams.has('last_event_id')).toBe(false);
    opened(first, ['me', 'question:1'], 'posts=1:1');
    await until(() => states.at(-1)?.phase === 'open', 'open');
    send(first, message('1:2'), 'posts=1:2');
    await until(() => got.length === 1, 'the message');
    expect(got[0]).toEqual({ message: message('1:2'), id: 'posts=1:2' });
    first.write('event: reconnect\ndata: {}\n\n');
    await until(() => streams.length === 2, 'reopened');
    expect(streams[1]?.url.searchParams.get('last_event_id')).toBe('posts=1:2');
    expect(topicsOf(streams[1] as FakeStream)).toBe('me,question:1');
  });

  it('opens a new stream for a topic added beside the open one, closing the old once the new has its topics', async () => {
    connection.setTopics(['me']);
    await until(() => streams.length === 1, 'the stream opens');
    const [first] = streams as [FakeStream];
    opened(first, ['me'], 'posts=1:1');
    await until(() => states.at(-1)?.phase === 'open', 'open');
    connection.setTopics(['me', 'question:1']);
    await until(() => streams.length === 2, 'the second stream');
    const second = streams[1] as FakeStream;
    expect(topicsOf(second)).toBe('me,question:1');
    // It starts where the log is now: a resume would bring the new topic's past, which the page has read already.
    expect(second.url.searchParams.has('last_event_id')).toBe(false);
    // Until then the first carries on.
    send(first, message('1:5', 'me'), 'posts=1:5');
    await until(() => got.length === 1, 'the first stream still delivers');
    expect(first.aborted).toBe(false);
    opened(second, ['me', 'question:1'], 'posts=1:6');
    await until(() => first.aborted, 'the first closed');
    expect(states.at(-1)).toEqual({ phase: 'open', granted: ['me', 'question:1'] });
    // A topic dropped reopens with the last id: nothing in between is lost.
    connection.setTopics(['question:1']);
    await until(() => streams.length === 3, 'the third stream');
    expect(streams[2]?.url.searchParams.get('last_event_id')).toBe('posts=1:6');
    expect(second.aborted).toBe(true);
  });

  it('falls back at once when the route answers 404, not hurried by topics mounting meanwhile', async () => {
    statuses = [404];
    connection.setTopics(['me']);
    await until(() => states.at(-1)?.phase === 'fallback', 'fallback');
    expect(streams).toHaveLength(0);
    // Topics mounting meanwhile do not hurry the next try.
    connection.setTopics(['me', 'question:1']);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(streams).toHaveLength(0);
    expect(states.at(-1)?.phase).toBe('fallback');
  });

  it('reads the pages again and starts afresh when the position cannot be resumed', async () => {
    connection.setTopics(['question:1']);
    await until(() => streams.length === 1, 'the stream opens');
    const [first] = streams as [FakeStream];
    opened(first, ['question:1'], 'posts=1:1');
    first.write('event: reload\ndata: {}\n\n');
    await until(() => streams.length === 2, 'reopened');
    expect(reloads).toEqual([['question:1']]);
    expect(streams[1]?.url.searchParams.has('last_event_id')).toBe(false);
  });
});
