import { type Kysely, type Migration, sql } from 'kysely';
import { ACTORS_TOPIC } from '../auth/actor-projection';
import { CHANGES_CHANNEL, watchTopicTables } from '../db/change-feed';
import { SITE_SETTINGS_TOPIC } from '../site-settings/site-settings';

export const key = '0000_platform_07_change_topics';

export const migration: Migration = {
  async up(db: Kysely<unknown>) {
    // Site settings and actors are read on nearly every request: their caches follow their own tables'
    // changes only (see ChangeFeed.topic), announced as `schema/topic`.
    await sql`
      create function notify_topic_change() returns trigger language plpgsql as $$
      begin
        perform pg_notify(${sql.lit(CHANGES_CHANNEL)}, tg_table_schema || '/' || tg_argv[0]);
        return null;
      end $$`.execute(db);
    await watchTopicTables(db, SITE_SETTINGS_TOPIC, ['site_settings']);
    await watchTopicTables(db, ACTORS_TOPIC, ['actors', 'revoked_sessions', 'signing_keys']);
  },
};
