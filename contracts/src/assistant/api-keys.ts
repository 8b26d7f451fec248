import { type Static, Type } from 'typebox';
import { Limits } from '../limits';
import { ApiKeyScopeSchema } from './events';

/** `sk_` and 32 hexadecimal digits: the reference's length, all of it random. */
export const API_KEY_PATTERN = /^sk_[0-9a-f]{32}$/;
export const API_KEY_PREFIX = 'sk_';

/** One key of `GET {admin}/api-key/all`: never the key, only its first seven and last four characters. */
export const ApiKeyItemSchema = Type.Object({
  id: Type.Integer(),
  access_key: Type.String(),
  description: Type.String(),
  scope: ApiKeyScopeSchema,
  created_at: Type.Integer(),
  last_used_at: Type.Integer(),
});
export type ApiKeyItem = Static<typeof ApiKeyItemSchema>;

export const ApiKeyDescription = Type.String({ maxLength: Limits.apiKey.descriptionMaxLength });
export const ApiKeyCreateBody = Type.Object({ description: ApiKeyDescription, scope: ApiKeyScopeSchema });
/** A key's number: as the table keeps it (a PostgreSQL integer). */
const ApiKeyNumber = Type.Integer({ minimum: 1, maximum: 2_147_483_647 });

export const ApiKeyUpdateBody = Type.Object({
  id: ApiKeyNumber,
  description: ApiKeyDescription,
});
/** `POST {admin}/api-key`: the new key, the only time it is ever answered. */
export const ApiKeyCreatedSchema = Type.Object({ access_key: Type.String() });
export type ApiKeyCreatedResp = Static<typeof ApiKeyCreatedSchema>;
export const ApiKeyDeleteBody = Type.Object({ id: ApiKeyNumber });

/** `GET {admin}/mcp-config`: the switch, and what an MCP client is given to connect (the reference's SiteMCPResp). */
export const McpConfigSchema = Type.Object({
  enabled: Type.Boolean(),
  type: Type.String(),
  url: Type.String(),
  http_header: Type.String(),
});
export type McpConfig = Static<typeof McpConfigSchema>;
export const McpConfigUpdateBody = Type.Object({ enabled: Type.Boolean() });
