import { type Kysely, type Migration, sql } from 'kysely';

export const key = '0000_platform_06_actor_reputation';

export const migration: Migration = {
  async up(db: Kysely<unknown>) {
    // Each user's latest reputation from the votes ledger, by ledger stream version: kept apart from the
    // actor rows so that rebuilding either projection keeps the other's facts.
    await sql`
      create table actor_reputation (
        user_id text primary key,
        rank integer not null,
        version integer not null
      )`.execute(db);
  },
};
