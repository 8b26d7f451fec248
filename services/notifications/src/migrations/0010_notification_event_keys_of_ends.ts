import { type Kysely, type Migration, sql } from 'kysely';

export const key = '20261227_0010_notification_event_keys_of_ends';

/**
 * The keys of the earliest and the latest event a notification groups, so that two events of the same millisecond
 * are ordered by their keys and a grouped notification is named and shown the same whatever order its events are
 * applied in (docs/adr/0080-one-batch-of-a-group-at-a-time.md). Rows from before read as unknown and keep what
 * they show until a rebuild.
 */
export const migration: Migration = {
  async up(db: Kysely<unknown>) {
    await sql`alter table notifications add column if not exists earliest_event_key text`.execute(db);
    await sql`alter table notifications add column if not exists latest_event_key text`.execute(db);
  },
};
