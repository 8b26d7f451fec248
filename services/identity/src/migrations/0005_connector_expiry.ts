import { type Kysely, type Migration, sql } from 'kysely';

export const key = '20261126_0005_connector_expiry';

export const migration: Migration = {
  async up(db: Kysely<unknown>) {
    // Each new trip to a provider and each new binding deletes the expired ones (docs/adr/0065-external-logins.md).
    await sql`create index connector_states_expiry on connector_states (expires_at)`.execute(db);
    await sql`create index connector_bindings_expiry on connector_bindings (expires_at)`.execute(db);
  },
  async down(db: Kysely<unknown>) {
    await sql`drop index connector_bindings_expiry`.execute(db);
    await sql`drop index connector_states_expiry`.execute(db);
  },
};
