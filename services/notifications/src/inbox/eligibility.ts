import { MailStatusSql } from '@agora/platform';
import { sql } from 'kysely';

/**
 * SQL for whether a user could receive notifications when an event happened: not deleted, not within a
 * suspension. Read from this service's own record of identity's status events, at the event's time,
 * so that replaying the events later decides as live did. A purged member receives nothing ever, a replay
 * of events from before the purge included (docs/adr/0078-purging-in-an-event-sourced-system.md).
 */
export function RECEIVES_AT(userId: string, at: string) {
  return sql<boolean>`not exists (select 1 from recipient_status where user_id = ${userId} and status = 'purged')
    and not exists (
    select 1 from (select status, until from recipient_status
                   where user_id = ${userId} and at <= ${at}::timestamptz order by at desc limit 1) as last
    where last.status = 'deleted' or (last.status = 'suspended' and (last.until is null or last.until > ${at}::timestamptz)))`;
}

/** SQL for "this actor row may be mailed now": active, e-mail verified and known, not suspended or deleted. */
export const MAILABLE = sql`(a.mail_status = ${MailStatusSql.activated} and a.email <> ''
  and (a.status = 'normal' or (a.status = 'suspended' and a.suspended_until <= now())))`;
