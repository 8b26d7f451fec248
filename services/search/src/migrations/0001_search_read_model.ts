import { watchTables } from '@agora/platform';
import { type Kysely, type Migration, sql } from 'kysely';

export const key = '20261126_0001_search_read_model';

export const migration: Migration = {
  async up(db: Kysely<unknown>) {
    // Every change of a document takes the next number: its version in the index and its place in line.
    await sql`create sequence search_change_seq`.execute(db);
    // Questions and answers as the index needs them, built from posts' events (projections/documents).
    await sql`
      create table search_posts (
        id text primary key,
        type text not null,
        question_id text not null,
        user_id text not null,
        title text not null default '',
        url_title text not null default '',
        body text not null,
        tags jsonb not null default '[]',
        status smallint not null default 1,
        hidden boolean not null default false,
        accepted_answer_id text,
        answer_count integer not null default 0,
        view_count integer not null default 0,
        created_at timestamptz not null,
        active_at timestamptz not null,
        version integer not null,
        seq bigint not null default nextval('search_change_seq'),
        dirty boolean not null default true
      )`.execute(db);
    await sql`create index search_posts_dirty on search_posts (seq) where dirty`.execute(db);
    await sql`create index search_posts_answers on search_posts (question_id) where type = 'answer'`.execute(db);
    await sql`create index search_posts_tags on search_posts using gin (tags jsonb_path_ops) where type = 'question'`.execute(
      db,
    );
    // Votes and bookmarks from the votes service: one row per voter and post, so replays change nothing.
    await sql`
      create table search_votes (
        object_id text not null,
        user_id text not null,
        value smallint not null,
        version integer not null,
        primary key (object_id, user_id)
      )`.execute(db);
    await sql`
      create table search_bookmarks (
        object_id text not null,
        user_id text not null,
        bookmarked boolean not null,
        primary key (object_id, user_id)
      )`.execute(db);
    await sql`
      create table search_post_counts (
        object_id text primary key,
        vote_count integer not null default 0,
        collection_count integer not null default 0
      )`.execute(db);
    // Tags from the tags service: names and synonyms (projections/tag-catalog).
    await sql`
      create table search_tags (
        tag_id text primary key,
        slug_name text not null,
        display_name text not null,
        main_tag_id text,
        deleted boolean not null default false,
        version integer not null
      )`.execute(db);
    await sql`create index search_tags_slug on search_tags (slug_name)`.execute(db);
    await sql`create index search_tags_display on search_tags (lower(display_name))`.execute(db);
    await sql`create index search_tags_main on search_tags (main_tag_id) where main_tag_id is not null`.execute(db);
    // Where a reindex stands, so an interrupted one resumes (indexing/reindex).
    await sql`
      create table search_reindex (
        name text primary key,
        phase text not null,
        generation text,
        cursor text not null default '',
        done integer not null default 0,
        total integer not null default 0,
        start_seq bigint not null default 0,
        started_at timestamptz not null,
        updated_at timestamptz not null
      )`.execute(db);
    // The PostgreSQL adapter's index (search-index/postgres): `tsv` weighs title A, tags B, body C; `ttsv` holds
    // the title and tags only, so duplicate suggestions look through a much smaller index.
    await sql`
      create table search_documents (
        id text primary key,
        type text not null,
        question_id text not null,
        tags text[] not null,
        user_id text not null,
        vote_count integer not null,
        answer_count integer not null,
        accepted boolean not null,
        status text not null,
        visibility text not null,
        created_at timestamptz not null,
        active_at timestamptz not null,
        version bigint not null,
        ttsv tsvector not null,
        tsv tsvector not null
      )`.execute(db);
    await sql`create index search_documents_tsv on search_documents using gin (tsv)`.execute(db);
    await sql`create index search_documents_ttsv on search_documents using gin (ttsv)`.execute(db);
    await sql`create index search_documents_tags on search_documents using gin (tags)`.execute(db);
    await sql`create index search_documents_newest on search_documents (created_at desc, id desc)`.execute(db);
    await sql`create index search_documents_active on search_documents (active_at desc, id desc)`.execute(db);
    await sql`create index search_documents_score on search_documents (vote_count desc, created_at desc, id desc)`.execute(
      db,
    );
    await sql`create index search_documents_user on search_documents (user_id, created_at desc)`.execute(db);
    await sql`create index search_documents_answers on search_documents (answer_count)`.execute(db);
    // `user:name` finds the author by name in the shared copy of the users.
    await sql`create index search_actors_username on actors (lower(username))`.execute(db);
    // Other replicas' projection commits wake this process's feeder at once.
    await watchTables(db, ['search_posts']);
  },
};
