import type { RoleId } from '@agora/contracts';

/** Who is calling, as every service knows them from identity's events. */
export interface Actor {
  id: string;
  username: string;
  displayName: string;
  email: string;
  avatar: { type: string; gravatar: string; custom: string };
  roleId: RoleId;
  /** `suspended` only while the suspension lasts. */
  status: 'normal' | 'suspended' | 'deleted';
  mailStatus: number;
  suspendedUntil: Date | null;
  rank: number;
  language: string;
}

/** The claims of an access token: enough to act on before a service has projected a new user. */
export interface TokenClaims {
  sub: string;
  sid: string;
  /** Issued at, in milliseconds (the standard `iat` has only seconds). */
  t: number;
  role: number;
  ms: number;
  st: Actor['status'];
}

export interface ActorLookup {
  actor: Actor | null;
  /** When the actor's facts last changed (to compare with the token's issue time). */
  changedAt: Date | null;
  revoked: boolean;
}

/** Where a service finds actors and whether a session still stands. */
export interface ActorSource {
  lookup(userId: string, sessionId: string, issuedAtMs: number): Promise<ActorLookup>;
}

export interface KeySource {
  publicKey(kid: string): Promise<string | undefined>;
}

export const FOREVER = new Date('2099-12-31T23:59:59Z');

/** A suspension that has ended counts as normal, with no job needed to lift it. */
export function effectiveStatus(status: string, suspendedUntil: Date | null, now = new Date()): Actor['status'] {
  if (status === 'suspended' && suspendedUntil && suspendedUntil <= now) return 'normal';
  return status as Actor['status'];
}
