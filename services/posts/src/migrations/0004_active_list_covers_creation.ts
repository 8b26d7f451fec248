import { PostStatusSql, ShowSql } from '@agora/platform';
import { type Kysely, type Migration, sql } from 'kysely';

export const key = '20261122_0004_active_list_covers_creation';

export const migration: Migration = {
  async up(db: Kysely<unknown>) {
    // The active order also filters on creation time: the index carries it, so counts stay index-only.
    await sql`drop index questions_active`.execute(db);
    await sql`create index questions_active on questions (pin desc, post_update_time desc, id desc)
              include (created_at) where status in (${PostStatusSql.available}, ${PostStatusSql.closed}) and show = ${ShowSql.shown}`.execute(
      db,
    );
  },
};
