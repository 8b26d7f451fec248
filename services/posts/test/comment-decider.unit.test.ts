import { foldEvents } from '@agora/platform';
import { givenWhen, refusal } from '@agora/test-support/decider';
import { describe, expect, it } from 'vitest';
import {
  COMMENT_EDIT_WINDOW_MS,
  type CommentCommand,
  type CommentEvent,
  commentDecider as decider,
} from '../src/domain/comment/decider';

/** An event as the store hands it back: with the time it was recorded. */
type Stored = CommentEvent & { occurredAt?: string };

const createdAt = '2030-01-01T12:00:00.000Z';
const after = (ms: number) => new Date(Date.parse(createdAt) + ms).toISOString();
const stored = (event: CommentEvent, occurredAt: string): Stored => ({ ...event, occurredAt });

const added: CommentEvent = {
  type: 'posts.comment_added',
  data: {
    comment_id: 'c1',
    object_id: 'q1',
    question_id: 'q1',
    user_id: 'u1',
    reply_comment_id: null,
    reply_user_id: null,
    original_text: 'Have you tried reduce?',
    parsed_text: '<p>Have you tried reduce?</p>',
    mentions: [],
  },
};
const addedAt = stored(added, createdAt);
const edited = (actorId: string, text: string): CommentEvent => ({
  type: 'posts.comment_edited',
  data: {
    comment_id: 'c1',
    question_id: 'q1',
    actor_id: actorId,
    original_text: text,
    parsed_text: `<p>${text}</p>`,
    mentions: [],
  },
});
const deleted = (actorId = 'u1'): CommentEvent => ({
  type: 'posts.comment_deleted',
  data: { comment_id: 'c1', object_id: 'q1', question_id: 'q1', actor_id: actorId },
});

const edit = (
  actorId: string,
  at: string,
  text = 'Have you tried Array.reduce?',
  actorIsAdmin = false,
): CommentCommand => ({
  type: 'edit',
  actorId,
  actorIsAdmin,
  now: at,
  originalText: text,
  parsedText: `<p>${text}</p>`,
  mentions: [],
});
const remove = (actorId: string, actorIsStaff = false): CommentCommand => ({ type: 'delete', actorId, actorIsStaff });

const given = givenWhen(decider);

describe('comment decider', () => {
  it('adds a new comment once', () => {
    expect(given().when({ type: 'add', comment: added.data })).toEqual([added]);
    const refused = refusal(() => given(addedAt).when({ type: 'add', comment: added.data }));
    expect(refused.status).toBe(400);
    expect(refused.reason).toBe('error.comment.exists');
  });

  it('refuses editing or deleting a comment that does not exist', () => {
    for (const command of [
      edit('u1', createdAt),
      edit('admin', createdAt, 'x', true),
      remove('u1'),
      remove('mod', true),
    ]) {
      const refused = refusal(() => given().when(command));
      expect(refused.status).toBe(404);
      expect(refused.messageKey).toBe('error.comment.not_found');
    }
  });

  it('lets the author edit within 5 minutes of the stored creation time', () => {
    expect(given(addedAt).when(edit('u1', after(60_000)))).toEqual([edited('u1', 'Have you tried Array.reduce?')]);
    expect(given(addedAt).when(edit('u1', after(COMMENT_EDIT_WINDOW_MS - 1)))).toHaveLength(1);
  });

  it('keeps the window running from creation, not from the last edit', () => {
    const editedAt = stored(edited('u1', 'first fix'), after(4 * 60_000));
    expect(refusal(() => given(addedAt, editedAt).when(edit('u1', after(6 * 60_000)))).status).toBe(400);
  });

  it('refuses the author editing after 5 minutes', () => {
    const refused = refusal(() => given(addedAt).when(edit('u1', after(COMMENT_EDIT_WINDOW_MS + 1))));
    expect(refused.status).toBe(400);
    expect(refused.reason).toBe('error.comment.cannot_edit_after_deadline');
    expect(refused.messageKey).toBe('error.comment.cannot_edit_after_deadline');
    expect(refused.data).toEqual({ err_type: 'toast' });
  });

  it('refuses someone else editing, even within the window', () => {
    const refused = refusal(() => given(addedAt).when(edit('u2', after(1_000))));
    expect(refused.status).toBe(400);
    expect(refused.reason).toBe('error.comment.cannot_edit_after_deadline');
    expect(refused.data).toEqual({ err_type: 'toast' });
  });

  it('lets an admin edit any comment at any time', () => {
    expect(given(addedAt).when(edit('admin', after(365 * 24 * 3600_000), 'Fixed.', true))).toEqual([
      edited('admin', 'Fixed.'),
    ]);
  });

  it('does nothing for an edit with identical text', () => {
    expect(given(addedAt).when(edit('u1', after(1_000), added.data.original_text))).toEqual([]);
    expect(given(addedAt).when(edit('admin', after(3600_000), added.data.original_text, true))).toEqual([]);
    expect(given(addedAt, edited('u1', 'again')).when(edit('u1', after(1_000), 'again'))).toEqual([]);
  });

  it('refuses editing a deleted comment as not found', () => {
    for (const command of [edit('u1', after(1_000)), edit('admin', after(1_000), 'x', true)]) {
      const refused = refusal(() => given(addedAt, deleted()).when(command));
      expect(refused.status).toBe(404);
      expect(refused.messageKey).toBe('error.comment.not_found');
    }
  });

  it('lets the author delete their comment at any time', () => {
    expect(given(addedAt).when(remove('u1'))).toEqual([deleted('u1')]);
  });

  it('lets staff delete anyone’s comment', () => {
    expect(given(addedAt).when(remove('mod', true))).toEqual([deleted('mod')]);
  });

  it('forbids anyone else deleting the comment', () => {
    const refused = refusal(() => given(addedAt).when(remove('u2')));
    expect(refused.status).toBe(403);
  });

  it('refuses deleting a comment already deleted as not found', () => {
    expect(refusal(() => given(addedAt, deleted()).when(remove('u1'))).status).toBe(404);
    expect(refusal(() => given(addedAt, deleted()).when(remove('mod', true))).status).toBe(404);
  });

  it('folds a history of every event type into a consistent state', () => {
    const history: Stored[] = [
      addedAt,
      stored(edited('u1', 'second'), after(60_000)),
      stored(edited('admin', 'third'), after(3600_000)),
    ];
    expect(foldEvents(decider, history)).toEqual({
      id: 'c1',
      objectId: 'q1',
      questionId: 'q1',
      userId: 'u1',
      createdAt,
      deleted: false,
      text: 'third',
    });
    expect(foldEvents(decider, [...history, stored(deleted('mod'), after(7200_000))])).toEqual({
      id: 'c1',
      objectId: 'q1',
      questionId: 'q1',
      userId: 'u1',
      createdAt,
      deleted: true,
      text: 'third',
    });
    expect(foldEvents(decider, [])).toEqual(decider.initialState());
  });
});
