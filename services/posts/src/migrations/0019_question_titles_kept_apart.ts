import { type Kysely, type Migration, sql } from 'kysely';

/** The events that set a question's title (the projection's, a purge apart). */
const TITLE_EVENTS = ['posts.question_held', 'posts.question_asked', 'posts.question_edited'];

/** The titles index's pending list, in kB (GIN's default is 4096). */
const TITLES_PENDING_LIST_KB = 256;

export const key = '20261227_0016_question_titles_kept_apart';

/**
 * The admin's title search reads `question_titles`, which the `question-titles` projection keeps from posts' events
 * after each ask, instead of a trigram index on `questions` that every ask's statement wrote (about 0.5 ms of an
 * ask on a 100,000-question site, the largest of its index writes). Filled here from the questions as they stand,
 * each at the version of its title's event, so the projection's first pass over the log changes nothing; the index takes
 * entries through a short pending list, merged by the projection's own statements or by vacuum, never by an ask
 * (docs/adr/0087-title-search-kept-after-the-ask.md).
 */
export const migration: Migration = {
  async up(db: Kysely<unknown>) {
    await sql`
      create table question_titles (
        question_id text primary key,
        title text not null,
        version integer not null
      )`.execute(db);
    await sql`
      insert into question_titles (question_id, title, version)
      select q.id, q.title, coalesce(
        (select max(e.stream_version) from events e where e.stream_id = q.id and e.type in (${sql.join(TITLE_EVENTS)})), 0)
      from questions q`.execute(db);
    // A short pending list: merged a few dozen titles at a time by the projection's statements, a few milliseconds
    // each, instead of a 4 MB list's 190 ms merge taking a core from the asks in flight.
    await sql`
      create index question_titles_trigrams on question_titles using gin (title public.gin_trgm_ops)
      with (gin_pending_list_limit = ${sql.lit(TITLES_PENDING_LIST_KB)})`.execute(db);
    await sql`drop index questions_title_trigrams`.execute(db);
  },
};
