import { type Kysely, type Migration, sql } from 'kysely';

export const key = '20261210_0001_moderated_objects';

/**
 * What moderation knows of the posts and tags it may be asked about (from posts' and tags' events): enough
 * to refuse a flag on what does not exist or is deleted, and to show a flag or a suggested edit beside the
 * object as it stands, without asking another service.
 */
export const migration: Migration = {
  async up(db: Kysely<unknown>) {
    await sql`
      create table moderated_objects (
        object_id text primary key,
        object_type text not null check (object_type in ('question', 'answer', 'comment', 'tag')),
        question_id text not null default '',
        answer_id text not null default '',
        user_id text not null default '',
        title text not null default '',
        url_title text not null default '',
        original_text text not null default '',
        parsed_text text not null default '',
        tags jsonb not null default '[]',
        status integer not null,
        show integer not null,
        answer_count integer not null default 0,
        accepted_answer_id text not null default '',
        created_at timestamptz not null
      )`.execute(db);
  },
};
