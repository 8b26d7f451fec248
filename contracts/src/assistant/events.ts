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

export const AssistantEvents = [ApiKeyCreated, ApiKeyDescribed, ApiKeyRevoked, McpSwitched];
