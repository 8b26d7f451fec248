import type { BookmarkToggled, EventOf } from '@agora/contracts';
import { type Decider, errors } from '@agora/platform';

export type BookmarkEvent = EventOf<typeof BookmarkToggled>;

/** One user's bookmark of one question or answer: the stream `bookmark-<object id>-<user id>`. */
export interface BookmarkState {
  bookmarked: boolean;
}

export interface BookmarkCommand {
  type: 'switch';
  userId: string;
  /** `bookmark` as sent: set or remove; absent, the bookmark toggles (what the client sends). */
  want: boolean | null;
  target: { objectId: string; objectType: 'question' | 'answer'; questionId: string; deleted: boolean };
}

export function bookmarkStreamId(objectId: string, userId: string): string {
  return `bookmark-${objectId}-${userId}`;
}

/** Bookmarks toggle; a deleted post can be taken off one's bookmarks but not put on them. */
export const bookmarkDecider: Decider<BookmarkState, BookmarkCommand, BookmarkEvent> = {
  initialState: () => ({ bookmarked: false }),

  evolve(_state, event) {
    return event.type === 'votes.bookmark_toggled' ? { bookmarked: event.data.bookmarked } : _state;
  },

  decide(command, state) {
    const wanted = command.want ?? !state.bookmarked;
    if (wanted === state.bookmarked) return [];
    if (wanted && command.target.deleted) {
      throw errors.business('error.object.already_deleted', 'error.object.already_deleted', 'toast');
    }
    const { target } = command;
    return [
      {
        type: 'votes.bookmark_toggled',
        data: {
          object_id: target.objectId,
          object_type: target.objectType,
          question_id: target.questionId,
          user_id: command.userId,
          bookmarked: wanted,
        },
      },
    ];
  },
};
