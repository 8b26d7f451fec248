import { type Kysely, type Migration, sql } from 'kysely';

export const key = '20261227_0009_events_waiting_for_posts';

/**
 * Posts' events about a post this service has not heard of yet (an answer's before its question's, when on
 * Kafka another partition ran ahead: docs/adr/0080-one-batch-of-a-group-at-a-time.md), kept until the post
 * arrives and applied then, in the order they came.
 */
export const migration: Migration = {
  async up(db: Kysely<unknown>) {
    await sql`
      create table if not exists events_waiting_for_posts (
        seq bigserial primary key,
        post_id text not null,
        event_id text not null unique,
        event jsonb not null
      )`.execute(db);
    await sql`create index if not exists events_waiting_by_post on events_waiting_for_posts (post_id)`.execute(db);
  },
};
