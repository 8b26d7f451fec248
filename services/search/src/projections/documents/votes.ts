import {
  AnonymousVoteCounted,
  BookmarkToggled,
  type EventOf,
  ObjectPurged,
  objectTypeOf,
  VoteCancelled,
  VoteCast,
} from '@agora/contracts';
import { applyInRuns, type BulkApply, type Projection, type StoredEvent, type Tx } from '@agora/platform';
import { sql } from 'kysely';
import { TOUCH, touchPost } from './changes';

type Event =
  | EventOf<typeof VoteCast>
  | EventOf<typeof VoteCancelled>
  | EventOf<typeof AnonymousVoteCounted>
  | EventOf<typeof BookmarkToggled>;

/**
 * Vote and bookmark counts of questions and answers, from the votes service's events. Each voter's
 * vote on a post is kept as a value with its stream version (each voter and post is one stream), so
 * a repeated or late event changes nothing; counts are sums of those values. The counts live beside
 * the posts, so a vote that arrives before its post's own events is not lost. An imported vote without a voter
 * is kept under its own stream's id in place of a voter's.
 */
async function apply(stored: StoredEvent, tx: Tx): Promise<void> {
  if (stored.type === ObjectPurged.type) {
    // The votes on a purged post are void (docs/adr/0078-purging-in-an-event-sourced-system.md).
    const objectId = (stored.data as { object_id: string }).object_id;
    for (const table of ['search_votes', 'search_bookmarks', 'search_post_counts']) {
      await sql`delete from ${sql.table(table)} where object_id = ${objectId}`.execute(tx);
    }
    return;
  }
  const event = stored as unknown as Event;
  const type = objectTypeOf(event.data.object_id);
  if (type !== 'question' && type !== 'answer') return;
  const objectId = event.data.object_id;
  if (event.type === 'votes.bookmark_toggled') {
    if (type !== 'question') return;
    await sql`
      insert into search_bookmarks (object_id, user_id, bookmarked) values (${objectId}, ${event.data.user_id}, ${event.data.bookmarked})
      on conflict (object_id, user_id) do update set bookmarked = excluded.bookmarked`.execute(tx);
    await sql`
      insert into search_post_counts (object_id, collection_count)
      values (${objectId}, (select count(*) from search_bookmarks where object_id = ${objectId} and bookmarked))
      on conflict (object_id) do update set collection_count = excluded.collection_count`.execute(tx);
    return;
  }
  const cast = event.type === 'votes.vote_cast' || event.type === 'votes.anonymous_vote_counted';
  const value = cast ? (event.data.direction === 'up' ? 1 : -1) : 0;
  const voter = voterOf(stored, event);
  const { rows } = await sql`
    insert into search_votes (object_id, user_id, value, version)
    values (${objectId}, ${voter}, ${value}, ${stored.version})
    on conflict (object_id, user_id) do update set value = excluded.value, version = excluded.version
      where search_votes.version < excluded.version
    returning object_id`.execute(tx);
  if (rows.length === 0) return;
  await sql`
    insert into search_post_counts (object_id, vote_count)
    values (${objectId}, (select coalesce(sum(value), 0) from search_votes where object_id = ${objectId}))
    on conflict (object_id) do update set vote_count = excluded.vote_count`.execute(tx);
  await touchPost(tx, objectId);
}

/** Who a vote event is of: the voter, or an imported anonymous vote's own stream. */
function voterOf(stored: StoredEvent, event: Event): string {
  return event.type === 'votes.anonymous_vote_counted' ? stored.streamId : event.data.user_id;
}

/**
 * A run of votes and bookmarks in four statements whatever its length (an import's replay is millions of them):
 * each voter's last value per post and each member's last bookmark state, then the counts of the posts they
 * touched summed again, as `apply` leaves them one at a time.
 */
const votesInBulk: BulkApply = {
  types: new Set([VoteCast.type, VoteCancelled.type, AnonymousVoteCounted.type, BookmarkToggled.type]),
  async apply(run, tx) {
    const votes = new Map<string, { o: string; u: string; v: number; n: number }>();
    const bookmarks = new Map<string, { o: string; u: string; b: boolean }>();
    for (const stored of run) {
      const event = stored as unknown as Event;
      const objectId = event.data.object_id;
      const type = objectTypeOf(objectId);
      if (event.type === 'votes.bookmark_toggled') {
        if (type === 'question') {
          const user = event.data.user_id;
          bookmarks.set(`${objectId} ${user}`, { o: objectId, u: user, b: event.data.bookmarked });
        }
        continue;
      }
      if (type !== 'question' && type !== 'answer') continue;
      const cast = event.type === 'votes.vote_cast' || event.type === 'votes.anonymous_vote_counted';
      const voter = voterOf(stored, event);
      const key = `${objectId} ${voter}`;
      if ((votes.get(key)?.n ?? -1) >= stored.version) continue;
      const value = cast ? (event.data.direction === 'up' ? 1 : -1) : 0;
      votes.set(key, { o: objectId, u: voter, v: value, n: stored.version });
    }
    if (votes.size > 0) {
      const { rows } = await sql<{ object_id: string }>`
        insert into search_votes (object_id, user_id, value, version)
        select o, u, v, n from jsonb_to_recordset(${JSON.stringify([...votes.values()])}::jsonb)
          as i(o text, u text, v smallint, n int)
        on conflict (object_id, user_id) do update set value = excluded.value, version = excluded.version
          where search_votes.version < excluded.version
        returning object_id`.execute(tx);
      const changed = [...new Set(rows.map((row) => row.object_id))];
      if (changed.length > 0) {
        await sql`
          insert into search_post_counts (object_id, vote_count)
          select object_id, sum(value) from search_votes where object_id = any(${changed}) group by object_id
          on conflict (object_id) do update set vote_count = excluded.vote_count`.execute(tx);
        await sql`update search_posts set ${TOUCH} where id = any(${changed})`.execute(tx);
      }
    }
    if (bookmarks.size > 0) {
      const rows = [...bookmarks.values()];
      await sql`
        insert into search_bookmarks (object_id, user_id, bookmarked)
        select o, u, b from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as i(o text, u text, b boolean)
        on conflict (object_id, user_id) do update set bookmarked = excluded.bookmarked`.execute(tx);
      const questions = [...new Set(rows.map((row) => row.o))];
      await sql`
        insert into search_post_counts (object_id, collection_count)
        select q, (select count(*) from search_bookmarks where object_id = q and bookmarked)
        from unnest(${questions}::text[]) as q
        on conflict (object_id) do update set collection_count = excluded.collection_count`.execute(tx);
    }
  },
};

export const voteCountsProjection: Projection = {
  name: 'search-votes',
  source: 'votes',
  events: [VoteCast, VoteCancelled, AnonymousVoteCounted, BookmarkToggled, ObjectPurged],
  apply,
  applyBatch: (events, tx) => applyInRuns(events, tx, votesInBulk, apply),
  async reset(tx) {
    await sql`truncate search_votes, search_bookmarks, search_post_counts`.execute(tx);
  },
};
