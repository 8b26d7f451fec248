import { type Kysely, type Migration, sql } from 'kysely';

export const key = '20261210_0003_review_queue';

/**
 * The review queue of suggested edits: each revision posts or tags submitted (`review_items`, from their
 * events; `settled` once the owner applied or dropped it), and moderation's own decisions and skips on them
 * (the inline read model of its review events).
 */
export const migration: Migration = {
  async up(db: Kysely<unknown>) {
    await sql`
      create table review_items (
        revision_id text primary key,
        object_id text not null,
        object_type text not null check (object_type in ('question', 'answer', 'tag')),
        editor_id text not null,
        edit_summary text not null,
        content jsonb not null,
        submitted_at timestamptz not null,
        settled boolean not null default false
      )`.execute(db);
    await sql`create index review_items_open on review_items (object_type, submitted_at, revision_id) where not settled`.execute(
      db,
    );
    await sql`
      create table review_decisions (
        revision_id text primary key,
        reviewer_id text not null,
        decision text not null check (decision in ('approved', 'rejected')),
        decided_at timestamptz not null
      )`.execute(db);
    await sql`
      create table review_skips (
        revision_id text not null,
        reviewer_id text not null,
        primary key (reviewer_id, revision_id)
      )`.execute(db);
  },
};
