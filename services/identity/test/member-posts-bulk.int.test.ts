import {
  AnswerDeleted,
  AnswerPosted,
  AnswerUndeleted,
  QuestionAsked,
  QuestionDeleted,
  QuestionPurged,
  QuestionUndeleted,
} from '@agora/contracts';
import type { ServiceDatabase } from '@agora/platform';
import { appliedBothWays, deliveredEvent, serviceSchemas } from '@agora/test-support/projections';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { identityMigrations } from '../src/migrations';
import { memberPostsProjection } from '../src/projections/member-posts/projection';

/** Two members. */
async function members(database: ServiceDatabase) {
  for (const id of ['u1', 'u2']) {
    await sql`insert into users (user_id, username, display_name, email, role_id, mail_status, created_at, changed_at)
              values (${id}, ${id}, ${id}, ${`${id}@example.com`}, 1, 1, now(), now())`.execute(database.db);
  }
}

/** Identity's tables in schemas of their own, with two members. */
const schema = serviceSchemas('member_posts_bulk', identityMigrations, members);

/**
 * The same, with posts counted before the batch: u1 asked qs and ql (live) and answered pa (live); u2 asked pq
 * (live) and answered as (deleted).
 */
const counted = serviceSchemas('member_posts_counted', identityMigrations, async (database) => {
  await members(database);
  await sql`insert into member_posts (post_id, user_id, kind, live) values
            ('qs', 'u1', 'question', true), ('ql', 'u1', 'question', true), ('pa', 'u1', 'answer', true),
            ('pq', 'u2', 'question', true), ('as', 'u2', 'answer', false)`.execute(database.db);
  await sql`update users set question_count = case user_id when 'u1' then 2 else 1 end,
            answer_count = case user_id when 'u1' then 1 else 0 end`.execute(database.db);
});

const figures = async (database: ServiceDatabase) => ({
  users: (await sql`select user_id, question_count, answer_count from users order by 1`.execute(database.db)).rows,
  posts: (await sql`select post_id, user_id, kind, live from member_posts order by 1`.execute(database.db)).rows,
});

const asked = (q: string, user: string) =>
  deliveredEvent('posts', QuestionAsked.type, q, { question_id: q, user_id: user });
const posted = (a: string, q: string, user: string) =>
  deliveredEvent('posts', AnswerPosted.type, a, { answer_id: a, question_id: q, user_id: user });
const question = (type: string, q: string) => deliveredEvent('posts', type, q, { question_id: q, actor_id: 'mod' });
const answer = (type: string, a: string, q: string) =>
  deliveredEvent('posts', type, a, { answer_id: a, question_id: q, actor_id: 'mod' });

describe("members' post counts applied a run at a time", () => {
  it('leave the figures as applying each event in turn: several posts of one member, replays, a deletion between', async () => {
    const q1 = asked('q1', 'u1');
    const events = [
      q1,
      asked('q2', 'u1'),
      posted('a1', 'q1', 'u2'),
      posted('a2', 'q2', 'u2'),
      q1,
      posted('a3', 'q1', 'u1'),
      deliveredEvent('posts', QuestionDeleted.type, 'q2', { question_id: 'q2' }),
      asked('q3', 'u2'),
      posted('a2', 'q2', 'u2'),
    ];
    const { oneByOne, inBatch } = await appliedBothWays(memberPostsProjection, events, schema, 'member_posts');

    const expected = await figures(oneByOne);
    expect(expected.users).toEqual([
      { user_id: 'u1', question_count: 1, answer_count: 1 },
      { user_id: 'u2', question_count: 1, answer_count: 2 },
    ]);
    expect(await figures(inBatch)).toEqual(expected);
  });

  it('leave the figures as applying each event in turn: deletions and undeletions of rows there before and of rows the run adds, in any order, around a purge', async () => {
    const deletedTwice = answer(AnswerDeleted.type, 'a5', 'qx');
    const events = [
      asked('qs', 'u1'),
      answer(AnswerUndeleted.type, 'as', 'qs'),
      answer(AnswerDeleted.type, 'as', 'qs'),
      answer(AnswerUndeleted.type, 'as', 'qs'),
      // Deleted before it is asked (another partition ran ahead): nothing to delete yet, so it counts.
      question(QuestionDeleted.type, 'qx'),
      asked('qx', 'u2'),
      question(QuestionDeleted.type, 'qs'),
      asked('q4', 'u1'),
      question(QuestionDeleted.type, 'q4'),
      posted('a7', 'q4', 'u2'),
      answer(AnswerDeleted.type, 'a7', 'q4'),
      posted('a5', 'qx', 'u1'),
      deletedTwice,
      deletedTwice,
      answer(AnswerUndeleted.type, 'a5', 'qx'),
      question(QuestionUndeleted.type, 'ql'),
      answer(AnswerDeleted.type, 'unknown', 'qx'),
      // The same answer posted again under another author: the first stays.
      posted('a6', 'qs', 'u2'),
      posted('a6', 'qs', 'u1'),
      deliveredEvent('posts', QuestionPurged.type, 'pq', {
        question_id: 'pq',
        user_id: 'u2',
        actor_id: 'admin',
        answer_ids: ['pa'],
        comment_ids: [],
        revision_ids: [],
      }),
      // After the purge, in a run of its own: the purged question replayed counts again, qs is undeleted.
      asked('pq', 'u2'),
      question(QuestionUndeleted.type, 'qs'),
    ];
    const { oneByOne, inBatch } = await appliedBothWays(memberPostsProjection, events, counted, 'liveness');

    const expected = await figures(oneByOne);
    expect(expected).toEqual({
      users: [
        { user_id: 'u1', question_count: 2, answer_count: 1 },
        { user_id: 'u2', question_count: 2, answer_count: 2 },
      ],
      posts: [
        { post_id: 'a5', user_id: 'u1', kind: 'answer', live: true },
        { post_id: 'a6', user_id: 'u2', kind: 'answer', live: true },
        { post_id: 'a7', user_id: 'u2', kind: 'answer', live: false },
        { post_id: 'as', user_id: 'u2', kind: 'answer', live: true },
        { post_id: 'pq', user_id: 'u2', kind: 'question', live: true },
        { post_id: 'q4', user_id: 'u1', kind: 'question', live: false },
        { post_id: 'ql', user_id: 'u1', kind: 'question', live: true },
        { post_id: 'qs', user_id: 'u1', kind: 'question', live: true },
        { post_id: 'qx', user_id: 'u2', kind: 'question', live: true },
      ],
    });
    expect(await figures(inBatch)).toEqual(expected);
  });
});
