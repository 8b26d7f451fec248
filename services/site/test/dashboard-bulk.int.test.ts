import {
  AnswerAccepted,
  AnswerDeleted,
  AnswerEdited,
  AnswerPosted,
  AnswerPurged,
  AnswerRevisionSubmitted,
  AnswerUndeleted,
  CommentAdded,
  CommentDeleted,
  ObjectPurged,
  QuestionAsked,
  QuestionDeleted,
  QuestionEdited,
  QuestionHidden,
  QuestionRevisionRejected,
  QuestionRevisionSubmitted,
  QuestionShown,
  QuestionUndeleted,
  ReputationChanged,
  VoteCancelled,
  VoteCast,
} from '@agora/contracts';
import type { ServiceDatabase } from '@agora/platform';
import { appliedBothWays, deliveredEvent, everyTable, serviceSchemas } from '@agora/test-support/projections';
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

  it('leaves every table as applying each event in turn: flags, deletions and edits before and after their rows', async () => {
    const asked = (q: string) => postsEvent(QuestionAsked.type, { question_id: q, user_id: 'u1' });
    const posted = (a: string, q: string) =>
      postsEvent(AnswerPosted.type, { answer_id: a, question_id: q, user_id: 'u2' });
    const onQuestion = (type: string, q: string) => postsEvent(type, { question_id: q, actor_id: 'u3' });
    const onAnswer = (type: string, a: string, q: string) =>
      postsEvent(type, { answer_id: a, question_id: q, actor_id: 'u3' });
    const accepted = (q: string, a: string | null) =>
      deliveredEvent('posts', AnswerAccepted.type, q, {
        question_id: q,
        actor_id: 'u1',
        answer_id: a,
        previous_answer_id: null,
      });
    const comment = (type: string, c: string) =>
      postsEvent(type, { comment_id: c, object_id: 'q1', question_id: 'q1' });
    const revision = (type: string, r: string, post: Record<string, string>) =>
      postsEvent(type, { ...post, revision_id: r, editor_id: 'u4' });
    const q1 = { question_id: 'q1' };
    const events = [
      // A first run: rows the second finds.
      asked('q1'),
      posted('a1', 'q1'),
      posted('a2', 'q1'),
      comment(CommentAdded.type, 'c1'),
      revision(QuestionRevisionSubmitted.type, 'r1', q1),
      revision(QuestionRevisionSubmitted.type, 'r2', q1),
      asked('q9'),
      posted('a9', 'q9'),
      deliveredEvent('posts', AnswerPurged.type, 'a9', {
        answer_id: 'a9',
        question_id: 'q9',
        user_id: 'u2',
        actor_id: 'u3',
        comment_ids: [],
        revision_ids: [],
      }),
      // Rows held before: flags and moves reach them, a second ask or post changes nothing.
      onQuestion(QuestionHidden.type, 'q1'),
      accepted('q1', 'a1'),
      onAnswer(AnswerDeleted.type, 'a1', 'q1'),
      onAnswer(AnswerDeleted.type, 'a1', 'q1'),
      onAnswer(AnswerDeleted.type, 'a2', 'q1'),
      onAnswer(AnswerUndeleted.type, 'a2', 'q1'),
      posted('a1', 'q1'),
      asked('q1'),
      comment(CommentDeleted.type, 'c1'),
      revision(QuestionEdited.type, 'r1', q1),
      revision(QuestionRevisionRejected.type, 'r2', q1),
      revision(QuestionRevisionSubmitted.type, 'r2', q1),
      // Before their rows (nothing to change then), and after.
      accepted('q2', 'a3'),
      onQuestion(QuestionDeleted.type, 'q2'),
      onAnswer(AnswerDeleted.type, 'a3', 'q2'),
      comment(CommentDeleted.type, 'c2'),
      posted('a3', 'q2'),
      posted('a4', 'q2'),
      onAnswer(AnswerDeleted.type, 'a4', 'q2'),
      posted('a5', 'q2'),
      asked('q2'),
      onAnswer(AnswerDeleted.type, 'a5', 'q2'),
      // Asked again, later: the first ask's time stays.
      asked('q2'),
      onQuestion(QuestionHidden.type, 'q2'),
      onQuestion(QuestionShown.type, 'q2'),
      accepted('q2', 'a3'),
      accepted('q2', null),
      onAnswer(AnswerUndeleted.type, 'a4', 'q2'),
      comment(CommentAdded.type, 'c2'),
      comment(CommentAdded.type, 'c3'),
      comment(CommentDeleted.type, 'c3'),
      revision(AnswerEdited.type, 'r3', { answer_id: 'a3', question_id: 'q2' }),
      revision(AnswerRevisionSubmitted.type, 'r3', { answer_id: 'a3', question_id: 'q2' }),
      onQuestion(QuestionDeleted.type, 'q1'),
      onQuestion(QuestionUndeleted.type, 'q1'),
      onQuestion(QuestionDeleted.type, 'q1'),
    ];
    const { oneByOne, inBatch } = await appliedBothWays(dashboardFromPosts, events, schema, 'flags');
    const expected = await everyTable(oneByOne, ['kysely_migration', 'kysely_migration_lock']);
    expect(expected.dashboard_questions).toMatchObject([
      { question_id: 'q1', deleted: true, hidden: true, accepted: true, answer_count: 1 },
      { question_id: 'q2', deleted: false, hidden: false, accepted: false, answer_count: 2 },
      { question_id: 'q9', answer_count: 0 },
    ]);
    expect(expected.dashboard_answers).toMatchObject([
      { answer_id: 'a1', deleted: true },
      { answer_id: 'a2', deleted: false },
      { answer_id: 'a3', deleted: false },
      { answer_id: 'a4', deleted: false },
      { answer_id: 'a5', deleted: true },
    ]);
    expect(expected.dashboard_comments).toEqual([
      { comment_id: 'c1', deleted: true },
      { comment_id: 'c2', deleted: false },
      { comment_id: 'c3', deleted: true },
    ]);
    expect(expected.dashboard_pending_edits).toEqual([{ revision_id: 'r2' }, { revision_id: 'r3' }]);
    expect(await everyTable(inBatch, ['kysely_migration', 'kysely_migration_lock'])).toEqual(expected);
  });
});
