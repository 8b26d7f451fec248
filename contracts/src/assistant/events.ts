import { Type } from 'typebox';
import { defineEvent } from '../events/envelope';

const Id = Type.String({ minLength: 1 });
/** A key's number, as the reference numbers them (its wire has integer ids). */
const KeyId = Type.Integer({ minimum: 1 });

/** What a key may do: `read-only` keys call only tools that change nothing; `global` keys call every tool. */
export const API_KEY_SCOPES = ['read-only', 'global'] as const;
export type ApiKeyScope = (typeof API_KEY_SCOPES)[number];
export const ApiKeyScopeSchema = Type.Union([Type.Literal('read-only'), Type.Literal('global')]);

/**
 * An admin's new API key, on the key's own stream (`api-key-<key id>`). The key itself is shown once, to its
 * creator, and never stored: the event carries its SHA-256 (enough to recognise it, useless to use it) and the
 * few characters the list shows (docs/adr/0096-the-assistant-service.md).
 */
export const ApiKeyCreated = defineEvent(
  'assistant.api_key_created',
  Type.Object({
    key_id: KeyId,
    user_id: Id,
    description: Type.String(),
    scope: ApiKeyScopeSchema,
    key_sha256: Type.String({ pattern: '^[0-9a-f]{64}$' }),
    masked: Type.String(),
  }),
);
export const ApiKeyDescribed = defineEvent(
  'assistant.api_key_described',
  Type.Object({ key_id: KeyId, actor_id: Id, description: Type.String() }),
);
/** A key revoked: refused from the next request on, on every replica. */
export const ApiKeyRevoked = defineEvent('assistant.api_key_revoked', Type.Object({ key_id: KeyId, actor_id: Id }));

/** The MCP server turned on or off by an admin (`{admin}/mcp-config`); `siteinfo.mcp_enabled` follows it. */
export const McpSwitched = defineEvent(
  'assistant.mcp_switched',
  Type.Object({ enabled: Type.Boolean(), actor_id: Id }),
);

/**
 * The AI assistant's settings as an admin saved them, on `assistant-ai-config`. Never a provider's key: those are kept
 * beside the read model, outside the log (docs/adr/0096-the-assistant-service.md); `has_key` says one is set.
 */
export const AiConfigured = defineEvent(
  'assistant.ai_configured',
  Type.Object({
    enabled: Type.Boolean(),
    chosen_provider: Type.String(),
    providers: Type.Array(
      Type.Object({ provider: Type.String(), api_host: Type.String(), model: Type.String(), has_key: Type.Boolean() }),
    ),
    prompts: Type.Object({ zh_cn: Type.String(), en_us: Type.String() }),
    chats_per_hour: Type.Integer(),
    max_reply_tokens: Type.Integer(),
    embedding_model: Type.String(),
    actor_id: Id,
  }),
);

const ConversationId = Type.String({ minLength: 1, maxLength: 64 });
/** A post the assistant read through a tool while answering, listed under its reply. */
export const AiSource = Type.Object({ title: Type.String(), link: Type.String() });

/** A member's first question to the assistant in a conversation (`ai-conversation-<id>`); `topic` is that question. */
export const ConversationStarted = defineEvent(
  'assistant.conversation_started',
  Type.Object({ conversation_id: ConversationId, user_id: Id, topic: Type.String() }),
);
/**
 * One turn: what the member asked and what the assistant answered (with its reasoning, when the model showed it, and
 * the posts it read), under one `chat_completion_id`.
 */
export const TurnRecorded = defineEvent(
  'assistant.turn_recorded',
  Type.Object({
    conversation_id: ConversationId,
    chat_completion_id: Type.String({ minLength: 1 }),
    user_content: Type.String(),
    content: Type.String(),
    reasoning_content: Type.String(),
    sources: Type.Array(AiSource),
    model: Type.String(),
  }),
);
/** The member's vote on a reply: helpful, unhelpful, or taken back (`none`). */
export const ReplyVoted = defineEvent(
  'assistant.reply_voted',
  Type.Object({
    conversation_id: ConversationId,
    chat_completion_id: Type.String({ minLength: 1 }),
    vote: Type.Union([Type.Literal('helpful'), Type.Literal('unhelpful'), Type.Literal('none')]),
  }),
);
/**
 * An admin deleted a conversation: its read model rows go, and the text of its events is emptied in the store
 * (docs/adr/0078-purging-in-an-event-sourced-system.md).
 */
export const ConversationPurged = defineEvent(
  'assistant.conversation_purged',
  Type.Object({ conversation_id: ConversationId, user_id: Id, actor_id: Id }),
);

export const AssistantEvents = [
  ApiKeyCreated,
  ApiKeyDescribed,
  ApiKeyRevoked,
  McpSwitched,
  AiConfigured,
  ConversationStarted,
  TurnRecorded,
  ReplyVoted,
  ConversationPurged,
];
