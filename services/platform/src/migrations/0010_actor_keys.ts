import { type Kysely, type Migration, sql } from 'kysely';
import { ACTORS_TOPIC } from '../auth/actor-projection';
import { announceKeys, CHANGES_CHANNEL } from '../db/change-feed';

export const key = '0000_platform_09_actor_keys';

export const migration: Migration = {
  async up(db: Kysely<unknown>) {
    // The session check is cached per user: a change of one user's row or sessions names that user, so
    // that a vote changing its author's rank empties only the author's entry (ChangeFeed.onKeyChanged).
    await sql`
      create function announce_row_key() returns trigger language plpgsql as $$
      begin
        perform pg_notify(${sql.lit(CHANGES_CHANNEL)}, tg_table_schema || '/' || tg_argv[0] || '#' ||
          case when tg_op = 'TRUNCATE' then '*'
               when tg_op = 'DELETE' then to_jsonb(old) ->> tg_argv[1]
               else to_jsonb(new) ->> tg_argv[1] end);
        return null;
      end $$`.execute(db);
    await announceKeys(db, ACTORS_TOPIC, ['actors', 'revoked_sessions'], 'user_id');
  },
};
