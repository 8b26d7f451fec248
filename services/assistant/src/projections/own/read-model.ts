import type {
  AiConfigured,
  ApiKeyCreated,
  ApiKeyDescribed,
  ApiKeyRevoked,
  ConversationPurged,
  ConversationStarted,
  EventOf,
  McpSwitched,
  ReplyVoted,
  TurnRecorded,
} from '@agora/contracts';
import type { StoredEvent, Tx } from '@agora/platform';
import { sql } from 'kysely';

type OwnEvent =
  | EventOf<typeof ApiKeyCreated>
  | EventOf<typeof ApiKeyDescribed>
  | EventOf<typeof ApiKeyRevoked>
  | EventOf<typeof McpSwitched>
  | EventOf<typeof AiConfigured>
  | EventOf<typeof ConversationStarted>
  | EventOf<typeof TurnRecorded>
  | EventOf<typeof ReplyVoted>
  | EventOf<typeof ConversationPurged>;

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
    case 'assistant.ai_configured': {
      const { actor_id: _actor, ...settings } = event.data;
      await sql`
        insert into ai_settings (name, settings) values ('ai', ${JSON.stringify(settings)}::jsonb)
        on conflict (name) do update set settings = excluded.settings`.execute(tx);
      return;
    }
    case 'assistant.conversation_started':
      await sql`
        insert into ai_conversations (conversation_id, user_id, topic, created_at, updated_at)
        values (${event.data.conversation_id}, ${event.data.user_id}, ${event.data.topic}, ${stored.occurredAt},
                ${stored.occurredAt})
        on conflict do nothing`.execute(tx);
      return;
    case 'assistant.turn_recorded': {
      const d = event.data;
      // Ordered by the turn's place in its stream: the member's message, then the reply.
      await sql`
        insert into ai_records (conversation_id, chat_completion_id, role, content, reasoning_content, sources,
                                created_at, position)
        values (${d.conversation_id}, ${d.chat_completion_id}, 'user', ${d.user_content}, '', '[]'::jsonb,
                ${stored.occurredAt}, ${stored.version * 2}),
               (${d.conversation_id}, ${d.chat_completion_id}, 'assistant', ${d.content}, ${d.reasoning_content},
                ${JSON.stringify(d.sources)}::jsonb, ${stored.occurredAt}, ${stored.version * 2 + 1})
        on conflict do nothing`.execute(tx);
      await sql`update ai_conversations set updated_at = greatest(updated_at, ${stored.occurredAt}::timestamptz)
                where conversation_id = ${d.conversation_id}`.execute(tx);
      return;
    }
    case 'assistant.reply_voted':
      await sql`
        update ai_records set helpful = ${event.data.vote === 'helpful'}, unhelpful = ${event.data.vote === 'unhelpful'}
        where chat_completion_id = ${event.data.chat_completion_id} and role = 'assistant'`.execute(tx);
      return;
    case 'assistant.conversation_purged':
      await sql`delete from ai_records where conversation_id = ${event.data.conversation_id}`.execute(tx);
      await sql`delete from ai_conversations where conversation_id = ${event.data.conversation_id}`.execute(tx);
      return;
  }
}

/** The inline read model as one unit, for a rebuild from the service's own log (rebuildInlineReadModel). */
export const ownReadModel = {
  async reset(tx: Tx) {
    await sql`truncate api_keys, assistant_switches, ai_settings, ai_conversations, ai_records`.execute(tx);
  },
  apply: applyOwnEvent,
};
