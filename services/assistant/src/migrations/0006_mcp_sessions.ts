import { type Kysely, type Migration, sql } from 'kysely';

export const key = '20261207_0006_mcp_sessions';

/**
 * The MCP SSE sessions open on every replica, so that a message that reaches a replica without its session is
 * relayed to the one that holds it, and one for no session at all is answered 404 (docs/adr/0096-the-assistant-service.md).
 */
export const migration: Migration = {
  async up(db: Kysely<unknown>) {
    await sql`
      create table mcp_sessions (
        session_id text primary key,
        key_id integer not null,
        opened_at timestamptz not null default now()
      )`.execute(db);
  },
  async down(db: Kysely<unknown>) {
    await sql`drop table mcp_sessions`.execute(db);
  },
};
