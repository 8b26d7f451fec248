import { type Kysely, type Migration, sql } from 'kysely';

export const key = '20261201_0003_reputation_ledger';

export const migration: Migration = {
  async up(db: Kysely<unknown>) {
    // Inline read model of the ledger streams (reputation-<user id>): rebuilt from them alone.
    await sql`
      create table reputations (
        user_id text primary key,
        reputation integer not null,
        version integer not null
      )`.execute(db);
    await sql`
      create table ledger_entries (
        entry_id text primary key,
        user_id text not null,
        object_id text not null,
        question_id text not null,
        reason text not null,
        amount integer not null,
        state text not null,
        trigger_user_id text,
        granted_at timestamptz not null
      )`.execute(db);
    await sql`create index ledger_entries_object on ledger_entries (object_id)`.execute(db);
    await sql`create index ledger_entries_user on ledger_entries (user_id, granted_at desc)`.execute(db);
    await sql`create index ledger_entries_recent on ledger_entries (granted_at) where state = 'active'`.execute(db);
    // The ledger's own knowledge of posts (owners, deleted or not), kept by its process, not rebuilt.
    await sql`
      create table ledger_objects (
        object_id text primary key,
        owner_id text not null,
        question_id text not null,
        deleted boolean not null default false
      )`.execute(db);
    // Source events the ledger has acted on: a redelivered one changes nothing twice.
    await sql`create table ledger_inbox (event_id text primary key, seen_at timestamptz not null default now())`.execute(
      db,
    );
  },
};
