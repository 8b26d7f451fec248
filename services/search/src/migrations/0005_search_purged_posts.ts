import { type Kysely, type Migration, sql } from 'kysely';

export const key = '20261226_0001_search_purged_posts';

export const migration: Migration = {
  async up(db: Kysely<unknown>) {
    // A purged post (the admin's permanent delete): its text is gone at once and the feeder removes its document
    // from the index, then the row (docs/adr/0078-purging-in-an-event-sourced-system.md).
    await sql`alter table search_posts add column purged boolean not null default false`.execute(db);
  },
};
