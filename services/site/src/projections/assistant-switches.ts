import { AiConfigured, McpSwitched } from '@agora/contracts';
import type { Db, Projection, StoredEvent, Tx } from '@agora/platform';
import { sql } from 'kysely';

export const ASSISTANT_SWITCHES_TOPIC = 'assistant-switches';

/** The assistant's switches as `siteinfo` tells the web apps (`ai_enabled`, `mcp_enabled`); a newer save wins. */
export const assistantSwitches: Projection = {
  name: 'assistant-switches',
  source: 'assistant',
  events: [McpSwitched, AiConfigured],
  topics: [ASSISTANT_SWITCHES_TOPIC],
  async apply(event: StoredEvent, tx: Tx) {
    const name = event.type === McpSwitched.type ? 'mcp' : 'ai';
    const { enabled } = event.data as { enabled: boolean };
    await sql`
      insert into assistant_switches (name, enabled, stream_version) values (${name}, ${enabled}, ${event.version})
      on conflict (name) do update set enabled = excluded.enabled, stream_version = excluded.stream_version
        where assistant_switches.stream_version < excluded.stream_version`.execute(tx);
  },
  async reset(tx) {
    await sql`truncate assistant_switches`.execute(tx);
  },
};

export async function loadAssistantSwitches(db: Db): Promise<{ ai_enabled: boolean; mcp_enabled: boolean }> {
  const { rows } = await sql<{ name: string; enabled: boolean }>`select name, enabled from assistant_switches`.execute(
    db,
  );
  const on = (name: string) => rows.some((row) => row.name === name && row.enabled);
  return { ai_enabled: on('ai'), mcp_enabled: on('mcp') };
}
