import { type Kysely, type Migration, sql } from 'kysely';

export const key = '0000_platform_03_actors';

export const migration: Migration = {
  async up(db: Kysely<unknown>) {
    // Each service's own copy of identity's facts, for permission checks without calling identity.
    await sql`
      create table actors (
        user_id text primary key,
        username text not null,
        display_name text not null,
        email text not null default '',
        avatar jsonb not null default '{}',
        role_id integer not null,
        status text not null,
        mail_status integer not null,
        suspended_until timestamptz,
        rank integer not null default 0,
        language text not null default 'en_US',
        sessions_valid_after timestamptz,
        changed_at timestamptz not null
      )`.execute(db);
    await sql`create index actors_username on actors (lower(username))`.execute(db);
    await sql`
      create table revoked_sessions (
        session_id text primary key,
        user_id text not null,
        revoked_at timestamptz not null
      )`.execute(db);
    await sql`
      create table signing_keys (
        kid text primary key,
        algorithm text not null,
        public_key text not null,
        private_key text,
        created_at timestamptz not null default now()
      )`.execute(db);
  },
};
