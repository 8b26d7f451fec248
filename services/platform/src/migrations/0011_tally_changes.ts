import { type Kysely, type Migration, sql } from 'kysely';
import { CHANGE_TOPIC_SETTING, CHANGES_CHANNEL } from '../db/change-feed';

export const key = '0000_platform_10_tally_changes';

/**
 * A transaction may name the topic its changes of watched tables are announced as (`set local` of
 * CHANGE_TOPIC_SETTING): a flush of view counts announces `schema/tallies`, which empties the caches that show
 * counts without moving the read models' version (docs/adr/0071-public-page-caching.md).
 */
export const migration: Migration = {
  async up(db: Kysely<unknown>) {
    await sql`
      create or replace function notify_read_model_change() returns trigger language plpgsql as $$
      declare
        topic text := nullif(current_setting(${sql.lit(CHANGE_TOPIC_SETTING)}, true), '');
      begin
        if topic is null then
          perform pg_notify(${sql.lit(CHANGES_CHANNEL)}, tg_table_schema);
        else
          perform pg_notify(${sql.lit(CHANGES_CHANNEL)}, tg_table_schema || '/' || topic);
        end if;
        return null;
      end $$`.execute(db);
  },
};
