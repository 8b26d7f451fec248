import { watchTables } from '@agora/platform';
import { type Kysely, type Migration, sql } from 'kysely';

export const tagsMigrations: Record<string, Migration> = {
  '20261125_0001_tags': {
    async up(db: Kysely<any>) {
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
      // One index per sort of the tag page (main tags only, behaviour §12 tags page), and the lookups.
      const listed = sql`where status = 1 and main_tag_id is null`;
      await sql`create index tags_popular on tags (question_count desc, slug_name) ${listed}`.execute(db);
      await sql`create index tags_name on tags (slug_name) ${listed}`.execute(db);
      await sql`create index tags_newest on tags (created_at desc, id desc) ${listed}`.execute(db);
      await sql`create index tags_slug_prefix on tags (slug_name text_pattern_ops) where status = 1`.execute(db);
      await sql`create index tags_display_prefix on tags (lower(display_name) text_pattern_ops) where status = 1`.execute(
        db,
      );
      await sql`create index tags_slug_trgm on tags using gin (slug_name public.gin_trgm_ops) where status = 1`.execute(
        db,
      );
      await sql`create index tags_display_trgm on tags using gin (lower(display_name) public.gin_trgm_ops)
                where status = 1`.execute(db);
      await sql`create index tags_main on tags (main_tag_id) where main_tag_id is not null`.execute(db);
      // Revisions of tags: 0 created, 1 waiting for review, 2 applied, 3 rejected (behaviour §3b).
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
      await sql`create table tag_creation_progress (question_id text primary key, version integer not null)`.execute(
        db,
      );
    },
  },
  '20261125_0002_read_model_changes': {
    async up(db: Kysely<any>) {
      // Every count, follow and edit lands on `tags`: other replicas' caches hear of it by NOTIFY.
      await watchTables(db, ['tags']);
    },
  },
  '20261125_0003_tag_listing': {
    async up(db: Kysely<any>) {
      // How many tags the tag page lists (main tags, not deleted): its pager's count without counting.
      await sql`create table tag_listing (id boolean primary key default true check (id), listed integer not null)`.execute(
        db,
      );
      await sql`insert into tag_listing (listed)
                select count(*) from tags where status = 1 and main_tag_id is null`.execute(db);
    },
  },
  '20261203_0004_tag_change_stamps': {
    async up(db: Kysely<any>) {
      // Each write of a tag row is stamped with its transaction and a sequence number, so the in-memory
      // tag name index (queries/tag-name-index.ts) reads only what changed since it last looked, in the
      // gap-safe order of the event log. `generation` moves when a rebuild empties the table.
      await sql`create sequence tags_change_seq`.execute(db);
      await sql`alter table tags add column changed_tx xid8 not null default pg_current_xact_id(),
                add column changed_seq bigint not null default nextval('tags_change_seq')`.execute(db);
      await sql`
        create function stamp_tag_change() returns trigger language plpgsql as $$
        begin
          new.changed_tx := pg_current_xact_id();
          new.changed_seq := nextval('tags_change_seq');
          return new;
        end $$`.execute(db);
      await sql`create trigger tags_stamp_change before insert or update on tags
                for each row execute function stamp_tag_change()`.execute(db);
      await sql`create index tags_changes on tags (changed_tx, changed_seq)`.execute(db);
      await sql`alter table tag_listing add column generation integer not null default 0`.execute(db);
    },
  },
};
