import { givenWhen, refusal } from '@agora/test-support/decider';
import { describe, expect, it } from 'vitest';
import { type AnswerEvent, answerDecider } from '../src/domain/answer/decider';
import { type QuestionCommand, type QuestionEvent, questionDecider } from '../src/domain/question/decider';

const content = { title: 'A title', url_title: 'a-title', content: 'Words.', html: '<p>Words.</p>', tags: [] };
const asked: QuestionEvent = {
  type: 'posts.question_asked',
  data: { question_id: 'q1', user_id: 'u1', revision_id: 'r1', ...content },
};
const held: QuestionEvent = {
  type: 'posts.question_held',
  data: { question_id: 'q1', user_id: 'u1', revision_id: 'r1', reason: 'new_member', ...content },
};
const dropped: QuestionEvent = {
  type: 'posts.held_question_dropped',
  data: { question_id: 'q1', user_id: 'u1', actor_id: 'mod', rejected: true },
};
const deleted: QuestionEvent = { type: 'posts.question_deleted', data: { question_id: 'q1', actor_id: 'mod' } };
const undeleted: QuestionEvent = { type: 'posts.question_undeleted', data: { question_id: 'q1', actor_id: 'mod' } };
const purge: QuestionCommand = {
  type: 'purge',
  actorId: 'admin',
  answerIds: ['a1', 'a2'],
  commentIds: ['c1'],
  revisionIds: ['r1', 'r3'],
};
const questionPurged: QuestionEvent = {
  type: 'posts.question_purged',
  data: {
    question_id: 'q1',
    user_id: 'u1',
    actor_id: 'admin',
    answer_ids: ['a1', 'a2'],
    comment_ids: ['c1'],
    revision_ids: ['r1', 'r3'],
  },
};

const answerIds = { answer_id: 'a1', question_id: 'q1' };
const posted: AnswerEvent = {
  type: 'posts.answer_posted',
  data: { ...answerIds, user_id: 'u2', revision_id: 'r2', content: 'An answer.', html: '<p>An answer.</p>' },
};
const answerDeleted: AnswerEvent = { type: 'posts.answer_deleted', data: { ...answerIds, actor_id: 'mod' } };
const answerPurged: AnswerEvent = {
  type: 'posts.answer_purged',
  data: { ...answerIds, user_id: 'u2', actor_id: 'admin', comment_ids: ['c2'], revision_ids: ['r2'] },
};

describe('purging a question', () => {
  const given = givenWhen(questionDecider);

  it('purges a deleted question with what lives under it', () => {
    expect(given(asked, deleted).when(purge)).toEqual([questionPurged]);
  });

  it('purges a held question that was dropped', () => {
    expect(given(held, dropped).when(purge)).toEqual([questionPurged]);
  });

  it('does nothing to a question that is not deleted, or was undeleted meanwhile', () => {
    expect(given(asked).when(purge)).toEqual([]);
    expect(given(asked, deleted, undeleted).when(purge)).toEqual([]);
    expect(given(held).when(purge)).toEqual([]);
  });

  it('purges once, and then refuses everything else as not found', () => {
    expect(given(asked, deleted, questionPurged).when(purge)).toEqual([]);
    expect(refusal(() => given(asked, deleted, questionPurged).when({ type: 'undelete', actorId: 'mod' })).status).toBe(
      404,
    );
  });

  it('refuses a question that does not exist', () => {
    expect(refusal(() => given().when(purge)).status).toBe(404);
  });
});

describe('purging an answer', () => {
  const given = givenWhen(answerDecider);
  const purgeAnswer = { type: 'purge' as const, actorId: 'admin', commentIds: ['c2'], revisionIds: ['r2'] };

  it('purges a deleted answer with the comments on it', () => {
    expect(given(posted, answerDeleted).when(purgeAnswer)).toEqual([answerPurged]);
  });

  it('does nothing to an answer that is not deleted, and purges once', () => {
    expect(given(posted).when(purgeAnswer)).toEqual([]);
    expect(given(posted, answerDeleted, answerPurged).when(purgeAnswer)).toEqual([]);
  });

  it('refuses every other command once purged', () => {
    const undelete = { type: 'undelete' as const, actorId: 'mod' };
    expect(refusal(() => given(posted, answerDeleted, answerPurged).when(undelete)).status).toBe(404);
  });
});
