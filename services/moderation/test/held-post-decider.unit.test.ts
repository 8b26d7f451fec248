import { givenWhen, refusal } from '@agora/test-support/decider';
import { describe, expect, it } from 'vitest';
import {
  type HeldPost,
  type HeldPostCommand,
  type HeldPostEvent,
  heldPostDecider,
} from '../src/domain/held-post/decider';

const given = givenWhen(heldPostDecider);

const post: HeldPost = { reviewId: 7, objectId: 'q1', objectType: 'question', userId: 'author', settled: false };
const review = (over: Partial<HeldPostCommand> = {}): HeldPostCommand => ({
  type: 'review',
  approved: true,
  post,
  reviewerId: 'mod',
  isStaff: true,
  ...over,
});

const approved: HeldPostEvent = {
  type: 'moderation.held_post_reviewed',
  data: { object_id: 'q1', object_type: 'question', decision: 'approved', reviewer_id: 'mod', user_id: 'author' },
};

describe('reviewing a held post', () => {
  it('approves or rejects once, naming the post and its author for posts to publish or drop', () => {
    expect(given().when(review())).toEqual([approved]);
    const [rejected] = given().when(review({ approved: false }));
    expect(rejected?.data).toMatchObject({ decision: 'rejected', object_id: 'q1', user_id: 'author' });
  });

  it('refuses a member who is not a moderator: 403', () => {
    const error = refusal(() => given().when(review({ isStaff: false })));
    expect([error.status, error.messageKey]).toEqual([403, 'error.rank.role_only']);
  });

  it('refuses a review id the queue never held: 404', () => {
    const error = refusal(() => given().when(review({ post: null })));
    expect([error.status, error.messageKey]).toEqual([404, 'error.review.not_found']);
  });

  it('refuses a second decision, and one on what posts already settled (withdrawn by its author): 400', () => {
    const again = refusal(() => given(approved).when(review({ approved: false })));
    expect([again.status, again.reason]).toEqual([400, 'error.review.decided']);
    const settled = refusal(() => given().when(review({ post: { ...post, settled: true } })));
    expect([settled.status, settled.reason]).toEqual([400, 'error.review.decided']);
  });
});
