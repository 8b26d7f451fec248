import type { Tx } from '@agora/platform';
import { sql } from 'kysely';

/** What notifications keeps per member, by the column that names them. */
const MEMBER_ROWS: [table: string, column: string][] = [
  ['notification_reads', 'user_id'],
  ['notifications', 'user_id'],
  ['notification_counters', 'user_id'],
  ['notification_settings', 'user_id'],
  ['digest_items', 'user_id'],
  ['digest_state', 'user_id'],
  ['new_question_notices', 'user_id'],
  ['tag_follows', 'user_id'],
  ['question_followers', 'user_id'],
  ['vote_notices', 'voter_id'],
];

/**
 * Forgets a purged member (docs/adr/0078-purging-in-an-event-sourced-system.md): their inbox, settings, follows
 * and digests go; the mails queued or sent to them or naming them, and others' digest items naming them, keep
 * only their keys (so a replay queues none again), the ones not sent yet never go; and one `purged` mark stays, an id only, so that no replay gives them anything.
 * Notifications others got of their acts stay, showing a gone member's card.
 */
export async function forgetPurgedMember(tx: Tx, userId: string, eventId: string, at: string): Promise<void> {
  for (const [table, column] of MEMBER_ROWS) {
    await sql`delete from ${sql.table(table)} where ${sql.ref(column)} = ${userId}`.execute(tx);
  }
  await sql`
    update mail_outbox set recipient = '', subject = '', text_body = '', html_body = '', last_error = null,
      status = case when status = 'pending' then 'failed' else status end
    where user_id = ${userId} or about_user_ids @> array[${userId}]::text[]`.execute(tx);
  await sql`
    update digest_items set sent_at = coalesce(sent_at, now()),
      payload = jsonb_build_object('kind', payload -> 'kind', 'actorName', '', 'title', '', 'link', '', 'excerpt', '',
                                   'tags', '[]'::jsonb)
    where payload ->> 'actorId' = ${userId}`.execute(tx);
  await sql`delete from recipient_status where user_id = ${userId}`.execute(tx);
  await sql`insert into recipient_status (event_id, user_id, at, status) values (${eventId}, ${userId}, ${at}::timestamptz, 'purged')
            on conflict (event_id) do nothing`.execute(tx);
}
