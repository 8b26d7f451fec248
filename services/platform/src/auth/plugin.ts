import { Limits, MailStatus, Role } from '@agora/contracts';
import jwt from '@fastify/jwt';
import type { FastifyRequest } from 'fastify';
import { isDatabaseUnavailable } from '../db/unavailable';
import type { HttpApp } from '../http/app';
import { errors } from '../http/errors';
import type { Actor, ActorLookup, ActorSource, KeySource, TokenClaims } from './actor';
import type { AuthLevel } from './levels';
import '../http/request-fields';
import { isTokenRejection, UnknownSigningKeyError } from './token-rejection';

/**
 * The raw token from the `Authorization` header (a `Bearer ` prefix is tolerated). A token in the query
 * string (`?Authorization=`) is ignored: addresses end up in logs, histories and Referer headers, and no
 * route needs one (docs/behaviour-decisions.md).
 */
export function extractToken(request: Pick<FastifyRequest, 'headers'>): string | undefined {
  const raw = request.headers.authorization;
  if (!raw || typeof raw !== 'string') return undefined;
  const token = raw.startsWith('Bearer ') ? raw.slice(7) : raw;
  return token.trim() || undefined;
}

function actorFromClaims(claims: TokenClaims): Actor {
  return {
    id: claims.sub,
    username: '',
    displayName: '',
    email: '',
    avatar: { type: '', gravatar: '', custom: '' },
    roleId: claims.role as Actor['roleId'],
    status: claims.st,
    mailStatus: claims.ms,
    suspendedUntil: null,
    rank: 0,
    language: 'en_US',
  };
}

/** The freshest view: the token's claims when issued after the projection last changed, else the projection. */
function currentActor(projected: Actor | null, changedAt: Date | null, claims: TokenClaims): Actor {
  if (!projected) return actorFromClaims(claims);
  if (changedAt && claims.t > changedAt.getTime()) {
    return { ...projected, roleId: claims.role as Actor['roleId'], mailStatus: claims.ms, status: claims.st };
  }
  return projected;
}

export function guard(level: AuthLevel, actor: Actor | null): void {
  if (level === 'none' || level === 'optional' || level === 'key') return;
  if (!actor || actor.status === 'deleted') throw errors.unauthorized();
  if (actor.status === 'suspended') throw errors.forbidden('suspended');
  if (level === 'login') return;
  if (actor.mailStatus !== MailStatus.activated) throw errors.forbidden('inactive');
  if (level === 'staff' && actor.roleId !== Role.admin && actor.roleId !== Role.moderator) throw errors.forbidden();
  if (level === 'admin' && actor.roleId !== Role.admin) throw errors.forbidden();
}

export interface AuthOptions {
  actors: ActorSource;
  keys: KeySource;
  /**
   * Waits (bounded) until this service has applied what identity committed on a member's stream; for a
   * token whose member the service has not caught up with yet (docs/adr/0044-catching-up.md).
   */
  catchUp?: (userId: string) => Promise<unknown>;
}

/**
 * Whether the token knows the member better than this service's copy: a member it has not heard of yet,
 * or an activation it has not applied (the token says activated, the copy does not), either of which
 * would have a member who just signed up refused for want of the reputation activation gives.
 */
function copyIsBehind(found: ActorLookup, claims: TokenClaims): boolean {
  if (found.revoked) return false;
  if (!found.actor) return true;
  return claims.ms === MailStatus.activated && found.actor.mailStatus !== MailStatus.activated;
}

/**
 * Verifies access tokens in this service (DESIGN §3): the signature with identity's public key named
 * by `kid`, then the session against the service's own record of revocations, then the route's level.
 */
export async function registerAuth(app: HttpApp, options: AuthOptions): Promise<void> {
  await app.register(jwt, {
    secret: async (_request: FastifyRequest, token: { header?: { kid?: string } }) => {
      const kid = token.header?.kid;
      const key = kid ? await options.keys.publicKey(kid) : undefined;
      if (!key) throw new UnknownSigningKeyError();
      return key;
    },
    // No token outlives the lifetime from its issue, whatever its `exp` says (tokens once said 7,000 days).
    verify: {
      algorithms: ['EdDSA'],
      requiredClaims: ['exp', 'iat'],
      maxAge: Limits.session.accessTokenLifetimeSeconds,
      cache: 10_000,
      extractToken,
    },
    decode: { complete: true },
  } as never);
  app.decorateRequest('actor', null);
  app.decorateRequest('sessionId', null);

  app.addHook('onRequest', async (request) => {
    const level = request.routeOptions.config?.auth ?? 'none';
    if (level !== 'none' && level !== 'key' && extractToken(request)) {
      try {
        const claims = (await request.jwtVerify()) as TokenClaims;
        let found = await options.actors.lookup(claims.sub, claims.sid, claims.t);
        if (options.catchUp && copyIsBehind(found, claims)) {
          await options.catchUp(claims.sub);
          found = await options.actors.lookup(claims.sub, claims.sid, claims.t);
        }
        if (!found.revoked) {
          request.actor = currentActor(found.actor, found.changedAt, claims);
          request.sessionId = claims.sid;
        }
      } catch (error) {
        // An invalid or expired token is no identity at all (a revoked one finds no session above); a
        // failed lookup (the database gone) is an outage and answers 503, never a sign-out.
        if (isDatabaseUnavailable(error) || !isTokenRejection(error)) throw error;
      }
    }
    guard(level, request.actor);
  });
}
