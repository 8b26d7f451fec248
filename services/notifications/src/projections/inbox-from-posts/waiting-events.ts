import type { StoredEvent, Tx } from '@agora/platform';
import { sql } from 'kysely';
import { type PostFacts, postsById } from './post-index';

/**
 * The posts an event is about, or null when one of another stream (`waitFor`) has not reached this service yet:
 * the event then waits for that post (an answer's event before its question's, when on Kafka another partition
 * ran ahead: docs/adr/0080-one-batch-of-a-group-at-a-time.md) and is applied when the post arrives
 * (`takeWaiting`). A post of the event's own stream (`also`) comes before it, or never: nothing waits for it.
 */
export async function postsOrWait(
  tx: Tx,
  event: StoredEvent,
  waitFor: readonly string[],
  also: readonly string[] = [],
): Promise<Map<string, PostFacts> | null> {
  const posts = await postsById(tx, [...waitFor, ...also]);
  const missing = waitFor.find((id) => !posts.has(id));
  if (missing === undefined) return posts;
  await sql`insert into events_waiting_for_posts (post_id, event_id, event)
            values (${missing}, ${event.id}, ${JSON.stringify(event)}::jsonb)
            on conflict (event_id) do nothing`.execute(tx);
  return null;
}

/** The events that waited for a post, in the order they came, taken off the waiting list. */
export async function takeWaiting(tx: Tx, postId: string): Promise<StoredEvent[]> {
  const { rows } = await sql<{ seq: string; event: StoredEvent }>`
    delete from events_waiting_for_posts where post_id = ${postId} returning seq, event`.execute(tx);
  return rows.sort((a, b) => Number(BigInt(a.seq) - BigInt(b.seq))).map((row) => row.event);
}

/** A purged post's waiting events go with it. */
export async function dropWaiting(tx: Tx, postIds: readonly string[]): Promise<void> {
  await sql`delete from events_waiting_for_posts where post_id = any(${[...postIds]}::text[])`.execute(tx);
}
