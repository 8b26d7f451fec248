import { type Kysely, type Migration, sql } from 'kysely';

export const key = '20261126_0001_question_follows';

export const migration: Migration = {
  async up(db: Kysely<unknown>) {
    // Who follows which question (posts.question_followed); `questions.follow_count` counts them.
    await sql`
      create table question_follows (
        question_id text not null,
        user_id text not null,
        created_at timestamptz not null,
        primary key (question_id, user_id)
      )`.execute(db);
    await sql`create index question_follows_user on question_follows (user_id, created_at desc)`.execute(db);
  },
};
