import { createHash } from 'node:crypto';
import { AnonymousVoteCounted, VoteCast } from '@agora/contracts';
import type { ImportedVote, ImportRecord, ImportTally } from '@agora/contracts/import/records';
import { type ImportedEvent, skip } from '@agora/platform';
import { voteStreamId } from '../domain/vote/decider';
import type { PostFacts } from './imported-posts';

/**
 * Where a vote without a voter is written: by the source's number for it, else by its place in its batch (the
 * launcher cuts a kind's records into the same batches on every run, docs/adr/0094-importing-a-community.md), so that
 * writing a batch again finds each of them written.
 */
function anonymousStreamId(vote: ImportedVote, batchDigest: string, index: number): string {
  return `anonymous-vote-${vote.id ?? `${batchDigest}-${index}`}`;
}

/** A digest of a batch's records, in order. */
export const digestOf = (records: ImportRecord[]) =>
  createHash('sha256').update(JSON.stringify(records)).digest('hex').slice(0, 24);

/**
 * Votes as events with their original times: a member's vote on its (voter, post) stream, as a vote cast live is;
 * a vote the source counted without its voter as `votes.anonymous_vote_counted`, which counts on the post only.
 */
export function voteEvents(
  votes: ImportedVote[],
  posts: Map<string, PostFacts>,
  batchDigest: string,
  tally: ImportTally,
): ImportedEvent[] {
  const events: ImportedEvent[] = [];
  const seen = new Set<string>();
  votes.forEach((vote, index) => {
    const post = posts.get(vote.object_id);
    if (!post) {
      skip(tally, 'no such post: the vote is on a post that was not imported');
      return;
    }
    if (post.objectType === 'comment' && vote.direction === 'down') {
      skip(tally, 'a down-vote on a comment: comments take up-votes only');
      return;
    }
    const facts = { object_id: vote.object_id, object_type: post.objectType, question_id: post.questionId };
    const streamId = vote.voter_id
      ? voteStreamId(vote.object_id, vote.voter_id)
      : anonymousStreamId(vote, batchDigest, index);
    if (seen.has(streamId)) {
      skip(tally, "a member's second vote on one post");
      return;
    }
    seen.add(streamId);
    tally.imported += 1;
    events.push(
      vote.voter_id
        ? {
            streamId,
            version: 1,
            type: VoteCast.type,
            data: { ...facts, user_id: vote.voter_id, owner_id: post.ownerId, direction: vote.direction },
            occurredAt: vote.created_at,
            actorId: vote.voter_id,
          }
        : {
            streamId,
            version: 1,
            type: AnonymousVoteCounted.type,
            data: { ...facts, owner_id: post.ownerId, direction: vote.direction },
            occurredAt: vote.created_at,
            actorId: null,
          },
    );
  });
  return events;
}
