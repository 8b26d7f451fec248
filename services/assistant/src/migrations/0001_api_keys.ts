import { type Kysely, type Migration, sql } from 'kysely';

export const key = '20261207_0001_api_keys';

/** API keys and the switches (the inline read model of the assistant's own events), and when keys were last used. */
export const migration: Migration = {
  async up(db: Kysely<unknown>) {
    await sql`
      create table api_keys (
        key_id integer primary key,
        user_id text not null,
        description text not null,
        scope text not null check (scope in ('read-only', 'global')),
        key_sha256 text not null unique,
        masked text not null,
        created_at timestamptz not null,
        revoked boolean not null default false
      )`.execute(db);
    await sql`create index api_keys_listed on api_keys (created_at desc, key_id desc) where not revoked`.execute(db);
    // Not rebuilt from events: a use is not an event (one per request would swamp the log), so a rebuild keeps it.
    await sql`create table api_key_use (key_id integer primary key, last_used_at timestamptz not null)`.execute(db);
    await sql`create table assistant_switches (name text primary key, enabled boolean not null)`.execute(db);
  },
  async down(db: Kysely<unknown>) {
    await sql`drop table assistant_switches`.execute(db);
    await sql`drop table api_key_use`.execute(db);
    await sql`drop table api_keys`.execute(db);
  },
};
