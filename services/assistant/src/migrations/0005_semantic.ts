import { watchTopicTables } from '@agora/platform';
import { type Kysely, type Migration, sql } from 'kysely';

export const key = '20261207_0005_semantic';

/**
 * Semantic search (docs/adr/0096-the-assistant-service.md): the posts waiting to be embedded, their vectors (float32
 * bytes, with the model that made them and the cluster they fall in), and the clusters' centroids once there are
 * enough vectors to cluster.
 */
export const migration: Migration = {
  async up(db: Kysely<unknown>) {
    await sql`create table semantic_queue (object_id text primary key, queued_at timestamptz not null)`.execute(db);
    await sql`
      create table semantic_vectors (
        object_id text primary key,
        object_type text not null check (object_type in ('question', 'answer')),
        question_id text not null,
        model text not null,
        cluster integer,
        vector bytea not null,
        updated_at timestamptz not null
      )`.execute(db);
    await sql`create index semantic_vectors_cluster on semantic_vectors (cluster)`.execute(db);
    await sql`create index semantic_vectors_question on semantic_vectors (question_id)`.execute(db);
    await sql`
      create table semantic_centroids (
        cluster integer primary key,
        model text not null,
        vector bytea not null,
        trained_on integer not null
      )`.execute(db);
    // The embedder wakes when posts are queued, instead of polling.
    await watchTopicTables(db, 'semantic-queue', ['semantic_queue']);
  },
  async down(db: Kysely<unknown>) {
    await sql`drop table semantic_centroids, semantic_vectors, semantic_queue`.execute(db);
  },
};
