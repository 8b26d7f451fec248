import { type Kysely, type Migration, sql } from 'kysely';

export const key = '0000_platform_04_site_settings';

export const migration: Migration = {
  async up(db: Kysely<unknown>) {
    // Site settings: the site service's inline read model, and every other service's projected copy.
    await sql`
      create table site_settings (
        group_name text primary key,
        values jsonb not null,
        stream_version integer not null
      )`.execute(db);
  },
};
