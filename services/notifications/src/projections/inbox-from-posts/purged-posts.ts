import type { Tx } from '@agora/platform';
import { sql } from 'kysely';
import { recountUsers } from '../../inbox/counters';

/**
 * Forgets purged posts (docs/adr/0078-purging-in-an-event-sourced-system.md): every notification about them or
 * under a purged question, whatever made it (posts, votes, badges, moderation), and what this projection keeps of
 * them (their titles, authors, followers, new-question notices) and the text of the mails about them; the red dots
 * of those who had such notifications are counted again.
 */
export async function forgetPurgedPosts(tx: Tx, questionId: string | null, ids: string[]): Promise<void> {
  const { rows } = await sql<{ user_id: string }>`
    with gone as (
      delete from notifications where object_id = any(${ids}::text[]) or question_id = ${questionId}
      returning id, user_id
    ), reads as (delete from notification_reads where notification_id in (select id from gone))
    select distinct user_id from gone`.execute(tx);
  await sql`delete from post_index where object_id = any(${ids}::text[]) or question_id = ${questionId}`.execute(tx);
  await sql`delete from vote_notices where object_id = any(${ids}::text[])`.execute(tx);
  // Mails and digest items link to what they tell of by its ids (unique 23-digit numbers): those of purged posts
  // keep only their keys, so that a replay queues none again, and the ones not sent yet never go.
  const mentions = sql`exists (select 1 from unnest(${ids}::text[]) as gone(id)`;
  await sql`
    update mail_outbox set subject = '', text_body = '', html_body = '', last_error = null,
      status = case when status = 'pending' then 'failed' else status end
    where ${mentions} where strpos(mail_outbox.text_body, gone.id) > 0)`.execute(tx);
  await sql`
    update digest_items set sent_at = coalesce(sent_at, now()),
      payload = jsonb_build_object('kind', payload -> 'kind', 'actorName', '', 'title', '', 'link', '', 'excerpt', '',
                                   'tags', '[]'::jsonb)
    where ${mentions} where strpos(digest_items.payload::text, gone.id) > 0)`.execute(tx);
  if (questionId) {
    await sql`delete from question_followers where question_id = ${questionId}`.execute(tx);
    await sql`delete from new_question_notices where question_id = ${questionId}`.execute(tx);
  }
  await recountUsers(
    tx,
    rows.map((row) => row.user_id),
  );
}
