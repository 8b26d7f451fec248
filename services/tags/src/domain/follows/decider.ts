import type { EventOf, TagFollowed, TagUnfollowed } from '@agora/contracts';
import type { Decider } from '@agora/platform';

export type FollowEvent = EventOf<typeof TagFollowed> | EventOf<typeof TagUnfollowed>;

/** The tags one user follows: a stream per user, so replacing the whole list is one decision. */
export interface FollowsState {
  tagIds: string[];
}

export type FollowCommand =
  | { type: 'follow'; userId: string; tagId: string }
  | { type: 'unfollow'; userId: string; tagId: string }
  | { type: 'replace'; userId: string; tagIds: string[] }
  /** A merged tag's follower follows the tag it was merged into instead (once, if they followed both). */
  | { type: 'move'; userId: string; fromTagId: string; toTagId: string };

export const followsStream = (userId: string) => `tag-follows-${userId}`;

export const followsDecider: Decider<FollowsState, FollowCommand, FollowEvent> = {
  initialState: () => ({ tagIds: [] }),

  evolve(state, event) {
    switch (event.type) {
      case 'tags.tag_followed':
        return state.tagIds.includes(event.data.tag_id) ? state : { tagIds: [...state.tagIds, event.data.tag_id] };
      case 'tags.tag_unfollowed':
        return { tagIds: state.tagIds.filter((id) => id !== event.data.tag_id) };
      default:
        return state;
    }
  },

  decide(command, state) {
    const followed = (tagId: string): FollowEvent => ({
      type: 'tags.tag_followed',
      data: { user_id: command.userId, tag_id: tagId },
    });
    const unfollowed = (tagId: string): FollowEvent => ({
      type: 'tags.tag_unfollowed',
      data: { user_id: command.userId, tag_id: tagId },
    });
    switch (command.type) {
      case 'follow':
        return state.tagIds.includes(command.tagId) ? [] : [followed(command.tagId)];
      case 'unfollow':
        return state.tagIds.includes(command.tagId) ? [unfollowed(command.tagId)] : [];
      case 'move':
        if (!state.tagIds.includes(command.fromTagId)) return [];
        return state.tagIds.includes(command.toTagId)
          ? [unfollowed(command.fromTagId)]
          : [unfollowed(command.fromTagId), followed(command.toTagId)];
      case 'replace': {
        const wanted = [...new Set(command.tagIds)];
        // In tag order: each event counts on its tag's row, and writers that lock rows in one order never deadlock.
        return [
          ...state.tagIds.filter((id) => !wanted.includes(id)).map(unfollowed),
          ...wanted.filter((id) => !state.tagIds.includes(id)).map(followed),
        ].sort((a, b) => (a.data.tag_id < b.data.tag_id ? -1 : a.data.tag_id > b.data.tag_id ? 1 : 0));
      }
    }
  },
};
