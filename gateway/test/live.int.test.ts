/**
 * Live pages (issue 47, docs/adr/0099-live-pages.md) through a real gateway socket on the PostgreSQL log: a member's
 * stream on a question sees what another member does through the API, each message with its position; `me` carries
 * only the member's own counts; a resume after a gateway restart gets exactly what was missed.
 */
import { Live, LiveEvent, type LiveMessage, LiveTopic } from '@agora/contracts';
import { createTestDatabase } from '@agora/test-support/database';
import type { Stack } from '@agora/test-support/stack';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  admin,
  type Member,
  makeTag,
  member,
  ok,
  startModerationStack,
} from '../../services/moderation/test/support/stack';
import { LiveClient } from './support/live-client';

const topicOf = (questionId: string) => `${LiveTopic.questionPrefix}${questionId}`;
const kinds = (messages: LiveMessage[]) => messages.map((m) => m.kind);

describe('live pages on the PostgreSQL log', () => {
  let database: { url: string; drop: () => Promise<void> };
  let stack: Stack;
  let url: string;
  let boss: Member;
  let asker: Member;
  let answerer: Member;
  let other: Member;
  const clients: LiveClient[] = [];

  const open = async (topics: string[], options: Parameters<typeof LiveClient.open>[2] = {}) => {
    const client = await LiveClient.open(url, topics, options);
    clients.push(client);
    return client;
  };
  const ask = async (who: Member, title: string) =>
    (
      await ok(stack, 'POST', 'question', who.token, {
        title,
        content: 'A question that others answer while it is watched.',
        tags: [{ slug_name: 'moderation' }],
      })
    ).id as string;
  const answer = async (who: Member, questionId: string, content = 'An answer written while somebody watches.') =>
    (await ok(stack, 'POST', 'answer', who.token, { question_id: questionId, content })).info.id as string;
  const comment = async (who: Member, objectId: string) =>
    (await ok(stack, 'POST', 'comment', who.token, { object_id: objectId, original_text: 'A comment, live.' }))
      .comment_id as string;

  const start = async () => {
    stack = await startModerationStack({ database: { url: database.url, drop: async () => {} } });
    url = await stack.listen();
  };

  beforeAll(async () => {
    database = await createTestDatabase('live');
    await start();
    boss = await admin(stack, 'Live Admin');
    await makeTag(stack, boss);
    asker = await member(stack, { name: 'Live Asker', rank: 500 });
    answerer = await member(stack, { name: 'Live Answerer', rank: 500 });
    other = await member(stack, { name: 'Live Other', rank: 500 });
  }, 120_000);

  afterAll(async () => {
    for (const client of clients) await client.close();
    await stack?.close();
    await database?.drop();
  });

  it('streams an answer, a comment and a vote another member makes through the API, each with its position', async () => {
    const questionId = await ask(asker, 'What does a watched question see, live?');
    const stream = await open([topicOf(questionId), LiveTopic.me], { token: asker.token });
    expect(stream.status).toBe(200);
    expect(stream.response.headers['content-type']).toBe('text/event-stream; charset=utf-8');
    expect(stream.response.headers['x-accel-buffering']).toBe('no');
    expect(stream.response.headers['cache-control']).toContain('no-cache');
    await stream.until((c) => c.events(LiveEvent.topics).length === 1);
    const [topics] = stream.events(LiveEvent.topics);
    expect(JSON.parse(topics?.data ?? '{}')).toEqual({ granted: [topicOf(questionId), LiveTopic.me], refused: [] });
    expect(topics?.id).toBeTruthy();

    const answerId = await answer(answerer, questionId);
    const posted = await stream.message((m) => m.kind === 'answer_posted');
    expect(posted).toEqual({
      topic: topicOf(questionId),
      kind: 'answer_posted',
      question_id: questionId,
      answer_id: answerId,
      source: 'posts',
      position: expect.stringMatching(/^\d+:\d+$/),
    });
    const commentId = await comment(answerer, answerId);
    expect(await stream.message((m) => m.kind === 'comment_added')).toMatchObject({
      question_id: questionId,
      object_id: answerId,
      comment_id: commentId,
      source: 'posts',
    });
    await ok(stack, 'POST', 'vote/up', answerer.token, { object_id: questionId, is_cancel: false });
    expect(await stream.message((m) => m.kind === 'vote')).toMatchObject({
      topic: topicOf(questionId),
      object_id: questionId,
      delta: 1,
      source: 'votes',
      position: expect.stringMatching(/^\d+:\d+$/),
    });
    // The asker's inbox gained the answer: their own counts changed.
    expect(await stream.message((m) => m.topic === LiveTopic.me)).toMatchObject({ kind: 'counts', type: 'inbox' });
    // Each message's id is where a reconnect resumes: it names every source the stream follows. (A message sent
    // before the log's fence passed it carries the position before it: a resume may bring it again, known by its
    // position.)
    const ids = stream.frames.filter((f) => !f.event).map((f) => f.id ?? '');
    for (const id of ids) expect(id).toMatch(/^posts=\d+:\d+;votes=\d+:\d+;notifications=/);
  });

  it("never sends another member's counts", async () => {
    const watcher = await open([LiveTopic.me], { token: other.token });
    await watcher.until((c) => c.events(LiveEvent.topics).length === 1);
    const questionId = await ask(asker, 'Whose red dot lights when an answer comes?');
    const mine = await open([LiveTopic.me], { token: asker.token });
    await mine.until((c) => c.events(LiveEvent.topics).length === 1);
    await answer(answerer, questionId);
    await mine.message((m) => m.kind === 'counts');
    await stack.settle();
    expect(watcher.messages()).toEqual([]);
    // Anonymous callers have no `me`.
    const anonymous = await open([LiveTopic.me]);
    expect(anonymous.status).toBe(401);
  });

  it('resumes after a gateway restart with exactly the missed messages, none twice', async () => {
    const questionId = await ask(asker, 'Is anything lost when the gateway restarts?');
    const first = await open([topicOf(questionId)], { token: asker.token });
    await first.until((c) => c.events(LiveEvent.topics).length === 1);
    await answer(answerer, questionId, 'The answer before the restart.');
    await first.message((m) => m.kind === 'answer_posted');
    const lastId = first.lastId();
    await first.close();
    // Missed while away: an answer, a comment on it and a vote.
    const missedAnswer = await answer(other, questionId, 'An answer while the stream was closed.');
    await comment(answerer, missedAnswer);
    await ok(stack, 'POST', 'vote/up', answerer.token, { object_id: missedAnswer, is_cancel: false });
    await stack.settle();

    // The whole of Agora stops (streams open now are told to reconnect) and starts again on the same database.
    const watching = await open([LiveTopic.questions], { token: other.token });
    await watching.until((c) => c.events(LiveEvent.topics).length === 1);
    await stack.close();
    await watching.until((c) => c.closed);
    expect(watching.events(LiveEvent.reconnect)).toHaveLength(1);
    await start();

    const resumed = await open([topicOf(questionId)], { token: asker.token, lastEventId: lastId });
    // What the first stream had is known by its position (a message sent before the log's fence passed it carries
    // the id before it, so a resume may bring it again): the browser ignores it, and so does this test.
    const had = new Set(first.messages().map((m) => `${m.source}/${m.position}`));
    const missed = () => resumed.messages().filter((m) => !had.has(`${m.source}/${m.position}`));
    await resumed.until(() => missed().length >= 3);
    expect(kinds(missed())).toEqual(['answer_posted', 'comment_added', 'vote']);
    expect(missed()[0]).toMatchObject({ answer_id: missedAnswer });
    // Then live again, and nothing twice.
    const later = await answer(boss, questionId, 'An answer after the restart.');
    await resumed.message((m) => m.kind === 'answer_posted' && m.answer_id === later);
    const positions = missed().map((m) => `${m.source}/${m.position}`);
    expect(new Set(positions).size).toBe(positions.length);
    expect(missed()).toHaveLength(4);
  });

  it('answers a position it cannot have written with reload', async () => {
    const questionId = await ask(asker, 'What does a stream do with a forged position?');
    const forged = await open([topicOf(questionId)], { token: asker.token, lastEventId: 'posts=not-a-position' });
    await forged.until((c) => c.closed);
    expect(forged.events(LiveEvent.reload)).toHaveLength(1);
  });

  it('drops a client that does not read, which then resumes from its last id with nothing missed', async () => {
    const reader = await member(stack, { name: 'Live Slow Reader', rank: 500 });
    const slow = await open([LiveTopic.me], { token: reader.token });
    await slow.until((c) => c.events(LiveEvent.topics).length === 1);
    slow.pause();
    const brisk = await open([LiveTopic.me], { token: reader.token });
    await brisk.until((c) => c.events(LiveEvent.topics).length === 1);
    // More than the socket's buffers and the stream's own bound hold: each a message on the member's own topic.
    const flood = 25_000;
    await stack.query(
      `insert into notifications.events (event_id, stream_id, stream_version, type, data, metadata)
       select gen_random_uuid(), 'flood-' || g, 1, 'notifications.red_dot_cleared',
         jsonb_build_object('user_id', $1::text, 'type', 'inbox'),
         '{"actorId":null,"correlationId":"flood","causationId":null,"schemaVersion":1}'::jsonb
       from generate_series(1, ${flood}) g`,
      [reader.id],
    );
    await brisk.until((c) => c.messages().length === flood, 60_000);
    slow.response.resume();
    await slow.until((c) => c.closed, 20_000);
    const got = slow.messages().length;
    expect(got).toBeLessThan(flood);
    // Dropped, not told to reconnect: a client too slow for one more word.
    expect(slow.events(LiveEvent.reconnect)).toEqual([]);
    const resumed = await open([LiveTopic.me], { token: reader.token, lastEventId: slow.lastId() });
    const had = new Set(slow.messages().map((m) => m.position));
    await resumed.until((c) => c.messages().filter((m) => !had.has(m.position)).length >= flood - got, 60_000);
    const positions = [...slow.messages(), ...resumed.messages()].map((m) => m.position);
    expect(new Set(positions).size).toBe(flood);
    for (const client of [brisk, resumed]) await client.close();
  }, 120_000);

  it('refuses more streams than an address may open (429)', async () => {
    const many: LiveClient[] = [];
    for (let i = 0; i < Live.connectionsPerAddress; i++) {
      const client = await open([LiveTopic.questions], { localAddress: '127.0.0.2' });
      expect(client.status).toBe(200);
      many.push(client);
    }
    expect((await open([LiveTopic.questions], { localAddress: '127.0.0.2' })).status).toBe(429);
    expect((await open([LiveTopic.questions], { localAddress: '127.0.0.3' })).status).toBe(200);
    for (const client of many) await client.close();
  });

  it('refuses more streams than a member may open (429)', async () => {
    const many: LiveClient[] = [];
    for (let i = 0; i < Live.connectionsPerMember; i++) {
      const client = await open([LiveTopic.questions], { token: other.token });
      expect(client.status).toBe(200);
      many.push(client);
    }
    const refused = await open([LiveTopic.questions], { token: other.token });
    expect(refused.status).toBe(429);
    await many[0]?.close();
    await stack.settle();
    const again = await open([LiveTopic.questions], { token: other.token });
    expect(again.status).toBe(200);
    for (const client of [...many, again]) await client.close();
  });
});
