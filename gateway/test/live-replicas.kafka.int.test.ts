/**
 * Live pages across gateway replicas on Kafka (issue 47, docs/adr/0099-live-pages.md): two compositions on one
 * database and one topic prefix, as two machines of a scaled-out site; a stream resumed on the other replica with the
 * id the first gave misses nothing and gets nothing twice, because positions are the log's, not a gateway's.
 */
import { randomUUID } from 'node:crypto';
import { LiveEvent, type LiveMessage, LiveTopic } from '@agora/contracts';
import { createTestDatabase, kafkaBrokers } from '@agora/test-support/database';
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

const brokers = kafkaBrokers();
const topicOf = (questionId: string) => `${LiveTopic.questionPrefix}${questionId}`;
const kinds = (messages: LiveMessage[]) => messages.map((m) => m.kind);

(brokers ? describe : describe.skip)('live pages across two gateway replicas, Kafka bus', () => {
  let database: { url: string; drop: () => Promise<void> };
  let first: Stack;
  let second: Stack;
  let firstUrl: string;
  let secondUrl: string;
  let asker: Member;
  let answerers: Member[];
  const clients: LiveClient[] = [];

  beforeAll(async () => {
    database = await createTestDatabase('live_replicas');
    const shared = { url: database.url, drop: async () => {} };
    const kafkaPrefix = `agora-live-${randomUUID().slice(0, 8)}`;
    first = await startModerationStack({ kafkaBrokers: brokers, kafkaPrefix, database: shared });
    second = await startModerationStack({ kafkaBrokers: brokers, kafkaPrefix, database: shared });
    [firstUrl, secondUrl] = [await first.listen(), await second.listen()];
    const boss = await admin(first, 'Replica Admin');
    await makeTag(first, boss);
    asker = await member(first, { name: 'Replica Asker', rank: 500 });
    answerers = [];
    for (let i = 0; i < 4; i++) answerers.push(await member(first, { name: `Replica Answerer ${i}`, rank: 500 }));
    await second.settle();
  }, 180_000);

  afterAll(async () => {
    for (const client of clients) await client.close();
    await second?.close();
    await first?.close();
    await database?.drop();
  });

  const answer = async (stack: Stack, who: Member, questionId: string) =>
    (
      await ok(stack, 'POST', 'answer', who.token, {
        question_id: questionId,
        content: `An answer from ${who.username}, through one replica.`,
      })
    ).info.id as string;

  it('resumes on the other replica with the id the first gave: nothing missed, nothing twice', async () => {
    const [a, b, c, d] = answerers;
    if (!a || !b || !c || !d) throw new Error('four answerers');
    const questionId = (
      await ok(first, 'POST', 'question', asker.token, {
        title: 'Does a stream resumed elsewhere miss anything?',
        content: 'Asked on one replica, watched on both.',
        tags: [{ slug_name: 'moderation' }],
      })
    ).id as string;
    const onFirst = await LiveClient.open(firstUrl, [topicOf(questionId)], { token: asker.token });
    clients.push(onFirst);
    await onFirst.until((client) => client.events(LiveEvent.topics).length === 1);
    await answer(first, a, questionId);
    await onFirst.message((m) => m.kind === 'answer_posted', 20_000);
    const lastId = onFirst.lastId();
    await onFirst.close();

    // Missed while away, written through both replicas.
    const missed = [await answer(second, b, questionId), await answer(first, c, questionId)];
    await ok(second, 'POST', 'vote/up', b.token, { object_id: missed[1], is_cancel: false });
    await first.settle();
    await second.settle();

    const onSecond = await LiveClient.open(secondUrl, [topicOf(questionId)], {
      token: asker.token,
      lastEventId: lastId,
    });
    clients.push(onSecond);
    expect(onSecond.status).toBe(200);
    await onSecond.until((client) => client.messages().length >= 3, 20_000);
    const resumed = onSecond.messages();
    expect(kinds(resumed).sort()).toEqual(['answer_posted', 'answer_posted', 'vote']);
    expect(
      resumed
        .filter((m) => m.kind === 'answer_posted')
        .map((m) => m.kind === 'answer_posted' && m.answer_id)
        .sort(),
    ).toEqual([...missed].sort());
    for (const m of resumed) expect(m.position).toMatch(/^\d+:\d+$/);

    const later = await answer(first, d, questionId);
    await onSecond.message((m) => m.kind === 'answer_posted' && m.answer_id === later, 20_000);
    const positions = onSecond.messages().map((m) => `${m.source}/${m.position}`);
    expect(new Set(positions).size).toBe(positions.length);
    expect(onSecond.messages()).toHaveLength(4);
    // Its ids spell each partition's next offset.
    expect(onSecond.lastId()).toMatch(/^posts=\d+(,\d+)*;votes=\d+(,\d+)*;/);
  });
});
