import { type Kysely, type Migration, sql } from 'kysely';

export const key = '20261201_0005_question_followers';

export const migration: Migration = {
  async up(db: Kysely<unknown>) {
    // Who follows which question, from posts' events: followers hear of its answers, edits and comments.
    await sql`
      create table question_followers (
        question_id text not null,
        user_id text not null,
        primary key (question_id, user_id)
      )`.execute(db);
  },
};
