import { badgesOfRule } from '@agora/contracts';
import { first, type Tx } from '@agora/platform';
import { sql } from 'kysely';
import { heldKey, type VoteInput, type VoteRuleState } from '../../domain/rules/vote-fold';

const FIRST_UPVOTE = badgesOfRule('up_vote').map((b) => b.id);
const PER_POST = new Map(badgesOfRule('up_votes').map((b) => [b.id, b]));

/**
 * What the rules know of a batch's vote streams and posts, in one statement: the streams' versions, the
 * posts' up-votes, the per-post badges held for them, and which voters hold "First Upvote".
 */
export async function loadVoteRuleState(tx: Tx, votes: readonly VoteInput[]): Promise<VoteRuleState> {
  const streams = [...new Set(votes.map((v) => v.streamId))];
  const posts = [...new Set(votes.map((v) => v.objectId))];
  const voters = [...new Set(votes.map((v) => v.voterId))];
  const { rows } = await sql<{
    versions: Record<string, number>;
    tallies: Record<string, number>;
    held: [string, string, string][];
    first: string[];
  }>`
    select
      (select coalesce(jsonb_object_agg(stream_id, version), '{}') from vote_versions
        where stream_id = any(${streams}::text[])) as versions,
      (select coalesce(jsonb_object_agg(object_id, up_votes), '{}') from post_tallies
        where object_id = any(${posts}::text[])) as tallies,
      (select coalesce(jsonb_agg(jsonb_build_array(award_key, user_id, badge_id)), '[]') from badge_awards
        where award_key = any(${posts}::text[])) as held,
      (select coalesce(jsonb_agg(user_id), '[]') from badge_awards
        where badge_id = any(${FIRST_UPVOTE}::text[]) and award_key = '' and user_id = any(${voters}::text[])) as first`.execute(
    tx,
  );
  const row = first(rows, 'the vote tally');
  const heldForPosts = new Set<string>();
  for (const [post, owner, badgeId] of row.held) {
    const badge = PER_POST.get(badgeId);
    if (badge) heldForPosts.add(heldKey(post, owner, badge));
  }
  return {
    versions: new Map(Object.entries(row.versions)),
    upVotes: new Map(Object.entries(row.tallies)),
    heldForPosts,
    firstUpvoteHolders: new Set(row.first),
  };
}

/** The versions and up-votes a fold moved, written back in one statement. */
export async function saveVoteRuleState(
  tx: Tx,
  state: VoteRuleState,
  changed: { streams: ReadonlySet<string>; posts: ReadonlySet<string> },
): Promise<void> {
  if (changed.streams.size === 0) return;
  const versions = JSON.stringify([...changed.streams].map((s) => ({ s, v: state.versions.get(s) })));
  const tallies = JSON.stringify([...changed.posts].map((p) => ({ p, n: state.upVotes.get(p) })));
  await sql`
    with versions as (
      insert into vote_versions as t (stream_id, version)
      select s, v from jsonb_to_recordset(${versions}::jsonb) as i(s text, v int)
      on conflict (stream_id) do update set version = excluded.version
      returning 1)
    insert into post_tallies as t (object_id, up_votes)
    select p, n from jsonb_to_recordset(${tallies}::jsonb) as i(p text, n int)
    on conflict (object_id) do update set up_votes = excluded.up_votes`.execute(tx);
}

export async function resetTallies(tx: Tx): Promise<void> {
  await sql`truncate vote_versions, post_tallies`.execute(tx);
}
