import { type Kysely, type Migration, sql } from 'kysely';

export const key = '20261207_0003_ai_settings';

/**
 * The AI settings as the last `assistant.ai_configured` left them (the inline read model), and the providers' keys,
 * which are kept here and nowhere else: never in an event, a log or an answer (docs/adr/0096-the-assistant-service.md).
 */
export const migration: Migration = {
  async up(db: Kysely<unknown>) {
    await sql`create table ai_settings (name text primary key, settings jsonb not null)`.execute(db);
    await sql`create table ai_provider_keys (provider text primary key, api_key text not null)`.execute(db);
  },
  async down(db: Kysely<unknown>) {
    await sql`drop table ai_provider_keys, ai_settings`.execute(db);
  },
};
