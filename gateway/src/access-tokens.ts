import { Limits } from '@agora/contracts';
import { ApiError, errors, isDatabaseUnavailable } from '@agora/platform';
import { createVerifier } from 'fast-jwt';
import type { ServiceTransport } from './transports';

interface Jwks {
  keys: { kid: string; public_key: string }[];
}

const REFETCH_UNKNOWN_KID_MS = 10_000;

/**
 * Checks access tokens at the edge (signature and expiry) with identity's public keys, fetched from
 * identity's internal JWKS route and fetched again when an unknown key appears. Revocation is checked
 * by the services themselves; the gateway only needs to know whether a caller is anonymous.
 */
export class AccessTokens {
  private readonly keys = new Map<string, string>();
  private lastFetch = 0;
  private fetching: Promise<void> | null = null;
  private readonly verify = createVerifier({
    algorithms: ['EdDSA'],
    // A token without an expiry would never end; identity signs none. No token outlives the lifetime from
    // its issue, whatever its `exp` says (tokens once said 7,000 days).
    requiredClaims: ['exp', 'iat'],
    maxAge: Limits.session.accessTokenLifetimeSeconds * 1000,
    cache: 10_000,
    key: async (decoded: { header: { kid?: string } }) => {
      const kid = decoded.header.kid ?? '';
      if (!this.keys.has(kid)) await this.refresh();
      const key = this.keys.get(kid);
      if (!key) throw new Error('unknown signing key');
      return key;
    },
  });

  constructor(private readonly identity: () => ServiceTransport | undefined) {}

  private refresh(): Promise<void> {
    if (Date.now() - this.lastFetch < REFETCH_UNKNOWN_KID_MS && this.keys.size > 0) return Promise.resolve();
    this.fetching ??= (async () => {
      const transport = this.identity();
      if (!transport) return;
      const response = await transport.forward({ method: 'GET', url: '/internal/jwks', headers: {}, body: undefined });
      // Identity is down: a token signed with a key not yet known here cannot be judged, only refused later.
      if (response.status !== 200) throw errors.unavailable();
      for (const key of (JSON.parse(response.body.toString('utf8')) as Jwks).keys)
        this.keys.set(key.kid, key.public_key);
      this.lastFetch = Date.now();
    })().finally(() => {
      this.fetching = null;
    });
    return this.fetching;
  }

  /** The user id of a valid token, or undefined; throws a 503 when identity's keys cannot be had. */
  async userOf(token: string | undefined): Promise<string | undefined> {
    return (await this.claimsOf(token))?.userId;
  }

  /** A valid token's member and session, or undefined; throws a 503 when identity's keys cannot be had. */
  async claimsOf(token: string | undefined): Promise<{ userId: string; sessionId: string | null } | undefined> {
    if (!token) return undefined;
    try {
      const claims = (await this.verify(token)) as { sub?: string; sid?: string };
      if (!claims.sub) return undefined;
      return { userId: claims.sub, sessionId: claims.sid ?? null };
    } catch (error) {
      // fast-jwt wraps what the key callback threw; a bad token is anonymous, an outage is not a sign-out.
      const cause = (error as { originalError?: unknown }).originalError ?? error;
      if (cause instanceof ApiError || isDatabaseUnavailable(cause)) throw errors.unavailable();
      return undefined;
    }
  }
}
