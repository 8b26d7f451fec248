import { AnonymousVoteCounted, type EventOf, ObjectPurged, VoteCancelled, VoteCast } from '@agora/contracts';
import type { Projection, StoredEvent, Tx } from '@agora/platform';
import { sql } from 'kysely';

type Event =
  | EventOf<typeof VoteCast>
  | EventOf<typeof VoteCancelled>
  | EventOf<typeof AnonymousVoteCounted>
  | EventOf<typeof ObjectPurged>;

const voteValue = (direction: 'up' | 'down') => (direction === 'up' ? 1 : -1);

/**
 * A post's score: each (voter, post) stream's current vote kept with its version, so a vote delivered twice
 * counts once, and the post's count moved by the difference.
 */
async function apply(stored: StoredEvent, tx: Tx): Promise<void> {
  const event = stored as unknown as Event;
  if (event.type === 'votes.object_purged') {
    await sql`delete from library_votes where object_id = ${event.data.object_id}`.execute(tx);
    return;
  }
  const value = event.type === 'votes.vote_cancelled' ? 0 : voteValue(event.data.direction);
  await sql`
    with before as (select value from library_votes where stream_id = ${stored.streamId}),
    kept as (
      insert into library_votes as v (stream_id, object_id, value, version)
      values (${stored.streamId}, ${event.data.object_id}, ${value}, ${stored.version})
      on conflict (stream_id) do update set value = excluded.value, version = excluded.version
        where v.version < excluded.version
      returning value)
    update library_posts set vote_count = vote_count + (select value from kept) - coalesce((select value from before), 0)
    where id = ${event.data.object_id} and exists (select 1 from kept)`.execute(tx);
}

/** Scores of the library's posts, for `score:` in `get_questions` and the score `get_question` answers. */
export const libraryFromVotes: Projection = {
  name: 'library-from-votes',
  source: 'votes',
  events: [VoteCast, VoteCancelled, AnonymousVoteCounted, ObjectPurged],
  apply,
  async reset(tx) {
    await sql`truncate library_votes`.execute(tx);
    await sql`update library_posts set vote_count = 0 where vote_count <> 0`.execute(tx);
  },
};
