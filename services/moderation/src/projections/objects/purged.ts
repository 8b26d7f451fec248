import type { Tx } from '@agora/platform';
import { sql } from 'kysely';

/**
 * Forgets purged posts (docs/adr/0078-purging-in-an-event-sourced-system.md): moderation's copies of them and of
 * everything under a purged question, the flags on them, their suggested edits and their held-post reviews.
 */
export async function forgetPurgedPosts(tx: Tx, questionId: string | null, ids: string[]): Promise<void> {
  const { rows } = await sql<{ revision_id: string }>`
    delete from review_items where object_id = any(${ids}::text[]) returning revision_id`.execute(tx);
  const revisions = rows.map((row) => row.revision_id);
  await sql`delete from review_decisions where revision_id = any(${revisions}::text[])`.execute(tx);
  await sql`delete from review_skips where revision_id = any(${revisions}::text[])`.execute(tx);
  await sql`delete from flags where object_id = any(${ids}::text[]) or question_id = ${questionId}`.execute(tx);
  await sql`delete from held_decisions where object_id = any(${ids}::text[])`.execute(tx);
  await sql`delete from held_posts where object_id = any(${ids}::text[]) or question_id = ${questionId}`.execute(tx);
  await sql`delete from moderated_objects where object_id = any(${ids}::text[]) or question_id = ${questionId}`.execute(
    tx,
  );
}

/** Forgets the flags on a purged member (what reporters wrote about them). */
export async function forgetPurgedMember(tx: Tx, userId: string): Promise<void> {
  await sql`delete from flags where object_type = 'user' and object_id = ${userId}`.execute(tx);
}
