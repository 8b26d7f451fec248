import type { EventOf, ReactionActivated, ReactionDeactivated, ReactionEmoji } from '@agora/contracts';
import { type Decider, errors } from '@agora/platform';
import type { VotableType } from '../vote/decider';

export type ReactionEvent = EventOf<typeof ReactionActivated> | EventOf<typeof ReactionDeactivated>;

/** One member's reactions on one post: the stream `reaction-<object id>-<user id>`. */
export interface ReactionState {
  /** The emojis the member reacts with now. */
  active: ReadonlySet<ReactionEmoji>;
}

/** What the command handler found out about the post before deciding. */
export interface ReactionTarget {
  objectId: string;
  objectType: VotableType;
  questionId: string;
  ownerId: string;
  /** The post, or the question it belongs to, is deleted. */
  deleted: boolean;
}

export interface ReactionCommand {
  type: 'react';
  userId: string;
  emoji: ReactionEmoji;
  /** `reaction: activate` (true) or `deactivate` (false). */
  activate: boolean;
  target: ReactionTarget;
}

export function reactionStreamId(objectId: string, userId: string): string {
  return `reaction-${objectId}-${userId}`;
}

function reactionEvent(type: ReactionEvent['type'], command: ReactionCommand): ReactionEvent {
  const { target } = command;
  return {
    type,
    data: {
      object_id: target.objectId,
      object_type: target.objectType,
      question_id: target.questionId,
      user_id: command.userId,
      owner_id: target.ownerId,
      emoji: command.emoji,
    },
  };
}

/**
 * One reaction per member per emoji (docs/behaviour-decisions.md, "reactions"): activating an emoji the
 * member already reacts with, or deactivating one they do not, changes nothing. A deleted post takes no
 * new reactions, but a member can still take theirs back. Members may react to their own posts.
 */
export const reactionDecider: Decider<ReactionState, ReactionCommand, ReactionEvent> = {
  initialState: () => ({ active: new Set() }),

  evolve(state, event) {
    const active = new Set(state.active);
    if (event.type === 'votes.reaction_activated') active.add(event.data.emoji);
    else if (event.type === 'votes.reaction_deactivated') active.delete(event.data.emoji);
    else return state;
    return { active };
  },

  decide(command, state) {
    const reacting = state.active.has(command.emoji);
    if (!command.activate) return reacting ? [reactionEvent('votes.reaction_deactivated', command)] : [];
    if (reacting) return [];
    if (command.target.deleted) {
      throw errors.business('error.object.already_deleted', 'error.object.already_deleted', 'toast');
    }
    return [reactionEvent('votes.reaction_activated', command)];
  },
};
