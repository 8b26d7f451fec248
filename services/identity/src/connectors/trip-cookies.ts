import { createHash, randomBytes } from 'node:crypto';
import { ConnectorLifetimes, ConnectorTripCookie } from '@agora/contracts';

/** The name prefix browsers accept only from a secure origin, so a plain-HTTP answer cannot plant the cookie. */
const SECURE_PREFIX = '__Secure-';
const MAX_AGE_SECONDS = Math.floor(ConnectorLifetimes.loginStateMs / 1000);

/** What a browser holds to prove it started a trip: 32 random bytes; the trip's state row keeps only its hash. */
export function newBrowserProof(): string {
  return randomBytes(32).toString('base64url');
}

/**
 * The cookie that binds a trip to a provider to the browser that started it
 * (docs/adr/0089-login-state-bound-to-the-browser.md): one per trip, named by a short id of its state, so two tabs'
 * trips each keep their own; HttpOnly; SameSite=Lax, which a top-level GET back from the provider still carries;
 * Secure (and `__Secure-` named) on an HTTPS site; sent only to the connector routes; as long-lived as the state.
 */
export class TripCookies {
  private readonly secure: boolean;
  private readonly path: string;

  constructor(siteUrl: string) {
    const site = new URL(siteUrl);
    this.secure = site.protocol === 'https:';
    this.path = `${site.pathname.replace(/\/$/, '')}${ConnectorTripCookie.path}`;
  }

  /** The cookie's name for the trip of `state`. */
  nameOf(state: string): string {
    const id = createHash('sha256').update(state).digest('hex').slice(0, ConnectorTripCookie.idLength);
    return `${this.secure ? SECURE_PREFIX : ''}${ConnectorTripCookie.prefix}${id}`;
  }

  /** The Set-Cookie header that hands the browser its proof for the trip of `state`. */
  set(state: string, proof: string): string {
    return this.header(state, proof, MAX_AGE_SECONDS);
  }

  /** The Set-Cookie header that removes it once the trip is over. */
  clear(state: string): string {
    return this.header(state, '', 0);
  }

  /** The proof the browser sends (its `Cookie` header) for the trip of `state`, if any. */
  presented(cookieHeader: string | undefined, state: string): string | undefined {
    if (!cookieHeader) return undefined;
    const name = this.nameOf(state);
    for (const pair of cookieHeader.split(';')) {
      const at = pair.indexOf('=');
      if (at > 0 && pair.slice(0, at).trim() === name) return pair.slice(at + 1).trim() || undefined;
    }
    return undefined;
  }

  private header(state: string, value: string, maxAgeSeconds: number): string {
    const attributes = [`Path=${this.path}`, `Max-Age=${maxAgeSeconds}`, 'HttpOnly', 'SameSite=Lax'];
    if (this.secure) attributes.push('Secure');
    return [`${this.nameOf(state)}=${value}`, ...attributes].join('; ');
  }
}
