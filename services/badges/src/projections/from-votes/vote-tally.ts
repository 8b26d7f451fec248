import { badgesOfRule, type VoteCast } from '@agora/contracts';
import type { StoredEvent, Tx } from '@agora/platform';
import { sql } from 'kysely';
import type { Static } from 'typebox';

export type Vote = Static<typeof VoteCast.data>;

const FIRST_UPVOTE = badgesOfRule('up_vote').map((b) => b.id);

export interface TallyOutcome {
  /** False for an event of the stream seen already (a redelivery): it changes nothing. */
  fresh: boolean;
  /** The post's up-votes after the event (questions and answers only). */
  upVotes: number | null;
  /** The per-post badges its author holds for it already. */
  heldForPost: string[];
  /** The voter holds "First Upvote" already. */
  voterHasFirst: boolean;
}

/**
 * One vote event in one statement: the stream's version moves on (so a redelivered event counts once),
 * the post's up-votes change by what the event does to them, and what the rules need to know comes back:
 * the badges already held for that post and by the voter.
 */
export async function tallyVote(tx: Tx, event: StoredEvent, delta: number): Promise<TallyOutcome> {
  const vote = event.data as Vote;
  const counted = vote.object_type !== 'comment' && delta !== 0;
  const { rows } = await sql<{ fresh: boolean; up_votes: number | null; held: string[]; voter_has_first: boolean }>`
    with fresh as (
      insert into vote_versions as v (stream_id, version) values (${event.streamId}, ${event.version})
      on conflict (stream_id) do update set version = excluded.version where v.version < excluded.version
      returning 1),
    tally as (
      insert into post_tallies as t (object_id, up_votes)
      select ${vote.object_id}, ${delta}::int from fresh where ${counted}
      on conflict (object_id) do update set up_votes = t.up_votes + excluded.up_votes
      returning up_votes)
    select exists (select 1 from fresh) as fresh,
      (select up_votes from tally) as up_votes,
      array(select badge_id from badge_awards where award_key = ${vote.object_id} and user_id = ${vote.owner_id}) as held,
      exists (select 1 from badge_awards where badge_id = any(${FIRST_UPVOTE}::text[]) and user_id = ${vote.user_id}
              and award_key = '') as voter_has_first`.execute(tx);
  const row = rows[0]!;
  return { fresh: row.fresh, upVotes: row.up_votes, heldForPost: row.held, voterHasFirst: row.voter_has_first };
}

export async function resetTallies(tx: Tx): Promise<void> {
  await sql`truncate vote_versions, post_tallies`.execute(tx);
}
