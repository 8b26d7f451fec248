import { type Kysely, type Migration, sql } from 'kysely';

export const key = '20261201_0003_platform_session_cache';

export const migration: Migration = {
  async up(db: Kysely<unknown>) {
    // The session check is now the platform's, cached per user from its own announcements (platform
    // migration 0010_actor_keys).
    for (const table of ['actors', 'revoked_sessions']) {
      await sql`drop trigger if exists ${sql.id(`${table}_announce_user`)} on ${sql.table(table)}`.execute(db);
      await sql`drop trigger if exists ${sql.id(`${table}_announce_all`)} on ${sql.table(table)}`.execute(db);
    }
    await sql`drop function if exists announce_actor_change()`.execute(db);
  },
};
