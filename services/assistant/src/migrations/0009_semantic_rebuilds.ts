import { type Kysely, type Migration, sql } from 'kysely';

export const key = '20261208_0009_semantic_rebuilds';

/**
 * How many times the library was rebuilt (docs/adr/0100-semantic-vectors-in-opensearch.md): scaled out, the vectors
 * are in OpenSearch, which a rebuild's transaction cannot empty; each rebuild's vectors go to an index of its own,
 * named by this count, and the indexes of earlier counts are dropped.
 */
export const migration: Migration = {
  async up(db: Kysely<unknown>) {
    await sql`
      create table semantic_rebuilds (
        one boolean primary key default true check (one),
        count integer not null
      )`.execute(db);
    await sql`insert into semantic_rebuilds (count) values (0)`.execute(db);
  },
  async down(db: Kysely<unknown>) {
    await sql`drop table semantic_rebuilds`.execute(db);
  },
};
