import { type Kysely, type Migration, sql } from 'kysely';

export const key = '20261122_0003_activity_cancelled_at';

export const migration: Migration = {
  async up(db: Kysely<unknown>) {
    await sql`alter table activity add column cancelled_at timestamptz`.execute(db);
  },
};
