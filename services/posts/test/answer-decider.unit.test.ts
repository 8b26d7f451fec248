import { foldEvents } from '@agora/platform';
import { givenWhen, refusal } from '@agora/test-support/decider';
import { describe, expect, it } from 'vitest';
import { type AnswerCommand, type AnswerEvent, answerDecider as decider } from '../src/domain/answer/decider';

const posted: AnswerEvent = {
  type: 'posts.answer_posted',
  data: {
    answer_id: 'a1',
    question_id: 'q1',
    user_id: 'u1',
    revision_id: 'r1',
    content: 'Reduce them with evolve.',
    html: '<p>Reduce them with evolve.</p>',
  },
};
const ids = { answer_id: 'a1', question_id: 'q1' };
const revised = (type: 'posts.answer_edited' | 'posts.answer_revision_submitted', text: string): AnswerEvent =>
  ({
    type,
    data: {
      ...ids,
      editor_id: 'u2',
      revision_id: 'r2',
      edit_summary: 'more detail',
      content: text,
      html: `<p>${text}</p>`,
    },
  }) as AnswerEvent;
const better = 'Reduce them with evolve, starting from initialState.';
const deleted = (actorId = 'u1'): AnswerEvent => ({
  type: 'posts.answer_deleted',
  data: { ...ids, actor_id: actorId },
});
const undeleted: AnswerEvent = { type: 'posts.answer_undeleted', data: { ...ids, actor_id: 'mod' } };

const post: AnswerCommand = {
  type: 'post',
  answerId: 'a1',
  questionId: 'q1',
  userId: 'u1',
  revisionId: 'r1',
  content: 'Reduce them with evolve.',
  html: '<p>Reduce them with evolve.</p>',
};
const edit = (direct: boolean, text = better): AnswerCommand => ({
  type: 'edit',
  editorId: 'u2',
  revisionId: 'r2',
  content: text,
  html: `<p>${text}</p>`,
  editSummary: 'more detail',
  direct,
});
const deleteAs = (asOwner: boolean, votes = 0, accepted = false): AnswerCommand => ({
  type: 'delete',
  actorId: asOwner ? 'u1' : 'mod',
  asOwner,
  votes,
  accepted,
});
const undelete: AnswerCommand = { type: 'undelete', actorId: 'mod' };

const given = givenWhen(decider);

describe('answer decider', () => {
  it('posts a new answer once', () => {
    expect(given().when(post)).toEqual([posted]);
    const refused = refusal(() => given(posted).when(post));
    expect(refused.status).toBe(400);
    expect(refused.reason).toBe('error.answer.exists');
  });

  it('refuses every other command on an answer that does not exist', () => {
    for (const command of [edit(true), edit(false), deleteAs(true), deleteAs(false), undelete]) {
      const refused = refusal(() => given().when(command));
      expect(refused.status).toBe(404);
      expect(refused.messageKey).toBe('error.answer.not_found');
    }
  });

  it('applies a direct edit at once', () => {
    expect(given(posted).when(edit(true))).toEqual([revised('posts.answer_edited', better)]);
  });

  it('queues an edit that is not direct as a revision for review', () => {
    expect(given(posted).when(edit(false))).toEqual([revised('posts.answer_revision_submitted', better)]);
  });

  it('does nothing for an edit with identical content', () => {
    expect(given(posted).when(edit(true, posted.data.content))).toEqual([]);
    expect(given(posted).when(edit(false, posted.data.content))).toEqual([]);
    expect(given(posted, revised('posts.answer_edited', better)).when(edit(true, better))).toEqual([]);
  });

  it('blocks every edit, direct ones included, while a revision waits for review', () => {
    for (const direct of [true, false]) {
      const refused = refusal(() =>
        given(posted, revised('posts.answer_revision_submitted', better)).when(edit(direct, 'Something else.')),
      );
      expect(refused.status).toBe(400);
      expect(refused.reason).toBe('error.revision.review_underway');
      expect(refused.messageKey).toBe('error.revision.review_underway');
      expect(refused.data).toEqual({ err_type: 'toast' });
    }
  });

  it('frees editing again once the revision has been applied', () => {
    expect(
      given(posted, revised('posts.answer_revision_submitted', better), revised('posts.answer_edited', better)).when(
        edit(true, 'Something else.'),
      ),
    ).toHaveLength(1);
  });

  it('refuses to edit a deleted answer as not found', () => {
    const refused = refusal(() => given(posted, deleted()).when(edit(true)));
    expect(refused.status).toBe(404);
    expect(refused.messageKey).toBe('error.answer.not_found');
  });

  it('lets the owner delete an answer with no positive votes that is not accepted', () => {
    expect(given(posted).when(deleteAs(true, 0))).toEqual([deleted('u1')]);
    expect(given(posted).when(deleteAs(true, -3))).toEqual([deleted('u1')]);
  });

  it('refuses the owner deleting an up-voted answer', () => {
    const refused = refusal(() => given(posted).when(deleteAs(true, 1)));
    expect(refused.status).toBe(400);
    expect(refused.reason).toBe('error.answer.cannot_delete');
    expect(refused.data).toEqual({ err_type: 'toast' });
  });

  it('refuses the owner deleting an accepted answer', () => {
    const refused = refusal(() => given(posted).when(deleteAs(true, 0, true)));
    expect(refused.status).toBe(400);
    expect(refused.reason).toBe('error.answer.cannot_delete');
    expect(refused.data).toEqual({ err_type: 'toast' });
  });

  it('lets a moderator delete an up-voted, accepted answer', () => {
    expect(given(posted).when(deleteAs(false, 12, true))).toEqual([deleted('mod')]);
  });

  it('does nothing when deleting an answer already deleted', () => {
    expect(given(posted, deleted()).when(deleteAs(true, 5, true))).toEqual([]);
    expect(given(posted, deleted()).when(deleteAs(false))).toEqual([]);
  });

  it('undeletes only a deleted answer', () => {
    expect(given(posted, deleted()).when(undelete)).toEqual([undeleted]);
    expect(given(posted).when(undelete)).toEqual([]);
    expect(given(posted, deleted(), undeleted).when(undelete)).toEqual([]);
  });

  it('folds a history of every event type into a consistent state', () => {
    expect(
      foldEvents(decider, [
        posted,
        revised('posts.answer_revision_submitted', better),
        revised('posts.answer_edited', better),
        deleted('mod'),
        undeleted,
      ]),
    ).toEqual({
      id: 'a1',
      questionId: 'q1',
      userId: 'u1',
      deleted: false,
      held: false,
      dropped: false,
      purged: false,
      revisionId: posted.data.revision_id,
      content: better,
      html: `<p>${better}</p>`,
      pendingRevision: null,
    });
    expect(foldEvents(decider, [posted, revised('posts.answer_revision_submitted', better), deleted()])).toEqual({
      id: 'a1',
      questionId: 'q1',
      userId: 'u1',
      deleted: true,
      held: false,
      dropped: false,
      purged: false,
      revisionId: posted.data.revision_id,
      content: posted.data.content,
      html: posted.data.html,
      pendingRevision: {
        id: 'r2',
        editorId: 'u2',
        editSummary: 'more detail',
        content: better,
        html: `<p>${better}</p>`,
      },
    });
    expect(foldEvents(decider, [])).toEqual(decider.initialState());
  });

  describe('a reviewer decides a suggested edit', () => {
    const suggested = revised('posts.answer_revision_submitted', better);
    const review = (approved: boolean, revisionId = 'r2') =>
      ({ type: 'review', revisionId, approved, reviewerId: 'mod' }) as const;

    it('applies an approved suggestion as an edit by its editor, naming the reviewer', () => {
      expect(decider.decide(review(true), foldEvents(decider, [posted, suggested]))).toEqual([
        {
          type: 'posts.answer_edited',
          data: {
            ...ids,
            revision_id: 'r2',
            editor_id: 'u2',
            reviewer_id: 'mod',
            edit_summary: 'more detail',
            content: better,
            html: `<p>${better}</p>`,
          },
        },
      ]);
    });

    it('drops a rejected one, and then takes edits again', () => {
      const events = decider.decide(review(false), foldEvents(decider, [posted, suggested]));
      expect(events).toEqual([
        {
          type: 'posts.answer_revision_rejected',
          data: { ...ids, revision_id: 'r2', editor_id: 'u2', reviewer_id: 'mod' },
        },
      ]);
      const after = foldEvents(decider, [posted, suggested, ...(events as AnswerEvent[])]);
      expect(after.pendingRevision).toBeNull();
      expect(after.content).toBe(posted.data.content);
    });

    it('ignores a decision on a revision that is not waiting', () => {
      expect(decider.decide(review(true, 'other'), foldEvents(decider, [posted, suggested]))).toEqual([]);
      expect(decider.decide(review(true), foldEvents(decider, [posted]))).toEqual([]);
    });
  });
});
