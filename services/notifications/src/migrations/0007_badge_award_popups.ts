import { type Kysely, type Migration, sql } from 'kysely';

export const key = '20261204_0007_badge_award_popups';

export const migration: Migration = {
  async up(db: Kysely<unknown>) {
    // The red dot's badge pop-up: a member's oldest unread badge award (queries/status.ts).
    await sql`create index notifications_badge_awards on notifications (user_id, created_at, id)
              where action = 'badge_award'`.execute(db);
  },
};
