import { PostStatusSql, ShowSql } from '@agora/platform';
import { type Kysely, type Migration, sql } from 'kysely';

export const key = '20261122_0001_posts';

export const migration: Migration = {
  async up(db: Kysely<unknown>) {
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
        close_type integer,
        close_msg text not null default '',
        vote_count integer not null default 0,
        answer_count integer not null default 0,
        view_count integer not null default 0,
        unique_view_count integer not null default 0,
        collection_count integer not null default 0,
        follow_count integer not null default 0,
        linked_count integer not null default 0,
        accepted_answer_id text,
        first_answer_id text,
        last_answer_id text,
        last_answer_at timestamptz,
        last_answer_user_id text,
        last_edit_user_id text,
        last_edit_at timestamptz,
        revision_id text not null,
        pending_revision_id text,
        post_update_time timestamptz not null,
        created_at timestamptz not null,
        updated_at timestamptz not null
      )`.execute(db);
    // One index per sort of the question list; pinned first in each.
    const listed = sql`where status in (${PostStatusSql.available}, ${PostStatusSql.closed}) and show = ${ShowSql.shown}`;
    await sql`create index questions_newest on questions (pin desc, created_at desc, id desc) ${listed}`.execute(db);
    await sql`create index questions_active on questions (pin desc, post_update_time desc, id desc) ${listed}`.execute(
      db,
    );
    await sql`create index questions_score on questions (pin desc, vote_count desc, view_count desc, id desc) ${listed}`.execute(
      db,
    );
    await sql`create index questions_frequent on questions (pin desc, view_count desc, answer_count desc, id desc) ${listed}`.execute(
      db,
    );
    await sql`create index questions_unanswered on questions (pin desc, created_at desc, id desc)
              where status = ${PostStatusSql.available} and show = ${ShowSql.shown} and answer_count = 0`.execute(db);
    await sql`create index questions_user on questions (user_id, created_at desc)`.execute(db);
    await sql`
      create table question_tags (
        question_id text not null,
        tag_slug text not null,
        created_at timestamptz not null,
        primary key (tag_slug, question_id)
      )`.execute(db);
    await sql`create index question_tags_question on question_tags (question_id)`.execute(db);
    // Tags known to posts: used on some question, or (later) created in the tags service.
    await sql`create table known_tags (slug_name text primary key, display_name text not null)`.execute(db);
    await sql`
      create table answers (
        id text primary key,
        question_id text not null,
        user_id text not null,
        content text not null,
        html text not null,
        status smallint not null default 1,
        accepted boolean not null default false,
        vote_count integer not null default 0,
        revision_id text not null,
        pending_revision_id text,
        last_edit_user_id text,
        created_at timestamptz not null,
        updated_at timestamptz not null
      )`.execute(db);
    await sql`create index answers_question on answers (question_id, accepted desc, vote_count desc, created_at)`.execute(
      db,
    );
    await sql`create index answers_user on answers (user_id, created_at desc)`.execute(db);
    await sql`
      create table comments (
        id text primary key,
        object_id text not null,
        question_id text not null,
        user_id text not null,
        reply_comment_id text,
        reply_user_id text,
        original_text text not null,
        parsed_text text not null,
        status smallint not null default 1,
        vote_count integer not null default 0,
        created_at timestamptz not null,
        updated_at timestamptz not null
      )`.execute(db);
    await sql`create index comments_object on comments (object_id, created_at)`.execute(db);
    await sql`create index comments_user on comments (user_id, created_at desc)`.execute(db);
    // Revisions of questions and answers: 1 unreviewed, 2 applied, 3 rejected.
    await sql`
      create table revisions (
        id text primary key,
        object_id text not null,
        object_type text not null,
        user_id text not null,
        status smallint not null,
        content jsonb not null,
        log text not null default '',
        review_user_id text,
        created_at timestamptz not null
      )`.execute(db);
    await sql`create index revisions_object on revisions (object_id, created_at desc)`.execute(db);
    // The timeline: rows per object, shown newest first.
    await sql`
      create table activity (
        id bigserial primary key,
        event_id text not null unique,
        object_id text not null,
        original_object_id text not null,
        activity_type text not null,
        user_id text not null,
        revision_id text,
        comment text not null default '',
        cancelled boolean not null default false,
        created_at timestamptz not null
      )`.execute(db);
    await sql`create index activity_object on activity (original_object_id, id desc)`.execute(db);
  },
};
