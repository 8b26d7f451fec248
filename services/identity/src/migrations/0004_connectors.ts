import { type Kysely, type Migration, sql } from 'kysely';

export const key = '20261126_0004_connectors';

export const migration: Migration = {
  async up(db: Kysely<unknown>) {
    // The admin's connectors as their events left them (docs/adr/0065-external-logins.md).
    await sql`
      create table connectors (
        name text primary key,
        kind text not null,
        enabled boolean not null,
        issuer text not null,
        authorization_url text not null,
        token_url text not null,
        api_url text not null,
        client_id text not null,
        scopes text not null,
        button_label text not null,
        icon text not null,
        updated_at timestamptz not null
      )`.execute(db);
    // Client secrets stay here, never in events (like password hashes in credentials).
    await sql`
      create table connector_secrets (
        name text primary key,
        client_secret text not null,
        updated_at timestamptz not null default now()
      )`.execute(db);
    // A provider's account bound to a member: one per provider and member, one member per provider account.
    await sql`
      create table external_logins (
        connector text not null,
        external_id text not null,
        user_id text not null,
        email text not null,
        linked_at timestamptz not null,
        primary key (connector, external_id)
      )`.execute(db);
    await sql`create unique index external_logins_user on external_logins (user_id, connector)`.execute(db);
    // A trip to a provider: state (by its hash), nonce and PKCE verifier, spent once before it expires.
    await sql`
      create table connector_states (
        state_hash text primary key,
        connector text not null,
        nonce text not null,
        code_verifier text not null,
        link_user_id text,
        expires_at timestamptz not null,
        used_at timestamptz
      )`.execute(db);
    // A provider's account waiting for its e-mail to be proven (by a mail code) before it is bound.
    await sql`
      create table connector_bindings (
        binding_hash text primary key,
        connector text not null,
        external_id text not null,
        display_name text not null,
        provider_email text not null,
        email text,
        code_hash text,
        expires_at timestamptz not null,
        used_at timestamptz
      )`.execute(db);
    await sql`create unique index connector_bindings_code on connector_bindings (code_hash)`.execute(db);
  },
  async down(db: Kysely<unknown>) {
    for (const table of [
      'connector_bindings',
      'connector_states',
      'external_logins',
      'connector_secrets',
      'connectors',
    ])
      await sql`drop table ${sql.table(table)}`.execute(db);
  },
};
