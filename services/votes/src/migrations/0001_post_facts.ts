import { type Kysely, type Migration, sql } from 'kysely';

export const key = '20261201_0001_post_facts';

export const migration: Migration = {
  async up(db: Kysely<unknown>) {
    // What votes knows of posts (projection of posts' events): owners, status, what pages show.
    await sql`
      create table questions (
        id text primary key,
        user_id text not null,
        title text not null,
        url_title text not null,
        content text not null,
        html text not null,
        description text not null,
        tags jsonb not null,
        status smallint not null default 1,
        pin smallint not null default 1,
        show smallint not null default 1,
        accepted_answer_id text,
        view_count integer not null default 0,
        unique_view_count integer not null default 0,
        last_edit_user_id text,
        edited_at timestamptz,
        created_at timestamptz not null,
        updated_at timestamptz not null
      )`.execute(db);
    await sql`
      create table answers (
        id text primary key,
        question_id text not null,
        user_id text not null,
        description text not null,
        status smallint not null default 1,
        created_at timestamptz not null
      )`.execute(db);
    await sql`create index answers_question on answers (question_id, created_at)`.execute(db);
    await sql`
      create table comments (
        id text primary key,
        object_id text not null,
        question_id text not null,
        user_id text not null,
        description text not null,
        status smallint not null default 1,
        created_at timestamptz not null
      )`.execute(db);
  },
};
