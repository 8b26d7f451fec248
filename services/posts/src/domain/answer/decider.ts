import type {
  AnswerDeleted,
  AnswerEdited,
  AnswerHeld,
  AnswerPosted,
  AnswerPurged,
  AnswerRevisionRejected,
  AnswerRevisionSubmitted,
  AnswerUndeleted,
  EventOf,
  HeldAnswerDropped,
  HoldReason,
} from '@agora/contracts';
import { type Decider, errors } from '@agora/platform';
import type { Static } from 'typebox';

export type AnswerEvent =
  | EventOf<typeof AnswerPosted>
  | EventOf<typeof AnswerHeld>
  | EventOf<typeof HeldAnswerDropped>
  | EventOf<typeof AnswerEdited>
  | EventOf<typeof AnswerRevisionSubmitted>
  | EventOf<typeof AnswerRevisionRejected>
  | EventOf<typeof AnswerDeleted>
  | EventOf<typeof AnswerUndeleted>
  | EventOf<typeof AnswerPurged>;

export interface AnswerState {
  id: string | null;
  questionId: string | null;
  userId: string | null;
  deleted: boolean;
  /** Waiting for review (pre-moderation), and then dropped for good. */
  held: boolean;
  dropped: boolean;
  /** Hard-deleted by an admin: nothing may happen to it any more. */
  purged: boolean;
  revisionId: string;
  content: string;
  html: string;
  /** A suggested edit waiting for review: it blocks every other edit until decided. */
  pendingRevision: { id: string; editorId: string; editSummary: string; content: string; html: string } | null;
}

export type AnswerCommand =
  | {
      type: 'post';
      answerId: string;
      questionId: string;
      userId: string;
      revisionId: string;
      content: string;
      html: string;
      /** Why the site holds it for review (pre-moderation), or null to publish it at once. */
      hold?: Static<typeof HoldReason> | null;
    }
  | { type: 'publish'; reviewerId: string; approved: boolean }
  | {
      type: 'edit';
      editorId: string;
      revisionId: string;
      content: string;
      html: string;
      editSummary: string;
      direct: boolean;
    }
  | { type: 'delete'; actorId: string; asOwner: boolean; votes: number; accepted: boolean }
  | { type: 'undelete'; actorId: string }
  /** The admin's permanent delete of a deleted answer, with the comments on it (from the read model). */
  | { type: 'purge'; actorId: string; commentIds: string[]; revisionIds: string[] }
  | { type: 'review'; revisionId: string; approved: boolean; reviewerId: string };

/**
 * An answer held for review: a moderator publishes it or drops it, its author may withdraw it (a deletion);
 * nothing else happens to it meanwhile.
 */
function decideHeld(
  command: AnswerCommand,
  state: AnswerState,
  ids: { answer_id: string; question_id: string; user_id: string },
): AnswerEvent[] {
  switch (command.type) {
    case 'publish':
      if (!command.approved) {
        return [{ type: 'posts.held_answer_dropped', data: { ...ids, actor_id: command.reviewerId, rejected: true } }];
      }
      return [
        {
          type: 'posts.answer_posted',
          data: { ...ids, revision_id: state.revisionId, content: state.content, html: state.html },
        },
      ];
    case 'delete':
      return [{ type: 'posts.held_answer_dropped', data: { ...ids, actor_id: command.actorId, rejected: false } }];
    default:
      throw errors.business('error.post.pending', 'error.post.pending', 'toast');
  }
}

export const answerDecider: Decider<AnswerState, AnswerCommand, AnswerEvent> = {
  initialState: () => ({
    id: null,
    questionId: null,
    userId: null,
    deleted: false,
    held: false,
    dropped: false,
    purged: false,
    revisionId: '',
    content: '',
    html: '',
    pendingRevision: null,
  }),

  evolve(state, event) {
    switch (event.type) {
      case 'posts.answer_posted':
      case 'posts.answer_held':
        return {
          ...state,
          id: event.data.answer_id,
          questionId: event.data.question_id,
          userId: event.data.user_id,
          revisionId: event.data.revision_id,
          content: event.data.content,
          html: event.data.html,
          held: event.type === 'posts.answer_held',
        };
      case 'posts.held_answer_dropped':
        return { ...state, held: false, deleted: true, dropped: true };
      case 'posts.answer_edited':
        return { ...state, content: event.data.content, html: event.data.html, pendingRevision: null };
      case 'posts.answer_revision_submitted': {
        const { revision_id, editor_id, edit_summary, content, html } = event.data;
        return {
          ...state,
          pendingRevision: { id: revision_id, editorId: editor_id, editSummary: edit_summary, content, html },
        };
      }
      case 'posts.answer_revision_rejected':
        return { ...state, pendingRevision: null };
      case 'posts.answer_deleted':
        return { ...state, deleted: true };
      case 'posts.answer_undeleted':
        return { ...state, deleted: false };
      case 'posts.answer_purged':
        return { ...state, purged: true };
      default:
        return state;
    }
  },

  decide(command, state) {
    if (command.type === 'post') {
      if (state.id) throw errors.business('error.answer.exists', 'error.answer.exists');
      const { answerId, questionId, userId, revisionId, content, html } = command;
      const data = {
        answer_id: answerId,
        question_id: questionId,
        user_id: userId,
        revision_id: revisionId,
        content,
        html,
      };
      return command.hold
        ? [{ type: 'posts.answer_held', data: { ...data, reason: command.hold } }]
        : [{ type: 'posts.answer_posted', data }];
    }
    if (!state.id || !state.questionId || !state.userId) throw errors.notFound('error.answer.not_found');
    if (command.type === 'purge') {
      // Only a deleted answer (a dropped held one included) is purged, once; otherwise nothing happens.
      if (state.purged || !state.deleted) return [];
      const ids = { answer_id: state.id, question_id: state.questionId, user_id: state.userId };
      return [
        {
          type: 'posts.answer_purged',
          data: {
            ...ids,
            actor_id: command.actorId,
            comment_ids: command.commentIds,
            revision_ids: command.revisionIds,
          },
        },
      ];
    }
    if (state.purged) throw errors.notFound('error.answer.not_found');
    // A decision on what is no longer held (a redelivered one) changes nothing.
    if (command.type === 'publish' && !state.held) return [];
    if (state.dropped) throw errors.notFound('error.answer.not_found');
    const act = { answer_id: state.id, question_id: state.questionId };
    if (state.held) return decideHeld(command, state, { ...act, user_id: state.userId });
    switch (command.type) {
      case 'publish':
        return [];
      case 'edit': {
        if (state.deleted) throw errors.notFound('error.answer.not_found');
        if (state.pendingRevision)
          throw errors.business('error.revision.review_underway', 'error.revision.review_underway', 'toast');
        if (state.content === command.content) return [];
        const data = {
          ...act,
          editor_id: command.editorId,
          revision_id: command.revisionId,
          edit_summary: command.editSummary,
          content: command.content,
          html: command.html,
        };
        return [{ type: command.direct ? 'posts.answer_edited' : 'posts.answer_revision_submitted', data }];
      }
      case 'delete':
        if (state.deleted) return [];
        // An owner may not withdraw an answer that others valued.
        if (command.asOwner && (command.votes > 0 || command.accepted)) {
          throw errors.business('error.answer.cannot_delete', 'error.answer.cannot_delete', 'toast');
        }
        return [{ type: 'posts.answer_deleted', data: { ...act, actor_id: command.actorId } }];
      case 'undelete':
        return state.deleted ? [{ type: 'posts.answer_undeleted', data: { ...act, actor_id: command.actorId } }] : [];
      case 'review': {
        // Only the suggestion still waiting is decided; a decision on anything else changes nothing.
        const pending = state.pendingRevision;
        if (!pending || pending.id !== command.revisionId) return [];
        const decided = {
          ...act,
          revision_id: pending.id,
          editor_id: pending.editorId,
          reviewer_id: command.reviewerId,
        };
        if (!command.approved) return [{ type: 'posts.answer_revision_rejected', data: decided }];
        const { editSummary, content, html } = pending;
        return [{ type: 'posts.answer_edited', data: { ...decided, edit_summary: editSummary, content, html } }];
      }
    }
  },
};
