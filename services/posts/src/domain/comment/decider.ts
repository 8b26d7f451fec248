import type { CommentAdded, CommentDeleted, CommentEdited, EventOf } from '@agora/contracts';
import { type Decider, errors } from '@agora/platform';

export type CommentEvent =
  | EventOf<typeof CommentAdded>
  | EventOf<typeof CommentEdited>
  | EventOf<typeof CommentDeleted>;

/** The author may edit a comment for 5 minutes; an admin at any time. */
export const COMMENT_EDIT_WINDOW_MS = 5 * 60 * 1000;

export interface CommentState {
  id: string | null;
  objectId: string | null;
  /** The question the comment is under (its later events name it: live pages follow a question). */
  questionId: string | null;
  userId: string | null;
  createdAt: string | null;
  deleted: boolean;
  text: string;
}

type Added = EventOf<typeof CommentAdded>['data'];

export type CommentCommand =
  | { type: 'add'; comment: Added }
  | {
      type: 'edit';
      actorId: string;
      actorIsAdmin: boolean;
      now: string;
      originalText: string;
      parsedText: string;
      mentions: string[];
    }
  | { type: 'delete'; actorId: string; actorIsStaff: boolean };

export const commentDecider: Decider<CommentState, CommentCommand, CommentEvent> = {
  initialState: () => ({
    id: null,
    objectId: null,
    questionId: null,
    userId: null,
    createdAt: null,
    deleted: false,
    text: '',
  }),

  evolve(state, event) {
    switch (event.type) {
      case 'posts.comment_added':
        return {
          ...state,
          id: event.data.comment_id,
          objectId: event.data.object_id,
          questionId: event.data.question_id,
          userId: event.data.user_id,
          text: event.data.original_text,
          // Stored events carry their time; the edit window runs from it.
          createdAt: (event as { occurredAt?: string }).occurredAt ?? state.createdAt,
        };
      case 'posts.comment_edited':
        return { ...state, text: event.data.original_text };
      case 'posts.comment_deleted':
        return { ...state, deleted: true };
      default:
        return state;
    }
  },

  decide(command, state) {
    if (command.type === 'add') {
      if (state.id) throw errors.business('error.comment.exists', 'error.comment.exists');
      return [{ type: 'posts.comment_added', data: command.comment }];
    }
    if (!state.id || !state.objectId || state.deleted) throw errors.notFound('error.comment.not_found');
    switch (command.type) {
      case 'edit': {
        const own = command.actorId === state.userId;
        const inWindow =
          state.createdAt !== null && Date.parse(command.now) - Date.parse(state.createdAt) <= COMMENT_EDIT_WINDOW_MS;
        if (!command.actorIsAdmin && !(own && inWindow)) {
          throw errors.business(
            'error.comment.cannot_edit_after_deadline',
            'error.comment.cannot_edit_after_deadline',
            'toast',
          );
        }
        if (command.originalText === state.text) return [];
        return [
          {
            type: 'posts.comment_edited',
            data: {
              comment_id: state.id,
              ...(state.questionId ? { question_id: state.questionId } : {}),
              actor_id: command.actorId,
              original_text: command.originalText,
              parsed_text: command.parsedText,
              mentions: command.mentions,
            },
          },
        ];
      }
      case 'delete':
        if (command.actorId !== state.userId && !command.actorIsStaff) throw errors.forbidden();
        return [
          {
            type: 'posts.comment_deleted',
            data: {
              comment_id: state.id,
              object_id: state.objectId,
              ...(state.questionId ? { question_id: state.questionId } : {}),
              actor_id: command.actorId,
            },
          },
        ];
    }
  },
};
