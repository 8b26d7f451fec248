import { type Kysely, type Migration, sql } from 'kysely';

export const key = '0000_platform_01_event_store';

/** `transaction_id` orders events by the transaction that wrote them, for the gap-safe read (DESIGN §3). */
export const migration: Migration = {
  async up(db: Kysely<unknown>) {
    await sql`
      create table events (
        global_position bigserial primary key,
        transaction_id xid8 not null default pg_current_xact_id(),
        event_id uuid not null unique,
        stream_id text not null,
        stream_version integer not null,
        type text not null,
        data jsonb not null,
        metadata jsonb not null,
        created_at timestamptz not null default now(),
        unique (stream_id, stream_version)
      )`.execute(db);
    await sql`create index events_transaction_order on events (transaction_id, global_position)`.execute(db);
    // Wakes consumers on commit (the channel is EVENTS_CHANNEL); the payload names the producer.
    await sql`
      create function notify_events() returns trigger language plpgsql as $$
      begin
        perform pg_notify('agora_events', tg_table_schema);
        return null;
      end $$`.execute(db);
    await sql`
      create trigger events_notify after insert on events
      for each statement execute function notify_events()`.execute(db);
  },
};
