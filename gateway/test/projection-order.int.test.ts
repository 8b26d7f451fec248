/**
 * Read models downstream of posts do not depend on the order in which posts' streams arrive (issue 24): on Kafka
 * each stream keeps its order, but a partition whose consumer died, or a broker restart, lets another partition's
 * streams run ahead, so an answer's or a comment's events may be applied before their question's
 * (docs/adr/0080-one-batch-of-a-group-at-a-time.md). Each projection is emptied and fed posts' real events with
 * every question stream held back to the end, and must come out as it was after applying them in log order.
 */
import { Role } from '@agora/contracts';
import { LOG_START, type Projection, projectionsOf, readLogAfter, type StoredEvent } from '@agora/platform';
import { setReputation } from '@agora/test-support/accounts';
import { type Stack, startStack } from '@agora/test-support/stack';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALL_SERVICES } from '../../launcher/src/services';
import { member, ok } from '../../services/votes/test/support/stack';

/** The projections that join a post's events with another post's, and what each keeps of them. */
const DOWNSTREAM = [
  {
    service: 'site',
    projection: 'dashboard-from-posts',
    read: sql`select question_id, answer_count, accepted, deleted, hidden from dashboard_questions order by 1`,
  },
  {
    service: 'moderation',
    projection: 'objects-from-posts',
    read: sql`select object_id, object_type, question_id, answer_count, status, accepted_answer_id
              from moderated_objects order by 1`,
  },
  {
    service: 'search',
    projection: 'search-posts',
    read: sql`select id, type, question_id, answer_count, active_at, status, accepted_answer_id
              from search_posts order by 1`,
  },
  {
    service: 'votes',
    projection: 'post-facts',
    read: sql`select id, updated_at, accepted_answer_id from questions order by 1`,
  },
  {
    service: 'notifications',
    projection: 'inbox-from-posts',
    read: sql`select user_id, action, object_id, question_id, trigger_user_id, count
              from notifications where source = 'posts' order by 1, 2, 3, 4, 5`,
  },
] as const;

/** Posts' events with each question's own stream after every other stream; each stream keeps its order. */
function questionsLast(events: StoredEvent[]): StoredEvent[] {
  const isQuestionStream = (event: StoredEvent) =>
    (event.data as { question_id?: string }).question_id === event.streamId;
  return [...events.filter((e) => !isQuestionStream(e)), ...events.filter(isQuestionStream)];
}

describe('read models downstream of posts, whatever order its streams arrive in (issue 24)', () => {
  let stack: Stack;

  beforeAll(async () => {
    stack = await startStack({ services: ALL_SERVICES });
  }, 120_000);
  afterAll(async () => {
    await stack?.close();
  });

  it('answer counts, activity, acceptance and the asker’s notifications come out the same with questions last', async () => {
    const [moderator, asker, answerer] = [
      await member(stack, { roleId: Role.moderator }),
      await member(stack),
      await member(stack),
    ];
    await ok(stack, 'POST', 'tag', moderator.token, { slug_name: 'ordering', display_name: 'ordering' });
    // Posts must know the tag before a member without the reputation to create one asks with it.
    await stack.settle();
    for (let n = 0; n < 2; n++) {
      const question = await ok(stack, 'POST', 'question', asker.token, {
        title: `Does the order of streams matter, case ${n}?`,
        content: 'Asked to see whether answers applied before their question are counted.',
        tags: [{ slug_name: 'ordering' }],
      });
      const answers: string[] = [];
      for (const who of [answerer, moderator]) {
        const posted = await ok(stack, 'POST', 'answer', who.token, {
          question_id: question.id,
          content: `An answer from one of two members, to case ${n}, long enough to post.`,
        });
        answers.push(posted.info.id);
      }
      await ok(stack, 'POST', 'comment', answerer.token, {
        object_id: question.id,
        original_text: 'A comment on the question itself.',
      });
      await ok(stack, 'POST', 'comment', asker.token, {
        object_id: answers[0],
        original_text: 'A comment on the first answer.',
      });
      await ok(stack, 'POST', 'answer/acceptance', asker.token, {
        question_id: question.id,
        answer_id: answers[0],
      });
      if (n === 1) await ok(stack, 'DELETE', 'answer', moderator.token, { id: answers[1] });
    }
    await stack.settle();

    const { events } = await readLogAfter(stack.service('posts').context.database.db, 'posts', LOG_START, 10_000);
    const shuffled = questionsLast(events);
    // The order really is another: an answer stream's first event comes before its question's.
    expect(shuffled.findIndex((e) => e.type === 'posts.answer_posted')).toBeLessThan(
      shuffled.findIndex((e) => e.type === 'posts.question_asked'),
    );

    for (const { service, projection: name, read } of DOWNSTREAM) {
      await expectSameInAnotherOrder(stack, service, name, read, shuffled);
    }
  }, 120_000);

  it('a notification grouping two voters’ votes comes out the same with the later vote first', async () => {
    const [asker, ...voters] = [await member(stack), await member(stack), await member(stack), await member(stack)];
    for (const voter of voters) await setReputation(stack, voter.id, 500);
    await ok(stack, 'POST', 'tag', (await member(stack, { roleId: Role.moderator })).token, {
      slug_name: 'grouping',
      display_name: 'grouping',
    });
    // Posts must know the tag before a member without the reputation to create one asks with it.
    await stack.settle();
    const question = await ok(stack, 'POST', 'question', asker.token, {
      title: 'Whose vote is shown last when votes arrive out of order?',
      content: 'Three members vote on this question, one after the other.',
      tags: [{ slug_name: 'grouping' }],
    });
    await stack.settle();
    for (const voter of voters) {
      await ok(stack, 'POST', 'vote/up', voter.token, { object_id: question.id });
      // Apart in time, so that the order of the events is the order of the votes.
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    await stack.settle();
    const { events } = await readLogAfter(stack.service('votes').context.database.db, 'votes', LOG_START, 10_000);
    const votes = events.filter((e) => e.type === 'votes.vote_cast');
    expect(votes.length).toBeGreaterThanOrEqual(3);
    await expectSameInAnotherOrder(
      stack,
      'notifications',
      'inbox-from-votes',
      sql`select id, user_id, action, object_id, trigger_user_id, count, created_at, updated_at
          from notifications where source = 'votes' order by 1`,
      [...events].reverse(),
    );

    // Events of the same millisecond are ordered by their keys, whatever order they are applied in.
    const sameInstant = events.map((event) => ({ ...event, occurredAt: events[0]?.occurredAt ?? event.occurredAt }));
    const read = sql`select id, user_id, action, object_id, trigger_user_id, count, created_at, updated_at
                     from notifications where source = 'votes' order by 1`;
    const forwards = await rowsAfterApplying(stack, 'notifications', 'inbox-from-votes', read, sameInstant);
    const backwards = await rowsAfterApplying(stack, 'notifications', 'inbox-from-votes', read, sameInstant.reverse());
    expect(forwards.some((row) => (row as { count: number }).count > 1)).toBe(true);
    expect(backwards).toEqual(forwards);
  }, 120_000);
});

/**
 * Empties one projection and applies `events` to it in the order given; its read model must read as it did after
 * the events were applied in log order.
 */
async function expectSameInAnotherOrder(
  stack: Stack,
  service: string,
  name: string,
  read: ReturnType<typeof sql>,
  events: StoredEvent[],
) {
  const inLogOrder = (await read.execute(stack.service(service).context.database.db)).rows;
  expect(inLogOrder.length, `${service}: rows to compare`).toBeGreaterThan(0);
  expect.soft(await rowsAfterApplying(stack, service, name, read, events), `${service}: ${name}`).toEqual(inLogOrder);
}

/** Empties one projection, applies `events` to it in the order given and reads what it made. */
async function rowsAfterApplying(
  stack: Stack,
  service: string,
  name: string,
  read: ReturnType<typeof sql>,
  events: StoredEvent[],
): Promise<unknown[]> {
  const running = stack.service(service);
  const db = running.context.database.db;
  const projection = projectionsOf(running.module, running.context, running.parts).find(
    (p): p is Projection => p.name === name,
  );
  if (!projection) throw new Error(`${service} has no projection ${name}`);
  await running.projections.pause(name);
  try {
    await db.transaction().execute(async (tx) => {
      await projection.reset(tx);
      for (const event of events) {
        if (projection.events.some((type) => type.type === event.type)) await projection.apply(event, tx);
      }
    });
    return (await read.execute(db)).rows;
  } finally {
    await running.projections.resume(name);
  }
}
