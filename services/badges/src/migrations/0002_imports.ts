import { type Kysely, type Migration, sql } from 'kysely';

export const key = '20261228_0002_imports';

export const migration: Migration = {
  async up(db: Kysely<unknown>) {
    // What an import in progress has said of its posts, for the badge awards that name them before badges' copy of
    // posts has read posts' events (docs/adr/0094-importing-a-community.md); emptied when the import ends.
    await sql`
      create table import_posts (
        object_id text primary key,
        object_type text not null,
        question_id text not null,
        owner_id text not null
      )`.execute(db);
  },
};
