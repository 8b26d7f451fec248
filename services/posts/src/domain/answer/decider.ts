import type {
  AnswerDeleted,
  AnswerEdited,
  AnswerPosted,
  AnswerRevisionRejected,
  AnswerRevisionSubmitted,
  AnswerUndeleted,
  EventOf,
} from '@agora/contracts';
import { type Decider, errors } from '@agora/platform';

export type AnswerEvent =
  | EventOf<typeof AnswerPosted>
  | EventOf<typeof AnswerEdited>
  | EventOf<typeof AnswerRevisionSubmitted>
  | EventOf<typeof AnswerRevisionRejected>
  | EventOf<typeof AnswerDeleted>
  | EventOf<typeof AnswerUndeleted>;

export interface AnswerState {
  id: string | null;
  questionId: string | null;
  userId: string | null;
  deleted: boolean;
  content: string;
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
    }
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
  | { type: 'review'; revisionId: string; approved: boolean; reviewerId: string };

export const answerDecider: Decider<AnswerState, AnswerCommand, AnswerEvent> = {
  initialState: () => ({
    id: null,
    questionId: null,
    userId: null,
    deleted: false,
    content: '',
    pendingRevision: null,
  }),

  evolve(state, event) {
    switch (event.type) {
      case 'posts.answer_posted':
        return {
          ...state,
          id: event.data.answer_id,
          questionId: event.data.question_id,
          userId: event.data.user_id,
          content: event.data.content,
        };
      case 'posts.answer_edited':
        return { ...state, content: event.data.content, pendingRevision: null };
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
      default:
        return state;
    }
  },

  decide(command, state) {
    if (command.type === 'post') {
      if (state.id) throw errors.business('error.answer.exists', 'error.answer.exists');
      const { answerId, questionId, userId, revisionId, content, html } = command;
      return [
        {
          type: 'posts.answer_posted',
          data: {
            answer_id: answerId,
            question_id: questionId,
            user_id: userId,
            revision_id: revisionId,
            content,
            html,
          },
        },
      ];
    }
    if (!state.id || !state.questionId) throw errors.notFound('error.answer.not_found');
    const act = { answer_id: state.id, question_id: state.questionId };
    switch (command.type) {
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
