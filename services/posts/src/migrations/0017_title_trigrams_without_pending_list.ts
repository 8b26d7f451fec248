import { type Kysely, type Migration, sql } from 'kysely';

export const key = '20261227_0014_title_trigrams_without_pending_list';

/**
 * The question titles' trigram index (migration 0014) writes each ask into the index itself rather than into GIN's
 * pending list. With the list, an ask cost less on its own, but the ask that found the list full (4 MB, about 500
 * asks) merged it into the index inside its own statement: about 190 ms of one core on a 100,000-question site,
 * a stall for every ask in flight on a two-core machine, and the asks' p99 moved with where the list stood. Written
 * directly, an ask costs about 0.4 ms more and none stalls (docs/adr/0085-title-trigrams-without-pending-list.md).
 * The answers' index keeps its list: an answer's text has hundreds of trigrams, about 2 ms more per answer written
 * directly.
 */
export const migration: Migration = {
  async up(db: Kysely<unknown>) {
    await sql`alter index questions_title_trigrams set (fastupdate = off)`.execute(db);
    // Turning the list off leaves what it holds; merged now, so no ask merges it later.
    await sql`select gin_clean_pending_list('questions_title_trigrams'::regclass)`.execute(db);
  },
};
