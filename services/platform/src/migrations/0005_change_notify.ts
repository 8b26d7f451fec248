import { type Kysely, type Migration, sql } from 'kysely';
import { CHANGES_CHANNEL, watchTables } from '../db/change-feed';

export const key = '0000_platform_05_change_notify';

export const migration: Migration = {
  async up(db: Kysely<unknown>) {
    // Caches of query results learn of other replicas' commits from this (see ChangeFeed).
    await sql`
      create function notify_read_model_change() returns trigger language plpgsql as $$
      begin
        perform pg_notify(${sql.lit(CHANGES_CHANNEL)}, tg_table_schema);
        return null;
      end $$`.execute(db);
    await watchTables(db, ['actors', 'site_settings']);
  },
};
