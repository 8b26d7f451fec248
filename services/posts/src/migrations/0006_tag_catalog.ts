import { type Kysely, type Migration, sql } from 'kysely';

export const key = '20261125_0001_tag_catalog';

export const migration: Migration = {
  async up(db: Kysely<unknown>) {
    // Posts' copy of the tags service's tags (projections/tags): names, deletions, synonym -> main tag.
    await sql`
      create table tag_catalog (
        tag_id text primary key,
        slug_name text not null unique,
        display_name text not null,
        main_tag_id text,
        deleted boolean not null default false,
        version integer not null
      )`.execute(db);
  },
};
