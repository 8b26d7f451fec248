import { type Kysely, type Migration, sql } from 'kysely';

export const key = '20261207_0008_library_lookups';

/**
 * What the MCP tools read (docs/adr/0096-the-assistant-service.md, docs/capacity.md §10). `get_questions` matches the
 * newest questions' words row by row, twice as fast with the words in the row as out of line; when those do not fill
 * its page, it looks up the visible questions' words (the index of every post's words put answers' matches in each
 * lookup: a word common in answers read tens of thousands of rows for a handful of questions) or their author.
 * `get_tags` finds tags by any part of their names (trigrams: `like '%…%'` read every tag).
 */
export const migration: Migration = {
  async up(db: Kysely<unknown>) {
    await sql`create index library_questions_words on library_posts using gin (words)
              where kind = 'question' and not deleted and not hidden`.execute(db);
    await sql`drop index library_posts_words`.execute(db);
    // Rows written from now on keep their words in line up to a page (PostgreSQL moves them out past 2 kB).
    await sql`alter table library_posts set (toast_tuple_target = 8160)`.execute(db);
    await sql`create index library_questions_by on library_posts (user_id, created_at desc, id desc)
              where kind = 'question' and not deleted and not hidden`.execute(db);
    await sql`create extension if not exists pg_trgm with schema public`.execute(db);
    await sql`create index library_tags_name_trigrams on library_tags
              using gin (lower(display_name) public.gin_trgm_ops)`.execute(db);
    await sql`create index library_tags_slug_trigrams on library_tags using gin (slug_name public.gin_trgm_ops)`.execute(
      db,
    );
  },
  async down(db: Kysely<unknown>) {
    await sql`drop index library_tags_slug_trigrams, library_tags_name_trigrams, library_questions_by`.execute(db);
    await sql`alter table library_posts reset (toast_tuple_target)`.execute(db);
    await sql`create index library_posts_words on library_posts using gin (words)`.execute(db);
    await sql`drop index library_questions_words`.execute(db);
  },
};
