import { Type } from 'typebox';

/** The schemas and route options the posts routes share. */
export const Null = Type.Null();
export const USER = { auth: 'user' as const };
/** A question, answer or comment id (long or short: see the permalink hooks). */
export const Id = Type.String({ minLength: 1, maxLength: 64 });
