import { type Kysely, type Migration, sql } from 'kysely';

export const key = '0000_platform_02_consumption';

export const migration: Migration = {
  async up(db: Kysely<unknown>) {
    // Position of a consumer group in a PostgreSQL event log (postgres bus, outbox relay).
    await sql`
      create table checkpoints (
        name text primary key,
        transaction_id xid8 not null default '0',
        global_position bigint not null default 0,
        updated_at timestamptz not null default now()
      )`.execute(db);
    // Offsets of a consumer group in a Kafka topic, written with the read model in one transaction.
    await sql`
      create table kafka_offsets (
        group_id text not null,
        topic text not null,
        partition integer not null,
        next_offset bigint not null,
        last_transaction_id xid8 not null,
        last_global_position bigint not null,
        updated_at timestamptz not null default now(),
        primary key (group_id, topic, partition)
      )`.execute(db);
    await sql`
      create table dead_letters (
        id bigserial primary key,
        projection text not null,
        source text not null,
        event_id text,
        stream_id text,
        stream_version integer,
        type text,
        payload jsonb not null,
        error text not null,
        attempts integer not null,
        parked_at timestamptz not null default now()
      )`.execute(db);
    await sql`create index dead_letters_projection on dead_letters (projection, parked_at)`.execute(db);
    await sql`
      create table projection_state (
        name text primary key,
        paused boolean not null default false,
        updated_at timestamptz not null default now()
      )`.execute(db);
  },
};
