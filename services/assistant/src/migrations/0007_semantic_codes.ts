import { watchTopicTables } from '@agora/platform';
import { type Kysely, type Migration, sql } from 'kysely';
import { SEMANTIC_INDEX_TOPIC } from '../semantic/semantic-index';

export const key = '20261207_0007_semantic_codes';

/**
 * The clustered index's own rows (docs/adr/0096-the-assistant-service.md): each vector's cluster and 8-bit code per
 * training (`generation`), narrow rows a search reads instead of the float32 vectors (a training stages them first,
 * then writes them in cluster order); the centroids tell the
 * generation they belong to and announce their changes (the searches' cache of them). An index trained before has no
 * codes: it is dropped, and trained again once the embedder finds it due (searches are exact until then).
 */
export const migration: Migration = {
  async up(db: Kysely<unknown>) {
    await sql`create sequence semantic_generation`.execute(db);
    await sql`
      create table semantic_codes (
        object_id text not null,
        generation integer not null,
        cluster integer not null,
        code bytea not null,
        primary key (object_id, generation)
      )`.execute(db);
    await sql`create index semantic_codes_cluster on semantic_codes (generation, cluster)`.execute(db);
    // A training's codes as it computes them, copied from here in cluster order: each cluster's rows side by side.
    await sql`
      create unlogged table semantic_codes_staged (object_id text not null, cluster integer not null, code bytea not null)`.execute(
      db,
    );
    await sql`delete from semantic_centroids`.execute(db);
    await sql`alter table semantic_centroids add column generation integer not null`.execute(db);
    await sql`drop index semantic_vectors_cluster`.execute(db);
    await sql`alter table semantic_vectors drop column cluster`.execute(db);
    await watchTopicTables(db, SEMANTIC_INDEX_TOPIC, ['semantic_centroids']);
  },
  async down(db: Kysely<unknown>) {
    await sql`drop trigger if exists semantic_centroids_changed on semantic_centroids`.execute(db);
    await sql`alter table semantic_vectors add column cluster integer`.execute(db);
    await sql`create index semantic_vectors_cluster on semantic_vectors (cluster)`.execute(db);
    await sql`delete from semantic_centroids`.execute(db);
    await sql`alter table semantic_centroids drop column generation`.execute(db);
    await sql`drop table semantic_codes, semantic_codes_staged`.execute(db);
    await sql`drop sequence semantic_generation`.execute(db);
  },
};
