import { type Static, Type } from 'typebox';
import { ApiKeyScopeSchema } from './events';

/** `sk_` and 32 hexadecimal digits: the reference's length, all of it random. */
export const API_KEY_PATTERN = /^sk_[0-9a-f]{32}$/;
export const API_KEY_PREFIX = 'sk_';

/** One key of `GET {admin}/api-key/all`: never the key, only its first seven and last four characters. */
export const ApiKeyItemSchema = Type.Object({
  id: Type.String(),
  access_key: Type.String(),
  description: Type.String(),
  scope: ApiKeyScopeSchema,
  created_at: Type.Integer(),
  last_used_at: Type.Integer(),
});
export type ApiKeyItem = Static<typeof ApiKeyItemSchema>;

export const ApiKeyDescription = Type.String({ maxLength: 150 });
export const ApiKeyCreateBody = Type.Object({ description: ApiKeyDescription, scope: ApiKeyScopeSchema });
export const ApiKeyUpdateBody = Type.Object({
  id: Type.String({ minLength: 1, maxLength: 64 }),
  description: ApiKeyDescription,
});
export const ApiKeyDeleteBody = Type.Object({ id: Type.String({ minLength: 1, maxLength: 64 }) });
