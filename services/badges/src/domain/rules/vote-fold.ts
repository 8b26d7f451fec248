import type { BadgeDefinition } from '@agora/contracts';
import { type AwardIntent, awardsFor } from './award-rules';
import { postObject } from './facts';

/** One vote event as the rules read it: its stream's version, and whether it casts or takes back the vote. */
export interface VoteInput {
  streamId: string;
  version: number;
  kind: 'cast' | 'cancel';
  objectId: string;
  objectType: 'question' | 'answer' | 'comment';
  questionId: string;
  voterId: string;
  ownerId: string;
  direction: 'up' | 'down';
  /**
   * Came in by an import (docs/adr/0094-importing-a-community.md): counted, so that later votes reach the thresholds
   * from the post's whole count, but earning nothing itself: the source's awards come in as records.
   */
  imported?: boolean;
}

/** What the rules know before a batch of votes: read from the read model for the batch's streams and posts. */
export interface VoteRuleState {
  /** The last version applied of each vote stream (absent: none yet). */
  versions: Map<string, number>;
  /** Up-votes of each question and answer. */
  upVotes: Map<string, number>;
  /** The per-post badges held: `${postId} ${ownerId} ${badgeId}`. */
  heldForPosts: Set<string>;
  /** Members holding "First Upvote". */
  firstUpvoteHolders: Set<string>;
}

export const heldKey = (postId: string, ownerId: string, badge: BadgeDefinition) => `${postId} ${ownerId} ${badge.id}`;

/**
 * Votes in order, against what the rules knew before them (pure): each event of a stream is counted once
 * (a redelivered one, at a version seen already, changes nothing); an up-vote cast or taken back moves its
 * post's count; and each event names the awards it may earn, for the award commands to check (active at
 * the event's time, not held) and make, the first that qualifies of each. The state is updated in place;
 * `at` is the index of the event that earned an intent, so that its time is the award's, however the
 * events were batched.
 */
export function foldVotes(
  state: VoteRuleState,
  votes: readonly VoteInput[],
): { intents: { intent: AwardIntent; at: number }[]; streams: Set<string>; posts: Set<string> } {
  const intents: { intent: AwardIntent; at: number }[] = [];
  const streams = new Set<string>();
  const posts = new Set<string>();
  votes.forEach((vote, at) => {
    if ((state.versions.get(vote.streamId) ?? 0) >= vote.version) return;
    state.versions.set(vote.streamId, vote.version);
    streams.add(vote.streamId);
    const on = postObject(vote.objectType, vote.objectId, vote.questionId);
    if (
      vote.kind === 'cast' &&
      vote.direction === 'up' &&
      !vote.imported &&
      !state.firstUpvoteHolders.has(vote.voterId)
    ) {
      for (const intent of awardsFor({ kind: 'up_vote_cast', voterId: vote.voterId, on })) intents.push({ intent, at });
    }
    if (vote.objectType === 'comment' || vote.direction !== 'up') return;
    const upVotes = (state.upVotes.get(vote.objectId) ?? 0) + (vote.kind === 'cast' ? 1 : -1);
    state.upVotes.set(vote.objectId, upVotes);
    posts.add(vote.objectId);
    if (vote.imported) return;
    const earned = awardsFor({
      kind: 'up_votes_counted',
      ownerId: vote.ownerId,
      objectType: vote.objectType,
      upVotes,
      on,
    });
    for (const intent of earned) {
      if (!state.heldForPosts.has(heldKey(vote.objectId, vote.ownerId, intent.badge))) intents.push({ intent, at });
    }
  });
  return { intents, streams, posts };
}
