import { ConnectorTripCookie } from '@agora/contracts';
import { describe, expect, it } from 'vitest';
import { TripCookies } from '../src/connectors/trip-cookies';

describe('trip cookies (docs/adr/0089-login-state-bound-to-the-browser.md)', () => {
  it('on an HTTPS site: Secure and `__Secure-` named, under the site’s path', () => {
    const cookies = new TripCookies('https://example.org/forum/');
    const name = cookies.nameOf('some-state');
    expect(name).toMatch(
      new RegExp(`^__Secure-${ConnectorTripCookie.prefix}[0-9a-f]{${ConnectorTripCookie.idLength}}$`),
    );
    expect(cookies.set('some-state', 'proof')).toBe(
      `${name}=proof; Path=/forum${ConnectorTripCookie.path}; Max-Age=600; HttpOnly; SameSite=Lax; Secure`,
    );
    expect(cookies.clear('some-state')).toBe(
      `${name}=; Path=/forum${ConnectorTripCookie.path}; Max-Age=0; HttpOnly; SameSite=Lax; Secure`,
    );
  });

  it('on a plain-HTTP site: neither Secure nor `__Secure-`', () => {
    const cookies = new TripCookies('http://localhost:9080');
    expect(cookies.nameOf('some-state')).toMatch(new RegExp(`^${ConnectorTripCookie.prefix}`));
    expect(cookies.set('some-state', 'proof')).not.toContain('Secure');
    expect(cookies.set('some-state', 'proof')).toContain(`Path=${ConnectorTripCookie.path};`);
  });

  it('each state has its own cookie, read back from the Cookie header by the state alone', () => {
    const cookies = new TripCookies('http://localhost:9080');
    const one = cookies.nameOf('state-one');
    const two = cookies.nameOf('state-two');
    expect(one).not.toBe(two);
    const header = `theme=dark; ${one}=proof-one;${two}=proof-two`;
    expect(cookies.presented(header, 'state-one')).toBe('proof-one');
    expect(cookies.presented(header, 'state-two')).toBe('proof-two');
    expect(cookies.presented(header, 'state-three')).toBeUndefined();
    expect(cookies.presented(`${one}=`, 'state-one')).toBeUndefined();
    expect(cookies.presented(undefined, 'state-one')).toBeUndefined();
  });
});
