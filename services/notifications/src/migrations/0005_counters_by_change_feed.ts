import { announceKeys } from '@agora/platform';
import { type Kysely, type Migration, sql } from 'kysely';
import { COUNTERS_TOPIC } from '../inbox/counters';

export const key = '20261201_0004_counters_by_change_feed';

export const migration: Migration = {
  async up(db: Kysely<unknown>) {
    // Red dots are evicted per user by the platform's change feed (platform migration 0010_actor_keys).
    await sql`drop trigger if exists notification_counters_announce on notification_counters`.execute(db);
    await sql`drop function if exists announce_counter_change()`.execute(db);
    await announceKeys(db, COUNTERS_TOPIC, ['notification_counters'], 'user_id');
  },
};
