import type { Actor } from './actor';

/**
 * What a route needs (the reference API's "auth" group): `none` and `optional` let anyone in; `login` any signed-in
 * account that is not deleted; `user` an activated one that is not suspended; `staff` a moderator or
 * admin; `admin` an admin. `key`: an API key instead of a session, which the route checks itself (the MCP server,
 * docs/adr/0096-the-assistant-service.md); a session's token there is no identity at all.
 */
export type AuthLevel = 'none' | 'optional' | 'login' | 'user' | 'staff' | 'admin' | 'key';

/** The levels that let only a signed-in member through. */
export type MemberLevel = Exclude<AuthLevel, 'none' | 'optional' | 'key'>;

/**
 * The caller as a route's handler sees it, from the route's `config`: an `Actor` where `config.auth` is
 * a member level, else `Actor | null` (no config, `none`, `optional`, or a level not known while typing).
 */
export type ActorOf<ContextConfig> = [ContextConfig] extends [{ auth: MemberLevel }] ? Actor : Actor | null;

/** The session of a route's caller: known wherever the actor is (`ActorOf`). */
export type SessionIdOf<ContextConfig> = [ContextConfig] extends [{ auth: MemberLevel }] ? string : string | null;
