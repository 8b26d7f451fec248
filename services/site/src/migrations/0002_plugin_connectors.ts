import { type Kysely, type Migration, sql } from 'kysely';

export const key = '20261126_0002_plugin_connectors';

/**
 * The external logins the plugin list shows beside the built-in plugins, projected from identity's
 * `identity.connector_configured` events (their settings stay identity's, docs/adr/0073-built-in-plugins.md).
 */
export const migration: Migration = {
  async up(db: Kysely<unknown>) {
    await sql`
      create table plugin_connectors (
        name text primary key,
        kind text not null,
        button_label text not null,
        enabled boolean not null,
        stream_version integer not null
      )`.execute(db);
  },
};
