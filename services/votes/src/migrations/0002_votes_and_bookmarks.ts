import { type Kysely, type Migration, sql } from 'kysely';

export const key = '20261201_0002_votes_and_bookmarks';

export const migration: Migration = {
  async up(db: Kysely<unknown>) {
    // Inline read model of the (voter, object) vote streams: one row per active vote.
    await sql`
      create table votes (
        object_id text not null,
        user_id text not null,
        direction smallint not null,
        object_type text not null,
        question_id text not null,
        owner_id text not null,
        voted_at timestamptz not null,
        primary key (object_id, user_id)
      )`.execute(db);
    await sql`create index votes_user on votes (user_id, voted_at desc)`.execute(db);
    await sql`create index votes_user_question on votes (user_id, question_id)`.execute(db);
    await sql`create index votes_recent on votes (voted_at)`.execute(db);
    await sql`
      create table bookmarks (
        object_id text not null,
        user_id text not null,
        object_type text not null,
        question_id text not null,
        created_at timestamptz not null,
        primary key (object_id, user_id)
      )`.execute(db);
    await sql`create index bookmarks_user on bookmarks (user_id, created_at desc)`.execute(db);
    await sql`create index bookmarks_user_question on bookmarks (user_id, question_id)`.execute(db);
  },
};
