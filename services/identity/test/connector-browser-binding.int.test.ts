import { createHash } from 'node:crypto';
import { ConnectorFailure, ConnectorLifetimes, ConnectorTripCookie } from '@agora/contracts';
import { siteService } from '@agora/site';
import { createUser, login, tokenClaims } from '@agora/test-support/accounts';
import { startOAuth2Provider, type TestOAuth2Provider } from '@agora/test-support/oauth2-provider';
import { saveOidcConnector, startOidcProvider, type TestOidcProvider } from '@agora/test-support/oidc-provider';
import { type Stack, startStack } from '@agora/test-support/stack';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { identityService } from '../src/service';
import { Browser } from './support/browser';
import {
  API,
  adminTokenOf,
  comeBack,
  leave,
  linksOf,
  linksOfExternal,
  newProviderAccount,
  redirectUriOf,
  trip,
  userCount,
} from './support/connector-trips';

/**
 * A trip to a provider finishes only in the browser that started it
 * (docs/adr/0089-login-state-bound-to-the-browser.md): against a real OpenID Connect provider (`corp`) and the
 * GitHub-style OAuth2 provider (`devhub`).
 */
let stack: Stack;
let oidc: TestOidcProvider;
let oauth2: TestOAuth2Provider;
let counter = 0;

beforeAll(async () => {
  oidc = await startOidcProvider({ redirectUris: [redirectUriOf('corp')] });
  oauth2 = await startOAuth2Provider({ redirectUris: [redirectUriOf('devhub')] });
  stack = await startStack({ services: [siteService, identityService] });
  const adminToken = await adminTokenOf(stack);
  await saveOidcConnector(stack, adminToken, oidc, 'corp');
  const saved = await stack.call('PUT', '/answer/admin/api/connector', {
    token: adminToken,
    body: {
      name: 'devhub',
      kind: 'oauth2',
      enabled: true,
      issuer: '',
      authorization_url: `${oauth2.url}/login/oauth/authorize`,
      token_url: `${oauth2.url}/login/oauth/access_token`,
      api_url: oauth2.url,
      client_id: oauth2.clientId,
      client_secret: oauth2.clientSecret,
      scopes: 'read:user user:email',
      button_label: 'DevHub',
      icon: 'GitHub',
    },
  });
  expect(saved.status).toBe(200);
});

afterAll(async () => {
  await stack?.close();
  await oidc?.close();
  await oauth2?.close();
});

/** A provider the test signs in at, with a fresh account of its own each time. */
interface Provider {
  name: string;
  authorize(authorizationUrl: string): Promise<URL>;
  /** Who signs in at the provider next: a fresh account with a verified e-mail; its external id. */
  signInFresh(): string;
}

const providers: Provider[] = [
  {
    name: 'corp',
    authorize: (url) => oidc.authorize(url),
    signInFresh() {
      const account = newProviderAccount('corp');
      oidc.signInAs(account);
      return account.sub;
    },
  },
  {
    name: 'devhub',
    authorize: (url) => oauth2.authorize(url),
    signInFresh() {
      counter += 1;
      const id = 5000 + counter;
      const stamp = `${counter}-${Date.now()}`;
      oauth2.signInAs({
        id,
        login: `dev${stamp}`,
        name: `Developer ${counter}`,
        emails: [{ email: `dev${stamp}@example.com`, primary: true, verified: true }],
      });
      return String(id);
    },
  },
];

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

/** The one trip cookie a browser holds: its name, value and attributes. */
function tripCookieOf(browser: Browser) {
  const held = [...browser.held()];
  expect(held).toHaveLength(1);
  const [name = '', { value = '', attributes = [] } = {}] = held[0] ?? [];
  return { name, value, attributes };
}

async function stateCount(): Promise<number> {
  return (await stack.query('select 1 from identity.connector_states where expires_at > now()')).length;
}

const refused = (landed: URL) => ({ page: landed.pathname, reason: landed.searchParams.get('reason') });
const invalidState = { page: '/user-center/auth-failed', reason: ConnectorFailure.invalidState };

for (const provider of providers) {
  describe(`a trip through ${provider.name} is bound to the browser that started it`, () => {
    it('sets the trip cookie as the browser leaves, and clears it as the same browser signs in', async () => {
      const browser = new Browser();
      const externalId = provider.signInFresh();
      const started = await leave(stack, provider.name, undefined, browser);
      const cookie = tripCookieOf(browser);
      const state = started.searchParams.get('state') ?? '';
      expect(cookie.name).toBe(`${ConnectorTripCookie.prefix}${sha256(state).slice(0, ConnectorTripCookie.idLength)}`);
      expect(cookie.attributes).toEqual([
        `Path=${ConnectorTripCookie.path}`,
        `Max-Age=${ConnectorLifetimes.loginStateMs / 1000}`,
        'HttpOnly',
        'SameSite=Lax',
      ]);
      // The state row keeps the hash of the browser's proof, never the proof itself.
      const [row] = await stack.query<{ browser_hash: string }>(
        'select browser_hash from identity.connector_states where state_hash = $1',
        [sha256(state)],
      );
      expect(row?.browser_hash).toBe(sha256(cookie.value));
      // Through the gateway, and never kept by a cache on the way.
      const raw = await stack.gateway.inject({ method: 'GET', url: `${API}/connector/login/${provider.name}` });
      expect(raw.headers['set-cookie']).toMatch(new RegExp(`^${ConnectorTripCookie.prefix}[0-9a-f]+=[\\w-]{43}; `));
      expect(raw.headers['cache-control']).toBe('no-store');

      const landed = await comeBack(stack, await provider.authorize(started.toString()), browser);
      expect(landed.pathname).toBe('/users/auth-landing');
      const userId = tokenClaims(landed.searchParams.get('access_token') ?? '').sub;
      expect(await linksOf(stack, userId)).toEqual([{ connector: provider.name, external_id: externalId }]);
      expect(browser.held().size).toBe(0);
    });

    it('refuses the answer in any other browser: nobody signed in, the trip left to its own browser', async () => {
      const starter = new Browser();
      const externalId = provider.signInFresh();
      const back = await provider.authorize((await leave(stack, provider.name, undefined, starter)).toString());
      const { name } = tripCookieOf(starter);
      const users = await userCount(stack);
      const states = await stateCount();

      // A browser without cookies, one with a trip of its own, and one with this trip's cookie name but not its proof.
      const bare = new Browser();
      const busy = new Browser();
      provider.signInFresh();
      await leave(stack, provider.name, undefined, busy);
      const forged = new Browser();
      forged.plant(name, 'not-the-proof', ConnectorTripCookie.path);
      for (const other of [bare, busy, forged]) {
        expect(refused(await comeBack(stack, back, other))).toEqual(invalidState);
      }
      expect(await userCount(stack)).toBe(users);
      expect(await linksOfExternal(stack, externalId)).toEqual([]);
      // Neither the state nor the provider's code was spent: the browser that left still comes back.
      expect(await stateCount()).toBe(states + 1);
      const landed = await comeBack(stack, back, starter);
      expect(landed.pathname).toBe('/users/auth-landing');
      expect(await userCount(stack)).toBe(users + 1);
      expect(await linksOfExternal(stack, externalId)).toHaveLength(1);
    });

    it('finishes two trips started in one browser (two tabs), in either order', async () => {
      const browser = new Browser();
      const first = provider.signInFresh();
      const firstBack = await provider.authorize((await leave(stack, provider.name, undefined, browser)).toString());
      const second = provider.signInFresh();
      const secondBack = await provider.authorize((await leave(stack, provider.name, undefined, browser)).toString());
      expect(browser.held().size).toBe(2);

      const secondLanded = await comeBack(stack, secondBack, browser);
      expect(browser.held().size).toBe(1);
      const firstLanded = await comeBack(stack, firstBack, browser);
      expect(browser.held().size).toBe(0);
      for (const [landed, externalId] of [
        [firstLanded, first],
        [secondLanded, second],
      ] as const) {
        expect(landed.pathname).toBe('/users/auth-landing');
        const userId = tokenClaims(landed.searchParams.get('access_token') ?? '').sub;
        expect(await linksOf(stack, userId)).toEqual([{ connector: provider.name, external_id: externalId }]);
      }
    });

    it('binds a signed-in member’s link the same way: another browser links nothing', async () => {
      const member = await createUser(stack);
      const token = await login(stack, member);
      const browser = new Browser();
      const externalId = provider.signInFresh();
      const back = await provider.authorize((await leave(stack, provider.name, token, browser)).toString());
      tripCookieOf(browser);

      expect(refused(await comeBack(stack, back, new Browser()))).toEqual(invalidState);
      expect(await linksOf(stack, member.id)).toEqual([]);
      expect((await comeBack(stack, back, browser)).pathname).toBe('/users/settings/account');
      expect(await linksOf(stack, member.id)).toEqual([{ connector: provider.name, external_id: externalId }]);
      expect(browser.held().size).toBe(0);
    });

    it('a browser that comes back twice is refused the second time, as a spent state is', async () => {
      const browser = new Browser();
      provider.signInFresh();
      expect((await trip(stack, provider, provider.name, undefined, browser)).pathname).toBe('/users/auth-landing');
      provider.signInFresh();
      const back = await provider.authorize((await leave(stack, provider.name, undefined, browser)).toString());
      const { name, value } = tripCookieOf(browser);
      expect((await comeBack(stack, back, browser)).pathname).toBe('/users/auth-landing');
      // Even with the spent trip's cookie put back.
      browser.plant(name, value, ConnectorTripCookie.path);
      expect(refused(await comeBack(stack, back, browser))).toEqual(invalidState);
    });
  });
}
