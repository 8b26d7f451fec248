import type { Tx } from '@agora/platform';
import { sql } from 'kysely';

/**
 * The lock group (Projection.lockGroup) of the projections that write `search_posts` rows (posts' events,
 * and tag changes that index a tag's questions again): many rows per batch, so they take turns.
 */
export const SEARCH_POST_WRITERS = 'search_posts';

/** The columns that put a document in line for the index with a new version (indexing/feeder). */
export const TOUCH = sql`dirty = true, seq = nextval('search_change_seq')`;

/** The answers of a question carry its tags, visibility and accepted answer: they are indexed again with it. */
export async function touchAnswersOf(tx: Tx, questionIds: string[]): Promise<void> {
  if (questionIds.length === 0) return;
  await sql`update search_posts set ${TOUCH} where type = 'answer' and question_id = any(${questionIds})`.execute(tx);
}

export async function touchPost(tx: Tx, id: string): Promise<void> {
  await sql`update search_posts set ${TOUCH} where id = ${id}`.execute(tx);
}
