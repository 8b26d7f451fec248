import {
  applyInRuns,
  type BulkApply,
  holdReputation,
  holdReputations,
  MailStatusSql,
  type StoredEvent,
  type Tx,
} from '@agora/platform';
import { type RawBuilder, sql } from 'kysely';
import type { UserEvent } from '../../domain/user/decider';

/** A member's live posts of a kind, as posts' events told them (projections/member-posts), for a rebuild. */
const memberCount = (userId: string | RawBuilder<unknown>, kind: 'question' | 'answer') =>
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

type Registered = Extract<UserEvent, { type: 'identity.user_registered' }>['data'];
type ProfileUpdated = Extract<UserEvent, { type: 'identity.profile_updated' }>['data'];

/** What a run's later events leave of a member: the last profile, the last sign-in, the time of the last change. */
interface LaterChanges {
  u: string;
  profile: ProfileUpdated | null;
  login: string | null;
  changed: string;
}

/**
 * Runs of registrations, profile updates and sign-ins (an import's members, docs/capacity.md §9) in three
 * statements: the reputations held and the rows inserted as `applyUserEvent` inserts them (a member's first
 * registration), then each member's later changes folded (every profile field is set by each update, so the last
 * one's; `changed_at` the last event's time).
 */
const usersInBulk: BulkApply = {
  types: new Set(['identity.user_registered', 'identity.profile_updated', 'identity.user_logged_in']),
  async apply(run, tx) {
    const registered = new Map<string, Registered & { at: string }>();
    const later = new Map<string, LaterChanges>();
    for (const event of run) {
      const userId = (event.data as { user_id: string }).user_id;
      if (event.type === 'identity.user_registered') {
        if (!registered.has(userId)) registered.set(userId, { ...(event.data as Registered), at: event.occurredAt });
        continue;
      }
      const changes = later.get(userId) ?? { u: userId, profile: null, login: null, changed: event.occurredAt };
      if (event.type === 'identity.profile_updated') changes.profile = event.data as ProfileUpdated;
      else changes.login = event.occurredAt;
      changes.changed = event.occurredAt;
      later.set(userId, changes);
    }
    if (registered.size > 0) {
      await holdReputations(tx, [...registered.values()]);
      const rows = JSON.stringify([...registered.values()]);
      await sql`
        insert into users (user_id, username, display_name, email, role_id, mail_status, language, rank,
                           question_count, answer_count, created_at, changed_at)
        select r.user_id, r.username, r.display_name, r.email, r.role_id, r.mail_status, r.language,
               coalesce((select rank from actor_reputation a where a.user_id = r.user_id), r.rank),
               ${memberCount(sql.ref('r.user_id'), 'question')}, ${memberCount(sql.ref('r.user_id'), 'answer')},
               r.at, r.at
        from jsonb_to_recordset(${rows}::jsonb) as r(user_id text, username text, display_name text, email text,
                                                     role_id int, mail_status int, language text, rank int,
                                                     at timestamptz)`.execute(tx);
    }
    if (later.size > 0) {
      const rows = [...later.values()].map(({ u, profile, login, changed }) => ({
        u,
        p: profile !== null,
        ...(profile && {
          username: profile.username,
          display_name: profile.display_name,
          avatar: profile.avatar,
          bio: profile.bio,
          bio_html: profile.bio_html,
          website: profile.website,
          location: profile.location,
        }),
        login,
        changed,
      }));
      await sql`
        update users t set
          username = case when i.p then i.username else t.username end,
          display_name = case when i.p then i.display_name else t.display_name end,
          avatar = case when i.p then i.avatar else t.avatar end,
          bio = case when i.p then i.bio else t.bio end,
          bio_html = case when i.p then i.bio_html else t.bio_html end,
          website = case when i.p then i.website else t.website end,
          location = case when i.p then i.location else t.location end,
          last_login_at = coalesce(i.login, t.last_login_at),
          changed_at = i.changed
        from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as i(u text, p boolean, username text,
          display_name text, avatar jsonb, bio text, bio_html text, website text, location text,
          login timestamptz, changed timestamptz)
        where t.user_id = i.u`.execute(tx);
    }
  },
};

/** Many user events in order: runs of an import's kinds in a few statements (`usersInBulk`), the rest one by one. */
export function applyUserEvents(tx: Tx, events: StoredEvent[]): Promise<void> {
  return applyInRuns(events, tx, usersInBulk, (event, inTx) => applyUserEvent(inTx, event));
}

/**
 * The users read model as one unit, for a rebuild from identity's own log (rebuildInlineReadModel; a restore,
 * docs/adr/0101-backup-and-restore.md). Passwords, sessions and link codes are written beside the events, not from
 * them, so a rebuild leaves them alone.
 */
export const usersReadModel = {
  async reset(tx: Tx) {
    await sql`truncate users, external_logins`.execute(tx);
  },
  apply: applyUserEvent,
  applyBatch: applyUserEvents,
};
