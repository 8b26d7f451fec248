import { holdReputation, MailStatusSql, type StoredEvent, type Tx } from '@agora/platform';
import { sql } from 'kysely';
import type { UserEvent } from '../../domain/user/decider';

/** A member's live posts of a kind, as posts' events told them (projections/member-posts), for a rebuild. */
const memberCount = (userId: string, kind: 'question' | 'answer') =>
  sql`(select count(*)::int from member_posts where user_id = ${userId} and kind = ${kind} and live)`;

/**
 * Everything identity keeps of a purged member goes: the account, its password, sessions, link codes,
 * external logins and post counts (docs/adr/0078-purging-in-an-event-sourced-system.md).
 */
async function dropPurgedUser(tx: Tx, userId: string) {
  for (const table of ['credentials', 'sessions', 'account_codes', 'external_logins', 'member_posts', 'users']) {
    await sql`delete from ${sql.table(table)} where user_id = ${userId}`.execute(tx);
  }
}

/** Applies a user event to `users`, inside the command's transaction. */
export async function applyUserEvent(tx: Tx, stored: StoredEvent): Promise<void> {
  const event = stored as unknown as UserEvent & { occurredAt: string };
  const at = stored.occurredAt;
  const set = async (userId: string, assignments: ReturnType<typeof sql>) => {
    await sql`update users set ${assignments}, changed_at = ${at} where user_id = ${userId}`.execute(tx);
  };
  switch (event.type) {
    case 'identity.user_registered': {
      const r = event.data;
      await holdReputation(tx, r.user_id, r.rank);
      await sql`
        insert into users (user_id, username, display_name, email, role_id, mail_status, language, rank,
                           question_count, answer_count, created_at, changed_at)
        values (${r.user_id}, ${r.username}, ${r.display_name}, ${r.email}, ${r.role_id}, ${r.mail_status},
                ${r.language}, coalesce((select rank from actor_reputation where user_id = ${r.user_id}), ${r.rank}),
                ${memberCount(r.user_id, 'question')}, ${memberCount(r.user_id, 'answer')}, ${at}, ${at})`.execute(tx);
      return;
    }
    case 'identity.user_activated':
      // The reputation activation is worth comes from the votes ledger (projections/reputation).
      return set(event.data.user_id, sql`mail_status = ${MailStatusSql.activated}`);
    case 'identity.user_deactivated':
      return set(event.data.user_id, sql`mail_status = ${MailStatusSql.inactive}`);
    case 'identity.profile_updated': {
      const p = event.data;
      return set(
        p.user_id,
        sql`username = ${p.username}, display_name = ${p.display_name}, avatar = ${JSON.stringify(p.avatar)}::jsonb,
            bio = ${p.bio}, bio_html = ${p.bio_html}, website = ${p.website}, location = ${p.location}`,
      );
    }
    case 'identity.interface_changed':
      return set(
        event.data.user_id,
        sql`language = ${event.data.language}, color_scheme = ${event.data.color_scheme},
            time_zone = coalesce(${event.data.time_zone ?? null}, time_zone)`,
      );
    case 'identity.email_changed':
      return set(event.data.user_id, sql`email = ${event.data.email}`);
    case 'identity.role_changed':
      return set(event.data.user_id, sql`role_id = ${event.data.role_id}`);
    case 'identity.user_suspended':
      return set(
        event.data.user_id,
        sql`status = 'suspended', suspended_until = ${event.data.until}, suspended_at = ${at}`,
      );
    case 'identity.user_reinstated':
      return set(event.data.user_id, sql`status = 'normal', suspended_until = null`);
    case 'identity.user_deleted':
      return set(event.data.user_id, sql`status = 'deleted', deleted_at = ${at}`);
    case 'identity.user_purged':
      return dropPurgedUser(tx, event.data.user_id);
    case 'identity.user_logged_in':
      return set(event.data.user_id, sql`last_login_at = ${at}`);
    case 'identity.sessions_revoked':
      if (event.data.session_id === null) {
        await set(event.data.user_id, sql`sessions_valid_after = ${at}`);
        await sql`update sessions set revoked_at = ${at} where user_id = ${event.data.user_id} and revoked_at is null`.execute(
          tx,
        );
      } else {
        await sql`update sessions set revoked_at = ${at} where session_id = ${event.data.session_id}`.execute(tx);
      }
      return;
    case 'identity.external_login_linked':
      await sql`insert into external_logins (connector, external_id, user_id, email, linked_at)
                values (${event.data.connector}, ${event.data.external_id}, ${event.data.user_id}, ${event.data.email}, ${at})`.execute(
        tx,
      );
      return;
    case 'identity.external_login_unlinked':
      await sql`delete from external_logins
                where connector = ${event.data.connector} and external_id = ${event.data.external_id}
                  and user_id = ${event.data.user_id}`.execute(tx);
      return;
    default:
      return;
  }
}
