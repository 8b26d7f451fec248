import type { ApiKeyCreated, ApiKeyDescribed, ApiKeyRevoked, EventOf, McpSwitched } from '@agora/contracts';
import type { StoredEvent, Tx } from '@agora/platform';
import { sql } from 'kysely';

type OwnEvent =
  | EventOf<typeof ApiKeyCreated>
  | EventOf<typeof ApiKeyDescribed>
  | EventOf<typeof ApiKeyRevoked>
  | EventOf<typeof McpSwitched>;

/** The assistant's own events into its tables, in the transaction that appends them. */
export async function applyOwnEvent(tx: Tx, stored: StoredEvent): Promise<void> {
  const event = stored as unknown as OwnEvent;
  switch (event.type) {
    case 'assistant.api_key_created': {
      const d = event.data;
      await sql`
        insert into api_keys (key_id, user_id, description, scope, key_sha256, masked, created_at)
        values (${d.key_id}, ${d.user_id}, ${d.description}, ${d.scope}, ${d.key_sha256}, ${d.masked},
                ${stored.occurredAt}::timestamptz)
        on conflict do nothing`.execute(tx);
      return;
    }
    case 'assistant.api_key_described':
      await sql`update api_keys set description = ${event.data.description} where key_id = ${event.data.key_id}`.execute(
        tx,
      );
      return;
    case 'assistant.api_key_revoked':
      await sql`update api_keys set revoked = true where key_id = ${event.data.key_id}`.execute(tx);
      return;
    case 'assistant.mcp_switched':
      await sql`
        insert into assistant_switches (name, enabled) values ('mcp', ${event.data.enabled})
        on conflict (name) do update set enabled = excluded.enabled`.execute(tx);
      return;
  }
}

/** The inline read model as one unit, for a rebuild from the service's own log (rebuildInlineReadModel). */
export const ownReadModel = {
  async reset(tx: Tx) {
    await sql`truncate api_keys, assistant_switches`.execute(tx);
  },
  apply: applyOwnEvent,
};
