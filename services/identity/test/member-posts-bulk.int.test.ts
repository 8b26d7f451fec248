import { AnswerPosted, QuestionAsked, QuestionDeleted } from '@agora/contracts';
import type { ServiceDatabase } from '@agora/platform';
import { appliedBothWays, deliveredEvent, serviceSchemas } from '@agora/test-support/projections';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { identityMigrations } from '../src/migrations';
import { memberPostsProjection } from '../src/projections/member-posts/projection';

/** Identity's tables in schemas of their own, with two members. */
const schema = serviceSchemas('member_posts_bulk', identityMigrations, async (database) => {
  for (const id of ['u1', 'u2']) {
    await sql`insert into users (user_id, username, display_name, email, role_id, mail_status, created_at, changed_at)
              values (${id}, ${id}, ${id}, ${`${id}@example.com`}, 1, 1, now(), now())`.execute(database.db);
  }
});

const figures = async (database: ServiceDatabase) => ({
  users: (await sql`select user_id, question_count, answer_count from users order by 1`.execute(database.db)).rows,
  posts: (await sql`select post_id, user_id, kind, live from member_posts order by 1`.execute(database.db)).rows,
});

describe("members' post counts applied a run at a time", () => {
  it('leave the figures as applying each event in turn: several posts of one member, replays, a deletion between', async () => {
    const asked = (q: string, user: string) =>
      deliveredEvent('posts', QuestionAsked.type, q, { question_id: q, user_id: user });
    const posted = (a: string, q: string, user: string) =>
      deliveredEvent('posts', AnswerPosted.type, a, { answer_id: a, question_id: q, user_id: user });
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
});
