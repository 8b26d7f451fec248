import { type Kysely, type Migration, sql } from 'kysely';

export const key = '20261207_0002_library';

/**
 * The library: what the tools of the MCP server and the AI assistant read of the community (questions, answers,
 * comments, tags and post scores), projected from posts', tags' and votes' events
 * (docs/adr/0096-the-assistant-service.md). Only what anyone may see is ever answered from it; what is deleted,
 * hidden or held stays in its rows (or never arrives) and out of every answer.
 */
export const migration: Migration = {
  async up(db: Kysely<unknown>) {
    await sql`
      create table library_posts (
        id text primary key,
        kind text not null check (kind in ('question', 'answer')),
        question_id text not null,
        user_id text not null,
        title text not null default '',
        url_title text not null default '',
        body text not null default '',
        tags jsonb not null default '[]',
        vote_count integer not null default 0,
        accepted_answer_id text,
        deleted boolean not null default false,
        closed boolean not null default false,
        hidden boolean not null default false,
        created_at timestamptz not null,
        updated_at timestamptz not null,
        version integer not null,
        words tsvector generated always as (
          setweight(to_tsvector('simple', title), 'A') || setweight(to_tsvector('simple', body), 'B')) stored
      )`.execute(db);
    await sql`create index library_questions_newest on library_posts (created_at desc, id desc)
              where kind = 'question' and not deleted and not hidden`.execute(db);
    await sql`create index library_answers_of on library_posts (question_id, created_at) where kind = 'answer'`.execute(
      db,
    );
    await sql`create index library_posts_words on library_posts using gin (words)`.execute(db);
    await sql`create index library_posts_tags on library_posts using gin (tags jsonb_path_ops)`.execute(db);
    await sql`
      create table library_comments (
        id text primary key,
        object_id text not null,
        question_id text not null,
        user_id text not null,
        body text not null,
        deleted boolean not null default false,
        created_at timestamptz not null,
        version integer not null
      )`.execute(db);
    await sql`create index library_comments_of on library_comments (object_id, created_at desc)`.execute(db);
    await sql`create index library_comments_by_question on library_comments (question_id)`.execute(db);
    await sql`
      create table library_tags (
        id text primary key,
        slug_name text not null,
        display_name text not null,
        description text not null default '',
        main_tag_id text,
        deleted boolean not null default false,
        version integer not null
      )`.execute(db);
    await sql`create index library_tags_slug on library_tags (slug_name)`.execute(db);
    await sql`create index library_tags_name on library_tags (lower(display_name))`.execute(db);
    // Each (voter, post) stream's current vote, so a vote delivered twice counts once.
    await sql`
      create table library_votes (
        stream_id text primary key,
        object_id text not null,
        value smallint not null,
        version integer not null
      )`.execute(db);
  },
  async down(db: Kysely<unknown>) {
    await sql`drop table library_votes, library_tags, library_comments, library_posts`.execute(db);
  },
};
