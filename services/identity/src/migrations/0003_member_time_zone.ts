import { type Kysely, type Migration, sql } from 'kysely';

export const key = '20261126_0003_member_time_zone';

export const migration: Migration = {
  async up(db: Kysely<unknown>) {
    // A member's own time zone for dates ('' follows the site's interface setting).
    await sql`alter table users add column time_zone text not null default ''`.execute(db);
  },
  async down(db: Kysely<unknown>) {
    await sql`alter table users drop column time_zone`.execute(db);
  },
};
