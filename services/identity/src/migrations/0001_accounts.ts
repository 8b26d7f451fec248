import { type Kysely, type Migration, sql } from 'kysely';

export const key = '20261122_0001_accounts';

export const migration: Migration = {
  async up(db: Kysely<unknown>) {
    // Users as identity serves them, kept inline with the user events (read your own writes).
    await sql`
      create table users (
        user_id text primary key,
        username text not null,
        display_name text not null,
        email text not null,
        avatar jsonb not null default '{"type":"","gravatar":"","custom":""}',
        bio text not null default '',
        bio_html text not null default '',
        website text not null default '',
        location text not null default '',
        role_id integer not null,
        status text not null default 'normal',
        mail_status integer not null,
        suspended_until timestamptz,
        suspended_at timestamptz,
        deleted_at timestamptz,
        language text not null default 'en_US',
        color_scheme text not null default 'default',
        rank integer not null default 0,
        answer_count integer not null default 0,
        question_count integer not null default 0,
        follow_count integer not null default 0,
        created_at timestamptz not null,
        last_login_at timestamptz,
        sessions_valid_after timestamptz,
        changed_at timestamptz not null
      )`.execute(db);
    await sql`create unique index users_username on users (lower(username))`.execute(db);
    await sql`create unique index users_email on users (lower(email)) where status <> 'deleted'`.execute(db);
    await sql`create index users_created on users (created_at desc)`.execute(db);
    // Password hashes stay here, never in events.
    await sql`
      create table credentials (
        user_id text primary key,
        password_hash text not null,
        updated_at timestamptz not null default now()
      )`.execute(db);
    await sql`
      create table sessions (
        session_id text primary key,
        user_id text not null,
        created_at timestamptz not null default now(),
        expires_at timestamptz not null,
        revoked_at timestamptz
      )`.execute(db);
    await sql`create index sessions_user on sessions (user_id)`.execute(db);
    // Link codes by their hash: only the latest unused code of a kind counts.
    await sql`
      create table account_codes (
        code_hash text primary key,
        user_id text not null,
        kind text not null,
        email text not null,
        expires_at timestamptz not null,
        used_at timestamptz,
        superseded boolean not null default false
      )`.execute(db);
    await sql`create index account_codes_user on account_codes (user_id, kind)`.execute(db);
    // Captchas and their counters are platform tables (0000_platform_06_captchas).
    // The shape rate-limiter-flexible's PostgreSQL store expects; shared by every identity replica.
    await sql`
      create table rate_limits (
        key varchar(255) primary key,
        points integer not null default 0,
        expire bigint
      )`.execute(db);
  },
};
