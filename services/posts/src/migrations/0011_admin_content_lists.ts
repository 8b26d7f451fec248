import { type Kysely, type Migration, sql } from 'kysely';

export const key = '20261126_0004_admin_content_lists';

/** The admin's content lists: the questions and the answers of one status, newest first, found by index. */
export const migration: Migration = {
  async up(db: Kysely<unknown>) {
    await sql`create index questions_admin_status on questions (status, created_at desc, id desc)`.execute(db);
    await sql`create index answers_admin_status on answers (status, created_at desc, id desc)`.execute(db);
  },
};
