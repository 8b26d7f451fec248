/**
 * The shapes of the reference API's answers, as `docs/reference/api-routes.json` holds them: what the reference
 * handler puts in the envelope's `data` (its `‡Go` shape where the published schema differs), one node per type.
 */
export type RefType =
  | { kind: 'string' | 'integer' | 'number' | 'boolean' | 'null' | 'any' }
  /** A struct. `name` when the reference names it; `fields` absent when only the name is given (see `schemas`). */
  | { kind: 'object'; name?: string; fields?: Record<string, RefType> }
  | { kind: 'array'; items: RefType }
  | { kind: 'map'; values: RefType }
  /** Two success shapes (`A **or** B`). */
  | { kind: 'union'; options: RefType[] };

/** What the reference answers instead of the JSON envelope (a redirect, plain text, a stream), or no `data` type. */
export type RefAnswer = { envelope: true; data: RefType } | { envelope: false; note: string };

export type RefAuth = 'none' | 'opt' | 'opt-tok' | 'opt-h' | 'login' | 'user' | 'admin' | 'apikey';

export interface RefRoute {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** The full path as the client calls it (`/answer/api/v1/question/info`), path parameters as `{name}`. */
  path: string;
  /** The reference's section heading the route is listed under. */
  group: string;
  auth: RefAuth;
  answer: RefAnswer;
  /** The `data` cell as the reference writes it: the handler's shape, for people reading a mismatch. */
  shape: string;
}

export interface RefRouteList {
  source: string;
  routes: RefRoute[];
  /** Named structs and their fields, for shapes that give a name only. */
  schemas: Record<string, Record<string, RefType>>;
}
