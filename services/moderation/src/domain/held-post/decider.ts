import type { DataOf, HeldPostReviewed } from '@agora/contracts';
import { type Decider, errors } from '@agora/platform';

export type HeldPostEvent = { type: 'moderation.held_post_reviewed'; data: DataOf<typeof HeldPostReviewed> };

/** A held post as the queue knows it (from posts' events). */
export interface HeldPost {
  reviewId: number;
  objectId: string;
  objectType: 'question' | 'answer';
  userId: string;
  /** Posts published or dropped it already (its author withdrew it, say). */
  settled: boolean;
}

/** One held post's review (stream `held-post-<object id>`): approved or rejected once. */
export interface HeldPostState {
  decided: boolean;
}

export interface HeldPostCommand {
  type: 'review';
  approved: boolean;
  /** Null when the queue holds no post under that review id. */
  post: HeldPost | null;
  reviewerId: string;
  /** Only moderators and admins decide held posts. */
  isStaff: boolean;
}

/** Held posts: a moderator approves (posts publishes it) or rejects (posts drops it), once. */
export const heldPostDecider: Decider<HeldPostState, HeldPostCommand, HeldPostEvent> = {
  initialState: () => ({ decided: false }),
  evolve: () => ({ decided: true }),
  decide(command, state) {
    if (!command.isStaff) throw errors.forbidden(undefined, 'error.rank.role_only');
    const { post } = command;
    if (!post) throw errors.notFound('error.review.not_found');
    if (state.decided || post.settled) throw errors.business('error.review.decided', 'error.review.decided', 'toast');
    return [
      {
        type: 'moderation.held_post_reviewed',
        data: {
          object_id: post.objectId,
          object_type: post.objectType,
          decision: command.approved ? 'approved' : 'rejected',
          reviewer_id: command.reviewerId,
          user_id: post.userId,
        },
      },
    ];
  },
};

export function heldPostStreamId(objectId: string): string {
  return `held-post-${objectId}`;
}
