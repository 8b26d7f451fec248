import {
  AnswerDeleted,
  AnswerPosted,
  CommentAdded,
  ObjectPurged,
  QuestionAsked,
  ReputationChanged,
  VoteCancelled,
  VoteCast,
} from '@agora/contracts';
import type { ServiceDatabase } from '@agora/platform';
import { appliedBothWays, deliveredEvent, serviceSchemas } from '@agora/test-support/projections';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { siteMigrations } from '../src/migrations';
import { dashboardFromPosts } from '../src/projections/dashboard/from-posts';
import { dashboardFromVotes } from '../src/projections/dashboard/from-votes';

/** Site's tables in schemas of their own. */
const schema = serviceSchemas('dashboard_bulk', siteMigrations);

/** A posts event on the stream of the post it names. */
const postsEvent = (type: string, data: Record<string, string>) =>
  deliveredEvent('posts', type, data.comment_id ?? data.answer_id ?? data.question_id ?? '', data);

const tables = async (database: ServiceDatabase) => ({
  questions: (
    await sql`select question_id, asked_at, answer_count, deleted from dashboard_questions order by 1`.execute(
      database.db,
    )
  ).rows,
  answers: (await sql`select * from dashboard_answers order by 1`.execute(database.db)).rows,
  comments: (await sql`select * from dashboard_comments order by 1`.execute(database.db)).rows,
});

describe("the dashboard's votes counted a run at a time", () => {
  it('leave the tables as applying each event in turn: a vote cast and taken back, taken back first, a purge between', async () => {
    const vote = (type: string, user: string, object: string) =>
      deliveredEvent('votes', type, `${user}:${object}`, {
        user_id: user,
        object_id: object,
        object_type: 'question',
        question_id: object,
      });
    const reputation = (user: string, delta: number) =>
      deliveredEvent('votes', ReputationChanged.type, `reputation:${user}`, { user_id: user, delta });
    const change = reputation('u2', 10);
    const events = [
      vote(VoteCast.type, 'u1', 'q1'),
      change,
      vote(VoteCancelled.type, 'u1', 'q1'),
      vote(VoteCancelled.type, 'u3', 'q1'),
      vote(VoteCast.type, 'u1', 'q2'),
      reputation('u2', 0),
      change,
      deliveredEvent('votes', ObjectPurged.type, 'q2', { object_id: 'q2', object_type: 'question' }),
      vote(VoteCast.type, 'u3', 'q1'),
      vote(VoteCancelled.type, 'u1', 'q1'),
      vote(VoteCast.type, 'u2', 'q3'),
      reputation('u1', -2),
    ];
    const { oneByOne, inBatch } = await appliedBothWays(dashboardFromVotes, events, schema, 'votes');
    const read = async (database: ServiceDatabase) => ({
      votes: (await sql`select * from dashboard_votes order by 1, 2`.execute(database.db)).rows,
      reputation: (await sql`select * from dashboard_reputation order by 1`.execute(database.db)).rows,
    });
    const expected = await read(oneByOne);
    expect(expected.votes).toHaveLength(3);
    expect(expected.reputation).toHaveLength(2);
    expect(await read(inBatch)).toEqual(expected);
  });
});

describe("the dashboard's posts counted a run at a time", () => {
  it('leaves the tables as applying each event in turn: answers before their question, replays, a deletion between', async () => {
    const asked = (q: string) => postsEvent(QuestionAsked.type, { question_id: q, user_id: 'u1' });
    const posted = (a: string, q: string) =>
      postsEvent(AnswerPosted.type, { answer_id: a, question_id: q, user_id: 'u2' });
    const q1 = asked('q1');
    const a1 = posted('a1', 'q1');
    const events = [
      q1,
      a1,
      posted('a2', 'q2'),
      asked('q2'),
      posted('a3', 'q2'),
      a1,
      q1,
      postsEvent(CommentAdded.type, { comment_id: 'c1', object_id: 'q1', question_id: 'q1' }),
      postsEvent(AnswerDeleted.type, { answer_id: 'a3', question_id: 'q2' }),
      posted('a4', 'q2'),
      posted('a5', 'q2'),
      postsEvent(CommentAdded.type, { comment_id: 'c1', object_id: 'q1', question_id: 'q1' }),
    ];
    const { oneByOne, inBatch } = await appliedBothWays(dashboardFromPosts, events, schema, 'posts');
    const expected = await tables(oneByOne);
    expect(expected.questions).toMatchObject([
      { question_id: 'q1', answer_count: 1 },
      { question_id: 'q2', answer_count: 3 },
    ]);
    expect(await tables(inBatch)).toEqual(expected);
  });
});
