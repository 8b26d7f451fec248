import type { BookmarkToggled, EventOf, VoteCancelled, VoteCast } from '@agora/contracts';
import type { StoredEvent, Tx } from '@agora/platform';
import { sql } from 'kysely';

type VoteEvent = EventOf<typeof VoteCast> | EventOf<typeof VoteCancelled>;

/** `votes` and `bookmarks`: one row per active vote and per bookmark, from the (user, object) streams. */
export async function applyVoteOrBookmark(tx: Tx, event: StoredEvent): Promise<void> {
  switch (event.type) {
    case 'votes.vote_cast': {
      const d = (event as unknown as VoteEvent).data;
      await sql`
        insert into votes (object_id, user_id, direction, object_type, question_id, owner_id, voted_at)
        values (${d.object_id}, ${d.user_id}, ${d.direction === 'up' ? 1 : -1}, ${d.object_type}, ${d.question_id},
                ${d.owner_id}, ${event.occurredAt})
        on conflict (object_id, user_id) do update set direction = excluded.direction, voted_at = excluded.voted_at`.execute(
        tx,
      );
      return;
    }
    case 'votes.vote_cancelled': {
      const d = (event as unknown as VoteEvent).data;
      await sql`delete from votes where object_id = ${d.object_id} and user_id = ${d.user_id}
                and direction = ${d.direction === 'up' ? 1 : -1}`.execute(tx);
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
  await sql`truncate votes, bookmarks`.execute(tx);
}
