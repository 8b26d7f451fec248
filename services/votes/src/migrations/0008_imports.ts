import { createImportedPostsTable } from '@agora/platform';
import { type Kysely, type Migration, sql } from 'kysely';

export const key = '20261228_0008_imports';

export const migration: Migration = {
  async up(db: Kysely<unknown>) {
    // Votes without a voter (`votes.anonymous_vote_counted`), counted per post beside `votes`.
    await sql`
      create table anonymous_vote_counts (
        object_id text primary key,
        up integer not null default 0,
        down integer not null default 0
      )`.execute(db);
    // What an import in progress has said of its posts and members, for the records that name them before votes'
    // copy of posts has read posts' events (docs/adr/0094-importing-a-community.md); emptied when the import ends.
    await createImportedPostsTable(db);
    await sql`create table import_reputation_totals (user_id text primary key, reputation integer not null)`.execute(
      db,
    );
  },
};
