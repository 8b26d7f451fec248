import type { EventOf, ObjectPurged } from '@agora/contracts';
import type { StoredEvent, Tx } from '@agora/platform';
import { sql } from 'kysely';

/** A purged post's votes, bookmarks and reactions are void: their rows go (`votes.object_purged`). */
export async function applyObjectPurged(tx: Tx, event: StoredEvent): Promise<void> {
  if (event.type !== 'votes.object_purged') return;
  const { object_id } = (event as unknown as EventOf<typeof ObjectPurged>).data;
  for (const table of ['votes', 'anonymous_vote_counts', 'bookmarks', 'reactions']) {
    await sql`delete from ${sql.table(table)} where object_id = ${object_id}`.execute(tx);
  }
}
