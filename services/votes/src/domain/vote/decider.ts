import type { EventOf, VoteCancelled, VoteCast } from '@agora/contracts';
import { ApiError, type Decider, errors, type PermissionCheck } from '@agora/platform';

export type VoteEvent = EventOf<typeof VoteCast> | EventOf<typeof VoteCancelled>;
export type Direction = 'up' | 'down';
export type VotableType = 'question' | 'answer' | 'comment';

/** One voter's standing on one object: the stream `vote-<object id>-<voter id>`. */
export interface VoteState {
  direction: Direction | null;
}

/** What the command handler found out about the object and the voter before deciding. */
export interface VoteTarget {
  objectId: string;
  objectType: VotableType;
  questionId: string;
  ownerId: string;
  /** The object, or the question it belongs to, is deleted. */
  deleted: boolean;
}

export interface VoteCommand {
  type: 'vote';
  voterId: string;
  direction: Direction;
  /** `is_cancel`: undo this direction's vote. */
  cancel: boolean;
  target: VoteTarget;
  /** The voter's privilege for this direction on this object type. */
  permission: PermissionCheck;
}

export const VOTE_STATUS: Record<Direction, 'vote_up' | 'vote_down'> = { up: 'vote_up', down: 'vote_down' };

export function voteStreamId(objectId: string, voterId: string): string {
  return `vote-${objectId}-${voterId}`;
}

function voteEvent(type: VoteEvent['type'], command: VoteCommand, direction: Direction): VoteEvent {
  const { target } = command;
  return {
    type,
    data: {
      object_id: target.objectId,
      object_type: target.objectType,
      question_id: target.questionId,
      user_id: command.voterId,
      owner_id: target.ownerId,
      direction,
    },
  } as VoteEvent;
}

/**
 * Pressing a direction again with `is_cancel` undoes it; voting the other way first
 * cancels the active vote. Refused: deleted posts, one's own post, comment down-votes (comments are
 * up-vote only, see docs/behaviour-decisions.md) and voting without the privilege. Undoing needs no
 * privilege, so a voter whose reputation fell can still take a vote back.
 */
export const voteDecider: Decider<VoteState, VoteCommand, VoteEvent> = {
  initialState: () => ({ direction: null }),

  evolve(state, event) {
    switch (event.type) {
      case 'votes.vote_cast':
        return { direction: event.data.direction };
      case 'votes.vote_cancelled':
        return state.direction === event.data.direction ? { direction: null } : state;
      default:
        return state;
    }
  },

  decide(command, state) {
    const { target } = command;
    if (target.deleted) throw errors.business('error.object.already_deleted', 'error.object.already_deleted', 'toast');
    if (target.ownerId === command.voterId) {
      throw errors.business('error.object.disallow_vote_your_self', 'error.object.disallow_vote_your_self', 'toast');
    }
    if (target.objectType === 'comment' && command.direction === 'down') {
      throw errors.business('error.object.disallow_vote', 'error.object.comment_vote_down', 'toast');
    }
    if (command.cancel) {
      return state.direction === command.direction
        ? [voteEvent('votes.vote_cancelled', command, command.direction)]
        : [];
    }
    if (state.direction === command.direction) return [];
    if (!command.permission.allowed) {
      throw new ApiError(403, 'error.rank.no_enough_rank_to_operate', null, 'error.rank.not_enough', {
        rank: command.permission.needed,
      });
    }
    const events: VoteEvent[] = [];
    if (state.direction) events.push(voteEvent('votes.vote_cancelled', command, state.direction));
    events.push(voteEvent('votes.vote_cast', command, command.direction));
    return events;
  },
};
