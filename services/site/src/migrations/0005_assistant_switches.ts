import { watchTopicTables } from '@agora/platform';
import { type Kysely, type Migration, sql } from 'kysely';

export const key = '20261207_0005_assistant_switches';

/** Whether the assistant and the MCP server are on, as `siteinfo` says it, from the assistant's events. */
export const migration: Migration = {
  async up(db: Kysely<unknown>) {
    await sql`
      create table assistant_switches (
        name text primary key,
        enabled boolean not null,
        stream_version integer not null
      )`.execute(db);
    await watchTopicTables(db, 'assistant-switches', ['assistant_switches']);
  },
};
