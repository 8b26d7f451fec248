import { PostStatus } from '@agora/contracts';
import { foldEvents } from '@agora/platform';
import { givenWhen, refusal } from '@agora/test-support/decider';
import { describe, expect, it } from 'vitest';
import {
  type AnswerFacts,
  questionDecider as decider,
  type QuestionCommand,
  type QuestionContent,
  type QuestionEvent,
} from '../src/domain/question/decider';

const content: QuestionContent = {
  title: 'How do I fold events?',
  url_title: 'how-do-i-fold-events',
  content: 'I have a list of events and want a state.',
  html: '<p>I have a list of events and want a state.</p>',
  tags: [
    { slug_name: 'event-sourcing', display_name: 'Event sourcing' },
    { slug_name: 'typescript', display_name: 'TypeScript' },
  ],
};
const newContent: QuestionContent = {
  ...content,
  title: 'How do I fold a stream of events?',
  url_title: 'how-do-i-fold-a-stream-of-events',
};

const asked: QuestionEvent = {
  type: 'posts.question_asked',
  data: { question_id: 'q1', user_id: 'u1', revision_id: 'r1', ...content },
};
const act = (actorId: string) => ({ question_id: 'q1', actor_id: actorId });
const deleted: QuestionEvent = { type: 'posts.question_deleted', data: act('u1') };
const undeleted: QuestionEvent = { type: 'posts.question_undeleted', data: act('mod') };
const closed: QuestionEvent = {
  type: 'posts.question_closed',
  data: { ...act('mod'), close_type: 3, close_msg: 'duplicate' },
};
const reopened: QuestionEvent = { type: 'posts.question_reopened', data: act('mod') };
const pinned: QuestionEvent = { type: 'posts.question_pinned', data: act('mod') };
const unpinned: QuestionEvent = { type: 'posts.question_unpinned', data: act('mod') };
const hidden: QuestionEvent = { type: 'posts.question_hidden', data: act('mod') };
const shown: QuestionEvent = { type: 'posts.question_shown', data: act('mod') };
const accepted = (answerId: string | null, previous: string | null = null): QuestionEvent => ({
  type: 'posts.answer_accepted',
  data: { ...act('u1'), answer_id: answerId, previous_answer_id: previous },
});
const revised = (type: 'posts.question_edited' | 'posts.question_revision_submitted', revisionId: string) =>
  ({
    type,
    data: {
      question_id: 'q1',
      editor_id: 'u2',
      revision_id: revisionId,
      edit_summary: 'clearer title',
      ...newContent,
    },
  }) as QuestionEvent;

const edit = (direct: boolean, with_: QuestionContent = newContent): QuestionCommand => ({
  type: 'edit',
  editorId: 'u2',
  revisionId: 'r2',
  content: with_,
  editSummary: 'clearer title',
  direct,
});
const noAnswers: AnswerFacts = { count: 0, hasAccepted: false, singleAnswerVotes: 0 };
const deleteAs = (asOwner: boolean, answers: Partial<AnswerFacts> = {}): QuestionCommand => ({
  type: 'delete',
  actorId: asOwner ? 'u1' : 'mod',
  asOwner,
  answers: { ...noAnswers, ...answers },
});
const operate = (operation: 'pin' | 'unpin' | 'hide' | 'show'): QuestionCommand => ({
  type: 'operate',
  actorId: 'mod',
  operation,
});
const accept = (answerId: string | null): QuestionCommand => ({ type: 'accept', actorId: 'u1', answerId });

const given = givenWhen(decider);

describe('question decider', () => {
  it('asks a new question once', () => {
    const ask: QuestionCommand = { type: 'ask', questionId: 'q1', userId: 'u1', revisionId: 'r1', content };
    expect(given().when(ask)).toEqual([asked]);
    const refused = refusal(() => given(asked).when(ask));
    expect(refused.status).toBe(400);
    expect(refused.reason).toBe('error.question.exists');
  });

  it('refuses every other command on a question that does not exist', () => {
    for (const command of [
      edit(true),
      deleteAs(true),
      deleteAs(false),
      { type: 'undelete', actorId: 'mod' },
      { type: 'close', actorId: 'mod', closeType: 1, closeMsg: '' },
      { type: 'reopen', actorId: 'mod' },
      operate('pin'),
      operate('unpin'),
      operate('hide'),
      operate('show'),
      accept('a1'),
      accept(null),
    ] as QuestionCommand[]) {
      const refused = refusal(() => given().when(command));
      expect(refused.status).toBe(404);
      expect(refused.messageKey).toBe('error.question.not_found');
    }
  });

  it('applies a direct edit at once', () => {
    expect(given(asked).when(edit(true))).toEqual([revised('posts.question_edited', 'r2')]);
  });

  it('queues an edit that is not direct as a revision for review', () => {
    expect(given(asked).when(edit(false))).toEqual([revised('posts.question_revision_submitted', 'r2')]);
  });

  it('does nothing for an edit with identical title, body and tags', () => {
    expect(given(asked).when(edit(true, content))).toEqual([]);
    expect(given(asked).when(edit(false, content))).toEqual([]);
    expect(given(asked, revised('posts.question_edited', 'r2')).when(edit(true, newContent))).toEqual([]);
  });

  it('blocks every edit, direct ones included, while a revision waits for review', () => {
    for (const direct of [true, false]) {
      const refused = refusal(() =>
        given(asked, revised('posts.question_revision_submitted', 'r2')).when(edit(direct, content)),
      );
      expect(refused.status).toBe(400);
      expect(refused.reason).toBe('error.revision.review_underway');
      expect(refused.messageKey).toBe('error.revision.review_underway');
      expect(refused.data).toEqual({ err_type: 'toast' });
    }
  });

  it('frees editing again once the revision has been applied', () => {
    expect(
      given(asked, revised('posts.question_revision_submitted', 'r2'), revised('posts.question_edited', 'r2')).when(
        edit(true, content),
      ),
    ).toHaveLength(1);
  });

  it('still edits a closed question', () => {
    expect(given(asked, closed).when(edit(true))).toEqual([revised('posts.question_edited', 'r2')]);
  });

  it('refuses to edit a deleted question as not found', () => {
    const refused = refusal(() => given(asked, deleted).when(edit(true)));
    expect(refused.status).toBe(404);
    expect(refused.messageKey).toBe('error.question.not_found');
  });

  it('lets the owner delete a question with no answers', () => {
    expect(given(asked).when(deleteAs(true))).toEqual([deleted]);
  });

  it('lets the owner delete a question whose single answer has no positive votes', () => {
    expect(given(asked).when(deleteAs(true, { count: 1, singleAnswerVotes: 0 }))).toEqual([deleted]);
    expect(given(asked).when(deleteAs(true, { count: 1, singleAnswerVotes: -2 }))).toEqual([deleted]);
  });

  it('refuses the owner deleting a question with an accepted answer', () => {
    const refused = refusal(() => given(asked).when(deleteAs(true, { count: 1, hasAccepted: true })));
    expect(refused.status).toBe(400);
    expect(refused.reason).toBe('error.question.cannot_delete');
    expect(refused.data).toEqual({ err_type: 'toast' });
  });

  it('refuses the owner deleting a question with more than one answer', () => {
    const refused = refusal(() => given(asked).when(deleteAs(true, { count: 2 })));
    expect(refused.status).toBe(400);
    expect(refused.reason).toBe('error.question.cannot_delete');
    expect(refused.data).toEqual({ err_type: 'toast' });
  });

  it('refuses the owner deleting a question whose single answer was up-voted', () => {
    const refused = refusal(() => given(asked).when(deleteAs(true, { count: 1, singleAnswerVotes: 1 })));
    expect(refused.status).toBe(400);
    expect(refused.reason).toBe('error.question.cannot_delete');
    expect(refused.data).toEqual({ err_type: 'toast' });
  });

  it('lets a moderator delete whatever answers the question has', () => {
    expect(given(asked).when(deleteAs(false, { count: 7, hasAccepted: true, singleAnswerVotes: 0 }))).toEqual([
      { type: 'posts.question_deleted', data: act('mod') },
    ]);
  });

  it('does nothing when deleting a question already deleted', () => {
    expect(given(asked, deleted).when(deleteAs(true, { count: 5, hasAccepted: true }))).toEqual([]);
    expect(given(asked, deleted).when(deleteAs(false))).toEqual([]);
  });

  it('undeletes only a deleted question', () => {
    expect(given(asked, deleted).when({ type: 'undelete', actorId: 'mod' })).toEqual([undeleted]);
    expect(given(asked).when({ type: 'undelete', actorId: 'mod' })).toEqual([]);
    expect(given(asked, deleted, undeleted).when({ type: 'undelete', actorId: 'mod' })).toEqual([]);
  });

  it('closes an open question with its reason, once', () => {
    const close: QuestionCommand = { type: 'close', actorId: 'mod', closeType: 3, closeMsg: 'duplicate' };
    expect(given(asked).when(close)).toEqual([closed]);
    expect(given(asked, closed).when(close)).toEqual([]);
    expect(given(asked, closed, reopened).when(close)).toEqual([closed]);
  });

  it('refuses to close a deleted question as not found', () => {
    const close: QuestionCommand = { type: 'close', actorId: 'mod', closeType: 3, closeMsg: 'duplicate' };
    expect(refusal(() => given(asked, deleted).when(close)).status).toBe(404);
  });

  it('reopens only a closed question', () => {
    const reopen: QuestionCommand = { type: 'reopen', actorId: 'mod' };
    expect(given(asked, closed).when(reopen)).toEqual([reopened]);
    expect(given(asked).when(reopen)).toEqual([]);
    expect(given(asked, closed, reopened).when(reopen)).toEqual([]);
    expect(given(asked, deleted).when(reopen)).toEqual([]);
  });

  it('pins and unpins, each only when it changes something', () => {
    expect(given(asked).when(operate('pin'))).toEqual([pinned]);
    expect(given(asked, pinned).when(operate('pin'))).toEqual([]);
    expect(given(asked, pinned).when(operate('unpin'))).toEqual([unpinned]);
    expect(given(asked).when(operate('unpin'))).toEqual([]);
    expect(given(asked, pinned, unpinned).when(operate('unpin'))).toEqual([]);
  });

  it('hides and shows, each only when it changes something', () => {
    expect(given(asked).when(operate('hide'))).toEqual([hidden]);
    expect(given(asked, hidden).when(operate('hide'))).toEqual([]);
    expect(given(asked, hidden).when(operate('show'))).toEqual([shown]);
    expect(given(asked).when(operate('show'))).toEqual([]);
    expect(given(asked, hidden, shown).when(operate('show'))).toEqual([]);
  });

  it('silently does not pin a hidden question', () => {
    expect(given(asked, hidden).when(operate('pin'))).toEqual([]);
    expect(given(asked, hidden, shown).when(operate('pin'))).toEqual([pinned]);
  });

  it('silently does not hide a pinned question', () => {
    expect(given(asked, pinned).when(operate('hide'))).toEqual([]);
    expect(given(asked, pinned, unpinned).when(operate('hide'))).toEqual([hidden]);
  });

  it('refuses pin, unpin, hide and show on a deleted question as not found', () => {
    for (const operation of ['pin', 'unpin', 'hide', 'show'] as const) {
      expect(refusal(() => given(asked, pinned, deleted).when(operate(operation))).status).toBe(404);
    }
  });

  it('accepts an answer, and accepting it again does nothing', () => {
    expect(given(asked).when(accept('a1'))).toEqual([accepted('a1')]);
    expect(given(asked, accepted('a1')).when(accept('a1'))).toEqual([]);
  });

  it('carries the previously accepted answer when the accepted answer changes', () => {
    expect(given(asked, accepted('a1')).when(accept('a2'))).toEqual([accepted('a2', 'a1')]);
  });

  it('withdraws the accepted answer with null, and withdrawing when none is accepted does nothing', () => {
    expect(given(asked, accepted('a1')).when(accept(null))).toEqual([accepted(null, 'a1')]);
    expect(given(asked).when(accept(null))).toEqual([]);
    expect(given(asked, accepted('a1'), accepted(null, 'a1')).when(accept(null))).toEqual([]);
  });

  it('refuses to accept on a deleted question as not found', () => {
    expect(refusal(() => given(asked, deleted).when(accept('a1'))).status).toBe(404);
    expect(refusal(() => given(asked, accepted('a1'), deleted).when(accept(null))).status).toBe(404);
  });

  it('folds a history of every event type into a consistent state', () => {
    const history: QuestionEvent[] = [
      asked,
      revised('posts.question_revision_submitted', 'r2'),
      revised('posts.question_edited', 'r2'),
      closed,
      reopened,
      pinned,
      unpinned,
      hidden,
      shown,
      accepted('a1'),
      accepted('a2', 'a1'),
      deleted,
      undeleted,
      pinned,
    ];
    expect(foldEvents(decider, history)).toEqual({
      id: 'q1',
      userId: 'u1',
      revisionId: 'r1',
      status: PostStatus.available,
      dropped: false,
      purged: false,
      pinned: true,
      hidden: false,
      acceptedAnswerId: 'a2',
      pendingRevision: null,
      invited: [],
      ...newContent,
    });
    expect(foldEvents(decider, [asked, revised('posts.question_revision_submitted', 'r2'), closed])).toEqual({
      id: 'q1',
      userId: 'u1',
      revisionId: 'r1',
      status: PostStatus.closed,
      dropped: false,
      purged: false,
      pinned: false,
      hidden: false,
      acceptedAnswerId: null,
      pendingRevision: { id: 'r2', editorId: 'u2', editSummary: 'clearer title', content: newContent },
      invited: [],
      ...content,
    });
    expect(foldEvents(decider, [asked, hidden, deleted])).toMatchObject({ status: PostStatus.deleted, hidden: true });
    expect(foldEvents(decider, [])).toEqual(decider.initialState());
  });

  it('invites users once each, reports the newly invited, and records nothing for the same list', () => {
    const invited: QuestionEvent = {
      type: 'posts.invitations_updated',
      data: { question_id: asked.data.question_id, actor_id: 'u1', user_ids: ['u7'], added: ['u7'] },
    };
    expect(given(asked).when({ type: 'invite', actorId: 'u1', userIds: ['u7', 'u7'] })).toEqual([invited]);
    expect(given(asked, invited).when({ type: 'invite', actorId: 'u1', userIds: ['u7'] })).toEqual([]);
    expect(given(asked, invited).when({ type: 'invite', actorId: 'u1', userIds: ['u7', 'u8'] })).toEqual([
      { ...invited, data: { ...invited.data, user_ids: ['u7', 'u8'], added: ['u8'] } },
    ]);
  });

  describe('a reviewer decides a suggested edit', () => {
    const suggested = revised('posts.question_revision_submitted', 'r2');
    const review = (approved: boolean, revisionId = 'r2') =>
      ({ type: 'review', revisionId, approved, reviewerId: 'mod' }) as const;

    it('applies an approved suggestion as an edit by its editor, naming the reviewer', () => {
      expect(decider.decide(review(true), foldEvents(decider, [asked, suggested]))).toEqual([
        {
          type: 'posts.question_edited',
          data: {
            question_id: 'q1',
            revision_id: 'r2',
            editor_id: 'u2',
            reviewer_id: 'mod',
            edit_summary: 'clearer title',
            ...newContent,
          },
        },
      ]);
    });

    it('drops a rejected one, keeps the content, and takes edits again', () => {
      const events = decider.decide(review(false), foldEvents(decider, [asked, suggested]));
      expect(events).toEqual([
        {
          type: 'posts.question_revision_rejected',
          data: { question_id: 'q1', revision_id: 'r2', editor_id: 'u2', reviewer_id: 'mod' },
        },
      ]);
      const after = foldEvents(decider, [asked, suggested, ...(events as QuestionEvent[])]);
      expect(after).toMatchObject({ pendingRevision: null, ...content });
      expect(decider.decide(edit(true), after)).toHaveLength(1);
    });

    it('ignores a decision on a revision that is not waiting', () => {
      expect(decider.decide(review(true, 'other'), foldEvents(decider, [asked, suggested]))).toEqual([]);
      expect(decider.decide(review(false), foldEvents(decider, [asked]))).toEqual([]);
    });
  });
});
