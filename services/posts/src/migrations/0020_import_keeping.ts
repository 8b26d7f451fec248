import { type Kysely, type Migration, sql } from 'kysely';

export const key = '20261228_0017_import_keeping';

/**
 * What posts keeps of an import of a community besides its events (docs/adr/0094-importing-a-community.md): the
 * id style of the site's old links (one row), and the imported tags' names and synonyms, so that questions are
 * filed under their main tags with their display names whether or not posts' copy of the tags has caught up.
 * Neither is a read model: a rebuild leaves them alone.
 */
export const migration: Migration = {
  async up(db: Kysely<unknown>) {
    await sql`
      create table import_legacy_ids (
        only_row boolean primary key default true check (only_row),
        style text not null check (style in ('answer', 'stackexchange'))
      )`.execute(db);
    await sql`
      create table import_tags (
        slug_name text primary key,
        display_name text not null,
        main_slug text,
        deleted boolean not null
      )`.execute(db);
  },
};
