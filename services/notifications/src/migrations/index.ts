import { announceKeys } from '@agora/platform';
import { type Kysely, type Migration, sql } from 'kysely';
import { announceChangesMigration, COUNTERS_TOPIC } from './announce-changes';
import { inboxMigration } from './inbox';

/** The platform's migrations come first: they also create `site_settings`, the projected copy of site's settings. */
export const notificationsMigrations: Record<string, Migration> = {
  '20261122_0001_mail_outbox': {
    async up(db: Kysely<any>) {
      // Rendered mail waiting for (or done with) delivery. `dedupe_key` is the id of the event that asked
      // for the mail, so a replayed or redelivered event never queues it twice. `claim_token` marks the
      // worker that holds a row; `next_attempt_at` doubles as the end of its lease while it is sending.
      await sql`
        create table mail_outbox (
          mail_id bigserial primary key,
          dedupe_key text not null unique,
          template text not null,
          language text not null,
          recipient text not null,
          subject text not null,
          text_body text not null,
          html_body text not null,
          status text not null default 'pending' check (status in ('pending', 'sent', 'failed')),
          attempts integer not null default 0,
          next_attempt_at timestamptz not null default now(),
          claim_token uuid,
          last_error text,
          created_at timestamptz not null default now(),
          sent_at timestamptz
        )`.execute(db);
      await sql`
        create index mail_outbox_due on mail_outbox (next_attempt_at, mail_id) where status = 'pending'`.execute(db);
    },
  },
  '20261201_0001_inbox': inboxMigration,
  '20261201_0002_announce_changes': announceChangesMigration,
  '20261201_0003_platform_session_cache': {
    async up(db: Kysely<any>) {
      // The session check is now the platform's, cached per user from its own announcements (platform 09).
      for (const table of ['actors', 'revoked_sessions']) {
        await sql`drop trigger if exists ${sql.id(`${table}_announce_user`)} on ${sql.table(table)}`.execute(db);
        await sql`drop trigger if exists ${sql.id(`${table}_announce_all`)} on ${sql.table(table)}`.execute(db);
      }
      await sql`drop function if exists announce_actor_change()`.execute(db);
    },
  },
  '20261201_0004_counters_by_change_feed': {
    async up(db: Kysely<any>) {
      // Red dots are evicted per user by the platform's change feed (platform 09's announcements).
      await sql`drop trigger if exists notification_counters_announce on notification_counters`.execute(db);
      await sql`drop function if exists announce_counter_change()`.execute(db);
      await announceKeys(db, COUNTERS_TOPIC, ['notification_counters'], 'user_id');
    },
  },
};
