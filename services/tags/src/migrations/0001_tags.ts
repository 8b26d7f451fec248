import { TagStatusSql } from '@agora/platform';
import { type Kysely, type Migration, sql } from 'kysely';

export const key = '20261125_0001_tags';

export const migration: Migration = {
  async up(db: Kysely<unknown>) {
    // Trigram indexes answer "contains" filters and suggestions without scanning every tag.
    await sql`create extension if not exists pg_trgm with schema public`.execute(db);
    // Status 1 available, 10 deleted; `main_tag_id` set on a synonym. Slugs are stored lower-case.
    await sql`
      create table tags (
        id text primary key,
        slug_name text not null unique,
        display_name text not null,
        original_text text not null,
        parsed_text text not null,
        excerpt text not null,
        user_id text not null,
        status smallint not null default 1,
        main_tag_id text,
        question_count integer not null default 0,
        follow_count integer not null default 0,
        revision_id text not null,
        pending_revision_id text,
        version integer not null,
        created_at timestamptz not null,
        updated_at timestamptz not null
      )`.execute(db);
    // One index per sort of the tag page (main tags only), and the lookups.
    const listed = sql`where status = ${TagStatusSql.available} and main_tag_id is null`;
    await sql`create index tags_popular on tags (question_count desc, slug_name) ${listed}`.execute(db);
    await sql`create index tags_name on tags (slug_name) ${listed}`.execute(db);
    await sql`create index tags_newest on tags (created_at desc, id desc) ${listed}`.execute(db);
    await sql`create index tags_slug_prefix on tags (slug_name text_pattern_ops) where status = ${TagStatusSql.available}`.execute(
      db,
    );
    await sql`create index tags_display_prefix on tags (lower(display_name) text_pattern_ops) where status = ${TagStatusSql.available}`.execute(
      db,
    );
    await sql`create index tags_slug_trgm on tags using gin (slug_name public.gin_trgm_ops) where status = ${TagStatusSql.available}`.execute(
      db,
    );
    await sql`create index tags_display_trgm on tags using gin (lower(display_name) public.gin_trgm_ops)
              where status = ${TagStatusSql.available}`.execute(db);
    await sql`create index tags_main on tags (main_tag_id) where main_tag_id is not null`.execute(db);
    // Revisions of tags: 0 created, 1 waiting for review, 2 applied, 3 rejected.
    await sql`
      create table tag_revisions (
        id text primary key,
        tag_id text not null,
        user_id text not null,
        status smallint not null,
        content jsonb not null,
        log text not null default '',
        created_at timestamptz not null
      )`.execute(db);
    await sql`create index tag_revisions_tag on tag_revisions (tag_id, created_at desc)`.execute(db);
    await sql`
      create table tag_follows (
        user_id text not null,
        tag_id text not null,
        created_at timestamptz not null,
        primary key (user_id, tag_id)
      )`.execute(db);
    await sql`create index tag_follows_tag on tag_follows (tag_id)`.execute(db);
    // From posts' events: the tags of each question, and which questions count (not deleted, not hidden).
    await sql`
      create table question_tag_state (
        question_id text primary key,
        version integer not null,
        slugs text[] not null,
        deleted boolean not null default false,
        hidden boolean not null default false
      )`.execute(db);
    await sql`
      create table question_tag_links (
        slug_name text not null,
        question_id text not null,
        primary key (slug_name, question_id)
      )`.execute(db);
    // How far the tag-creation saga got per question: a replay never acts twice.
    await sql`create table tag_creation_progress (question_id text primary key, version integer not null)`.execute(db);
  },
};
