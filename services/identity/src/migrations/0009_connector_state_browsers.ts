import { type Kysely, type Migration, sql } from 'kysely';

export const key = '20261227_0017_connector_state_browsers';

/**
 * A trip to a provider keeps the hash of the proof its browser holds in a cookie, and only that browser spends it
 * (docs/adr/0089-login-state-bound-to-the-browser.md). A trip started before has none: it matches no browser and is
 * refused like an expired one, and is gone within the state's ten minutes.
 */
export const migration: Migration = {
  async up(db: Kysely<unknown>) {
    await sql`alter table connector_states add column browser_hash text`.execute(db);
  },
  async down(db: Kysely<unknown>) {
    await sql`alter table connector_states drop column browser_hash`.execute(db);
  },
};
