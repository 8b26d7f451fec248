import { type Kysely, type Migration, sql } from 'kysely';

export const key = '20261210_0001_search_question_follows';

export const migration: Migration = {
  async up(db: Kysely<unknown>) {
    // Who follows each question, from posts' follow events: `follow_count` of similar questions.
    await sql`
      create table search_question_follows (
        question_id text not null,
        user_id text not null,
        primary key (question_id, user_id)
      )`.execute(db);
  },
};
