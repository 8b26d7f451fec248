import { type Kysely, type Migration, sql } from 'kysely';

export const key = '20261126_0003_activity_reason';

/**
 * Why a moderator acted, on the timeline: the reason a question was closed with (its `close_type`, named in the
 * reader's language when the timeline is read), beside the remark the `comment` column already keeps.
 */
export const migration: Migration = {
  async up(db: Kysely<unknown>) {
    await sql`alter table activity add column reason_type integer`.execute(db);
  },
};
