import { type Kysely, type Migration, sql } from 'kysely';

export const key = '20261210_0004_held_posts';

/**
 * Held posts (pre-moderation, docs/adr/0069-held-posts.md): each question or answer posts held for review
 * (`held_posts`, from its events; `settled` once posts published or dropped it), numbered in the order they
 * arrived (`review_id`, the wire's integer), and moderation's own decisions on them (its inline read model).
 */
export const migration: Migration = {
  async up(db: Kysely<unknown>) {
    await sql`
      create table held_posts (
        review_id bigserial primary key,
        object_id text not null unique,
        object_type text not null check (object_type in ('question', 'answer')),
        question_id text not null,
        user_id text not null,
        title text not null default '',
        url_title text not null default '',
        original_text text not null,
        parsed_text text not null,
        tags jsonb not null default '[]',
        reason text not null,
        submitted_at timestamptz not null,
        settled boolean not null default false
      )`.execute(db);
    await sql`create index held_posts_open on held_posts (submitted_at, review_id) where not settled`.execute(db);
    await sql`
      create table held_decisions (
        object_id text primary key,
        reviewer_id text not null,
        decision text not null check (decision in ('approved', 'rejected')),
        decided_at timestamptz not null
      )`.execute(db);
  },
};
