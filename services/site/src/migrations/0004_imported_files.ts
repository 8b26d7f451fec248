import { type Kysely, type Migration, sql } from 'kysely';

export const key = '20261228_0004_imported_files';

/**
 * The files an import copied into the uploads, by the URL the source's posts, avatars and branding named them with
 * (docs/adr/0094-importing-a-community.md): what an old address is now.
 */
export const migration: Migration = {
  async up(db: Kysely<unknown>) {
    await sql`
      create table imported_files (
        source_url text primary key,
        storage_key text not null,
        source text not null,
        user_id text not null,
        imported_at timestamptz not null default now()
      )`.execute(db);
  },
  async down(db: Kysely<unknown>) {
    await sql`drop table imported_files`.execute(db);
  },
};
