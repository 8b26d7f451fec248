import { PostStatus } from '@agora/contracts';
import { foldEvents } from '@agora/platform';
import { givenWhen, refusal } from '@agora/test-support/decider';
import { describe, expect, it } from 'vitest';
import { type AnswerCommand, type AnswerEvent, answerDecider } from '../src/domain/answer/decider';
import {
  type QuestionCommand,
  type QuestionContent,
  type QuestionEvent,
  questionDecider,
} from '../src/domain/question/decider';

const content: QuestionContent = {
  title: 'Where do I find the changelog?',
  url_title: 'where-do-i-find-the-changelog',
  content: 'See [the site](https://example.org) for it.',
  html: '<p>See <a href="https://example.org">the site</a> for it.</p>',
  tags: [{ slug_name: 'docs', display_name: 'docs' }],
};
const ask: QuestionCommand = { type: 'ask', questionId: 'q1', userId: 'u1', revisionId: 'r1', content, hold: 'links' };
const held: QuestionEvent = {
  type: 'posts.question_held',
  data: { question_id: 'q1', user_id: 'u1', revision_id: 'r1', reason: 'links', ...content },
};
const published: QuestionEvent = {
  type: 'posts.question_asked',
  data: { question_id: 'q1', user_id: 'u1', revision_id: 'r1', ...content },
};
const publish = (approved: boolean): QuestionCommand => ({ type: 'publish', approved, reviewerId: 'mod' });
const givenQuestion = givenWhen(questionDecider);

describe('a held question (pre-moderation)', () => {
  it('is held instead of asked when the site holds it, and pending until decided', () => {
    expect(givenQuestion().when(ask)).toEqual([held]);
    expect(givenQuestion().when({ ...ask, hold: null })).toEqual([published]);
    expect(foldEvents(questionDecider, [held]).status).toBe(PostStatus.pending);
  });

  it('is published on approval as the author asked it, once', () => {
    expect(givenQuestion(held).when(publish(true))).toEqual([published]);
    expect(foldEvents(questionDecider, [held, published]).status).toBe(PostStatus.available);
    expect(givenQuestion(held, published).when(publish(true))).toEqual([]);
    expect(givenQuestion(held, published).when(publish(false))).toEqual([]);
  });

  it('is dropped on rejection, and its author may withdraw it by deleting it', () => {
    const [rejected] = givenQuestion(held).when(publish(false));
    expect(rejected).toEqual({
      type: 'posts.held_question_dropped',
      data: { question_id: 'q1', user_id: 'u1', actor_id: 'mod', rejected: true },
    });
    const withdraw: QuestionCommand = {
      type: 'delete',
      actorId: 'u1',
      asOwner: true,
      answers: { count: 0, hasAccepted: false, singleAnswerVotes: 0 },
    };
    const [withdrawn] = givenQuestion(held).when(withdraw);
    expect(withdrawn?.data).toMatchObject({ actor_id: 'u1', rejected: false });
  });

  it('refuses everything else while held: 400 error.post.pending', () => {
    const commands: QuestionCommand[] = [
      { type: 'edit', editorId: 'u1', revisionId: 'r2', content, editSummary: '', direct: true },
      { type: 'close', actorId: 'mod', closeType: 1, closeMsg: '' },
      { type: 'operate', actorId: 'mod', operation: 'pin' },
      { type: 'operate', actorId: 'mod', operation: 'hide' },
      { type: 'undelete', actorId: 'mod' },
      { type: 'accept', actorId: 'u1', answerId: null },
      { type: 'invite', actorId: 'u1', userIds: ['u2'] },
    ];
    for (const command of commands) {
      const error = refusal(() => givenQuestion(held).when(command));
      expect([command.type, error.status, error.reason]).toEqual([command.type, 400, 'error.post.pending']);
    }
  });

  it('once dropped, is gone: nothing but a redelivered decision, which changes nothing', () => {
    const [dropped] = givenQuestion(held).when(publish(false));
    if (!dropped) throw new Error('no drop');
    expect(givenQuestion(held, dropped).when(publish(true))).toEqual([]);
    expect(refusal(() => givenQuestion(held, dropped).when({ type: 'undelete', actorId: 'mod' })).status).toBe(404);
  });
});

const post: AnswerCommand = {
  type: 'post',
  answerId: 'a1',
  questionId: 'q1',
  userId: 'u2',
  revisionId: 'r3',
  content: 'An answer.',
  html: '<p>An answer.</p>',
  hold: 'new_member',
};
const answerHeld: AnswerEvent = {
  type: 'posts.answer_held',
  data: {
    answer_id: 'a1',
    question_id: 'q1',
    user_id: 'u2',
    revision_id: 'r3',
    content: 'An answer.',
    html: '<p>An answer.</p>',
    reason: 'new_member',
  },
};
const givenAnswer = givenWhen(answerDecider);

describe('a held answer (pre-moderation)', () => {
  it('is held, then published on approval or dropped on rejection, once', () => {
    expect(givenAnswer().when(post)).toEqual([answerHeld]);
    const [posted] = givenAnswer(answerHeld).when({ type: 'publish', approved: true, reviewerId: 'mod' });
    expect(posted).toEqual({
      type: 'posts.answer_posted',
      data: {
        answer_id: 'a1',
        question_id: 'q1',
        user_id: 'u2',
        revision_id: 'r3',
        content: 'An answer.',
        html: '<p>An answer.</p>',
      },
    });
    if (!posted) throw new Error('not published');
    expect(givenAnswer(answerHeld, posted).when({ type: 'publish', approved: false, reviewerId: 'mod' })).toEqual([]);
    const [dropped] = givenAnswer(answerHeld).when({ type: 'publish', approved: false, reviewerId: 'mod' });
    expect(dropped?.type).toBe('posts.held_answer_dropped');
  });

  it('refuses edits and undeletion while held, and takes its author withdrawing it', () => {
    const edit: AnswerCommand = {
      type: 'edit',
      editorId: 'u2',
      revisionId: 'r4',
      content: 'Better.',
      html: '<p>Better.</p>',
      editSummary: '',
      direct: true,
    };
    expect(refusal(() => givenAnswer(answerHeld).when(edit)).reason).toBe('error.post.pending');
    expect(refusal(() => givenAnswer(answerHeld).when({ type: 'undelete', actorId: 'mod' })).reason).toBe(
      'error.post.pending',
    );
    const [withdrawn] = givenAnswer(answerHeld).when({
      type: 'delete',
      actorId: 'u2',
      asOwner: true,
      votes: 0,
      accepted: false,
    });
    expect(withdrawn?.data).toMatchObject({ actor_id: 'u2', rejected: false });
  });
});
