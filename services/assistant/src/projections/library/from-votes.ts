import { AnonymousVoteCounted, type EventOf, ObjectPurged, VoteCancelled, VoteCast } from '@agora/contracts';
import { applyInRuns, type BulkApply, type Projection, type StoredEvent, type Tx } from '@agora/platform';
import { sql } from 'kysely';
import { LIBRARY_POST_WRITERS } from './from-posts';

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

/**
 * A run of votes in three statements whatever its length (an import's replay is millions of them): the run's
 * streams as they stand, each stream's last value walked in memory by version as `apply` keeps it, each vote moving
 * its post's count by its difference; then the streams written at once, and each post's count moved by its sum.
 */
const votesInBulk: BulkApply = {
  types: new Set([VoteCast.type, VoteCancelled.type, AnonymousVoteCounted.type]),
  async apply(run, tx) {
    const { rows } = await sql<{ stream_id: string; object_id: string; value: number; version: number }>`
      select stream_id, object_id, value, version from library_votes
      where stream_id = any(${[...new Set(run.map((stored) => stored.streamId))]}::text[])`.execute(tx);
    const streams = new Map(
      rows.map((row) => [row.stream_id, { o: row.object_id, value: row.value, version: row.version }]),
    );
    const kept = new Map<string, { s: string; o: string; v: number; n: number }>();
    const moved = new Map<string, number>();
    for (const stored of run) {
      const event = stored as unknown as Event;
      if (event.type === 'votes.object_purged') continue;
      const stream = streams.get(stored.streamId);
      if (stream && stream.version >= stored.version) continue;
      const value = event.type === 'votes.vote_cancelled' ? 0 : voteValue(event.data.direction);
      const objectId = event.data.object_id;
      moved.set(objectId, (moved.get(objectId) ?? 0) + value - (stream?.value ?? 0));
      // A stream keeps the post it was first written with.
      const o = stream?.o ?? objectId;
      streams.set(stored.streamId, { o, value, version: stored.version });
      kept.set(stored.streamId, { s: stored.streamId, o, v: value, n: stored.version });
    }
    if (kept.size === 0) return;
    await sql`
      insert into library_votes as v (stream_id, object_id, value, version)
      select s, o, v, n from jsonb_to_recordset(${JSON.stringify([...kept.values()])}::jsonb)
        as i(s text, o text, v smallint, n int)
      on conflict (stream_id) do update set value = excluded.value, version = excluded.version
        where v.version < excluded.version`.execute(tx);
    const counts = [...moved].filter(([, by]) => by !== 0).map(([id, by]) => ({ id, by }));
    if (counts.length === 0) return;
    await sql`
      update library_posts p set vote_count = p.vote_count + x.by
      from jsonb_to_recordset(${JSON.stringify(counts)}::jsonb) as x(id text, by int)
      where p.id = x.id`.execute(tx);
  },
};

/** Scores of the library's posts, for `score:` in `get_questions` and the score `get_question` answers. */
export const libraryFromVotes: Projection = {
  name: 'library-from-votes',
  source: 'votes',
  lockGroup: LIBRARY_POST_WRITERS,
  events: [VoteCast, VoteCancelled, AnonymousVoteCounted, ObjectPurged],
  apply,
  applyBatch: (events, tx) => applyInRuns(events, tx, votesInBulk, apply),
  async reset(tx) {
    await sql`truncate library_votes`.execute(tx);
    await sql`update library_posts set vote_count = 0 where vote_count <> 0`.execute(tx);
  },
};
