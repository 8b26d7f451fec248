import type { Tx } from '@agora/platform';
import { sql } from 'kysely';

/**
 * Drops every posts row of purged posts (docs/adr/0078-purging-in-an-event-sourced-system.md): the posts
 * themselves, their tags, revisions, timelines, follows and links, the comments under them; nothing of
 * them is left to show, count or search. `questionId` is set when a whole question goes.
 */
export async function dropPurgedPosts(
  tx: Tx,
  purged: { questionId?: string; answerIds: string[]; commentIds: string[] },
): Promise<void> {
  const { questionId = null, answerIds, commentIds } = purged;
  const posts = [...(questionId ? [questionId] : []), ...answerIds];
  const objects = [...posts, ...commentIds];
  await sql`delete from comments where id = any(${commentIds}::text[]) or object_id = any(${posts}::text[])
              or question_id = ${questionId}`.execute(tx);
  await sql`delete from answers where id = any(${answerIds}::text[]) or question_id = ${questionId}`.execute(tx);
  await sql`delete from revisions where object_id = any(${posts}::text[])`.execute(tx);
  await sql`delete from activity where object_id = any(${objects}::text[])
              or original_object_id = any(${objects}::text[])`.execute(tx);
  await sql`delete from question_links where from_post_id = any(${posts}::text[]) or from_question_id = ${questionId}
              or to_question_id = ${questionId}`.execute(tx);
  if (!questionId) return;
  await sql`delete from question_follows where question_id = ${questionId}`.execute(tx);
  await sql`delete from question_tags where question_id = ${questionId}`.execute(tx);
  await sql`delete from questions where id = ${questionId}`.execute(tx);
}
