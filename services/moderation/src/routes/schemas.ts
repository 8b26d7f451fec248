import { REASON_ACTIONS, REASON_OBJECT_TYPES } from '@agora/contracts';
import { Type } from 'typebox';

/** The schemas and route options moderation's routes share. */
export const USER = { auth: 'user' as const };
export const STAFF = { auth: 'staff' as const };
export const ADMIN = { auth: 'admin' as const };
export const Id = Type.String({ minLength: 1, maxLength: 64 });
export const Null = Type.Null();

export const ReasonQuery = Type.Object({
  object_type: Type.Union(REASON_OBJECT_TYPES.map((t) => Type.Literal(t))),
  action: Type.Union(REASON_ACTIONS.map((a) => Type.Literal(a))),
});
