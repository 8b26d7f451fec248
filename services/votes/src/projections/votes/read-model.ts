import type { AnonymousVoteCounted, BookmarkToggled, EventOf, VoteCancelled, VoteCast } from '@agora/contracts';
import type { BulkApply, InlineWrites, PendingEvent, StoredEvent, Tx } from '@agora/platform';
import { type RawBuilder, sql } from 'kysely';

type VoteEvent = EventOf<typeof VoteCast> | EventOf<typeof VoteCancelled>;
type Cast = EventOf<typeof VoteCast>['data'];

/** A cast vote's row: one per (object, voter), its direction replaced by a later cast. */
const castVoteRow = (d: Cast, at: RawBuilder<unknown> | string) => sql`
  insert into votes (object_id, user_id, direction, object_type, question_id, owner_id, voted_at)
  values (${d.object_id}, ${d.user_id}, ${d.direction === 'up' ? 1 : -1}, ${d.object_type}, ${d.question_id},
          ${d.owner_id}, ${at})
  on conflict (object_id, user_id) do update set direction = excluded.direction, voted_at = excluded.voted_at`;

export interface VoteCounts {
  up: number;
  down: number;
}

/** An object's active up and down votes, as one row: its voters' and those a source counted without them. */
export const voteCountsOf = (objectId: string) => sql<VoteCounts>`
  select (count(*) filter (where direction = 1) + coalesce(max(n.up), 0))::int as up,
         (count(*) filter (where direction = -1) + coalesce(max(n.down), 0))::int as down
  from (select 1) as one
  left join votes v on v.object_id = ${objectId}
  left join anonymous_vote_counts n on n.object_id = ${objectId}`;

/**
 * A member's first vote on a post as writes of the append's own statement (`projectInStatement`): its row, and
 * the object's counts as they were, which the caller adds the vote to. Null for anything else (a vote replaced
 * or taken back), which `applyVoteOrBookmark` applies in the append's transaction.
 */
export function firstVoteWritesInStatement(events: PendingEvent[]): InlineWrites | null {
  const [event] = events;
  if (events.length !== 1 || event?.type !== 'votes.vote_cast') return null;
  const d = event.data as Cast;
  return {
    ctes: sql`cast_vote as (${castVoteRow(d, sql`now()`)})`,
    // The statement's snapshot does not see its own row: the counts before this vote.
    returning: sql`(select to_json(counts) from (${voteCountsOf(d.object_id)}) counts)`,
  };
}

/**
 * `votes` and `bookmarks`: one row per active vote and per bookmark, from the (user, object) streams; and the votes
 * without a voter, counted per post.
 */
export async function applyVoteOrBookmark(tx: Tx, event: StoredEvent): Promise<void> {
  switch (event.type) {
    case 'votes.vote_cast': {
      await castVoteRow((event as unknown as EventOf<typeof VoteCast>).data, event.occurredAt).execute(tx);
      return;
    }
    case 'votes.vote_cancelled': {
      const d = (event as unknown as VoteEvent).data;
      await sql`delete from votes where object_id = ${d.object_id} and user_id = ${d.user_id}
                and direction = ${d.direction === 'up' ? 1 : -1}`.execute(tx);
      return;
    }
    case 'votes.anonymous_vote_counted': {
      const d = (event as unknown as EventOf<typeof AnonymousVoteCounted>).data;
      const up = d.direction === 'up' ? 1 : 0;
      await sql`
        insert into anonymous_vote_counts as c (object_id, up, down) values (${d.object_id}, ${up}, ${1 - up})
        on conflict (object_id) do update set up = c.up + excluded.up, down = c.down + excluded.down`.execute(tx);
      return;
    }
    case 'votes.bookmark_toggled': {
      const d = (event as unknown as EventOf<typeof BookmarkToggled>).data;
      if (d.bookmarked) {
        await sql`
          insert into bookmarks (object_id, user_id, object_type, question_id, created_at)
          values (${d.object_id}, ${d.user_id}, ${d.object_type}, ${d.question_id}, ${event.occurredAt})
          on conflict (object_id, user_id) do nothing`.execute(tx);
      } else {
        await sql`delete from bookmarks where object_id = ${d.object_id} and user_id = ${d.user_id}`.execute(tx);
      }
      return;
    }
  }
}

export async function resetVotesAndBookmarks(tx: Tx): Promise<void> {
  await sql`truncate votes, bookmarks, anonymous_vote_counts`.execute(tx);
}

type Anonymous = EventOf<typeof AnonymousVoteCounted>['data'];

/**
 * Runs of cast votes and votes counted without a voter (an import's millions of them, docs/capacity.md §9) in two
 * statements: each (object, voter)'s row as the run's casts leave it (its facts from the first, direction and time
 * from the last, as `castVoteRow`'s upsert keeps them), and each object's anonymous counts summed.
 */
export const votesInBulk: BulkApply = {
  types: new Set(['votes.vote_cast', 'votes.anonymous_vote_counted']),
  async apply(run, tx) {
    const casts = new Map<string, { o: string; u: string; d: number; t: string; q: string; w: string; at: string }>();
    const anonymous = new Map<string, { o: string; up: number; down: number }>();
    for (const event of run) {
      if (event.type === 'votes.vote_cast') {
        const d = event.data as Cast;
        const key = `${d.object_id} ${d.user_id}`;
        const first = casts.get(key);
        const direction = d.direction === 'up' ? 1 : -1;
        casts.set(
          key,
          first
            ? { ...first, d: direction, at: event.occurredAt }
            : {
                o: d.object_id,
                u: d.user_id,
                d: direction,
                t: d.object_type,
                q: d.question_id,
                w: d.owner_id,
                at: event.occurredAt,
              },
        );
        continue;
      }
      const d = event.data as Anonymous;
      const counts = anonymous.get(d.object_id) ?? { o: d.object_id, up: 0, down: 0 };
      if (d.direction === 'up') counts.up += 1;
      else counts.down += 1;
      anonymous.set(d.object_id, counts);
    }
    if (casts.size > 0) {
      await sql`
        insert into votes (object_id, user_id, direction, object_type, question_id, owner_id, voted_at)
        select o, u, d, t, q, w, at from jsonb_to_recordset(${JSON.stringify([...casts.values()])}::jsonb)
          as i(o text, u text, d smallint, t text, q text, w text, at timestamptz)
        on conflict (object_id, user_id) do update set direction = excluded.direction, voted_at = excluded.voted_at`.execute(
        tx,
      );
    }
    if (anonymous.size > 0) {
      await sql`
        insert into anonymous_vote_counts as c (object_id, up, down)
        select o, up, down from jsonb_to_recordset(${JSON.stringify([...anonymous.values()])}::jsonb)
          as i(o text, up int, down int)
        on conflict (object_id) do update set up = c.up + excluded.up, down = c.down + excluded.down`.execute(tx);
    }
  },
};
