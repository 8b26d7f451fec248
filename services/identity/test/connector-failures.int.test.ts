import { ConnectorFailure } from '@agora/contracts';
import { siteService } from '@agora/site';
import { createUser, login } from '@agora/test-support/accounts';
import {
  type IdTokenTamper,
  saveOidcConnector,
  startOidcProvider,
  type TestOidcProvider,
} from '@agora/test-support/oidc-provider';
import { freePort } from '@agora/test-support/ports';
import { type Stack, startStack } from '@agora/test-support/stack';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { identityService } from '../src/service';
import {
  API,
  adminTokenOf,
  comeBack,
  leave,
  linksOfExternal,
  newProviderAccount,
  redirectUriOf,
  SITE,
  trip,
  userCount,
} from './support/connector-trips';

let stack: Stack;
let provider: TestOidcProvider;
let adminToken: string;

beforeAll(async () => {
  provider = await startOidcProvider({ redirectUris: [redirectUriOf('corp')] });
  stack = await startStack({ services: [siteService, identityService] });
  adminToken = await adminTokenOf(stack);
  await saveOidcConnector(stack, adminToken, provider, 'corp');
});

afterAll(async () => {
  await stack?.close();
  await provider?.close();
});

/** Where a failed trip lands: the failure page and its reason. */
function failure(landed: URL) {
  return { page: landed.pathname, reason: landed.searchParams.get('reason') };
}

const failedWith = (reason: string) => ({ page: '/user-center/auth-failed', reason });

/** Every stored event of every service, as text. */
async function allEvents(): Promise<string> {
  const tables = await stack.query<{ table_schema: string }>(
    "select table_schema from information_schema.tables where table_name = 'events'",
  );
  let text = '';
  for (const { table_schema } of tables) {
    const rows = await stack.query<{ data: string; metadata: string }>(
      `select data::text as data, metadata::text as metadata from "${table_schema}".events`,
    );
    text += rows.map((row) => `${row.data} ${row.metadata}`).join('\n');
  }
  return text;
}

describe('bad input from a provider: a clear failure page, no account, nothing linked', () => {
  it('refuses an ID token with a wrong issuer, audience, signature or expiry', async () => {
    const before = await userCount(stack);
    const tampers: { tamper: IdTokenTamper; foreignKey: boolean }[] = [
      { tamper: (claims) => ({ ...claims, iss: 'http://127.0.0.1:1/impostor' }), foreignKey: false },
      { tamper: (claims) => ({ ...claims, aud: 'someone-else' }), foreignKey: false },
      { tamper: (claims) => claims, foreignKey: true },
      { tamper: (claims) => ({ ...claims, iat: 1_000_000, exp: 1_000_600 }), foreignKey: false },
    ];
    for (const [index, { tamper, foreignKey }] of tampers.entries()) {
      const account = newProviderAccount('forged');
      provider.signInAs(account);
      provider.tamperNextIdToken(tamper, { foreignKey });
      expect({ index, ...failure(await trip(stack, provider, 'corp')) }).toEqual({
        index,
        ...failedWith(ConnectorFailure.tokenRejected),
      });
      expect(await linksOfExternal(stack, account.sub)).toEqual([]);
    }
    expect(await userCount(stack)).toBe(before);
  });

  it('refuses a tampered state, a reused state and a tampered code', async () => {
    const before = await userCount(stack);
    const account = newProviderAccount('state');
    provider.signInAs(account);
    const back = await provider.authorize((await leave(stack, 'corp')).toString());

    const forgedState = new URL(back);
    forgedState.searchParams.set('state', 'not-the-state');
    expect(failure(await comeBack(stack, forgedState))).toEqual(failedWith(ConnectorFailure.invalidState));
    const noState = new URL(back);
    noState.searchParams.delete('state');
    expect(failure(await comeBack(stack, noState))).toEqual(failedWith(ConnectorFailure.invalidState));

    // A forged code with the real state: the provider refuses to exchange it, and the state is spent.
    const forgedCode = new URL(back);
    forgedCode.searchParams.set('code', `${back.searchParams.get('code')}x`);
    expect(failure(await comeBack(stack, forgedCode))).toEqual(failedWith(ConnectorFailure.tokenRejected));
    expect(failure(await comeBack(stack, back))).toEqual(failedWith(ConnectorFailure.invalidState));
    expect(await userCount(stack)).toBe(before);

    // A good trip works once; the same answer again is refused.
    const good = await provider.authorize((await leave(stack, 'corp')).toString());
    expect((await comeBack(stack, good)).pathname).toBe('/users/auth-landing');
    expect(failure(await comeBack(stack, good))).toEqual(failedWith(ConnectorFailure.invalidState));
    expect(await userCount(stack)).toBe(before + 1);
  });

  it('reports a provider refusing the sign-in as its error', async () => {
    const started = await leave(stack, 'corp');
    const refusal = new URL(redirectUriOf('corp'));
    refusal.searchParams.set('error', 'access_denied');
    refusal.searchParams.set('state', started.searchParams.get('state') ?? '');
    refusal.searchParams.set('iss', provider.issuer);
    expect(failure(await comeBack(stack, refusal))).toEqual(failedWith(ConnectorFailure.providerError));
  });

  it('a provider that is down: connection refused at discovery and at the token exchange', async () => {
    const closedPort = await freePort();
    await saveOidcConnector(stack, adminToken, provider, 'gone', { issuer: `http://127.0.0.1:${closedPort}` });
    const refusedAtDiscovery = await stack.gateway.inject({ method: 'GET', url: `${API}/connector/login/gone` });
    expect(refusedAtDiscovery.statusCode).toBe(302);
    expect(failure(new URL(String(refusedAtDiscovery.headers.location), SITE))).toEqual(
      failedWith(ConnectorFailure.providerDown),
    );
    const member = await createUser(stack);
    const linking = await stack.call('POST', `${API}/connector/link/gone`, { token: await login(stack, member) });
    expect(failure(new URL(linking.body.data.url, SITE))).toEqual(failedWith(ConnectorFailure.providerDown));

    // A provider that answers discovery and the sign-in, then goes down before the code is exchanged.
    const flaky = await startOidcProvider({ redirectUris: [redirectUriOf('flaky')] });
    await saveOidcConnector(stack, adminToken, flaky, 'flaky');
    const before = await userCount(stack);
    const account = newProviderAccount('flaky');
    flaky.signInAs(account);
    const back = await flaky.authorize((await leave(stack, 'flaky')).toString());
    await flaky.close();
    expect(failure(await comeBack(stack, back))).toEqual(failedWith(ConnectorFailure.providerDown));
    expect(await userCount(stack)).toBe(before);
    expect(await linksOfExternal(stack, account.sub)).toEqual([]);
  });
});

describe('what identity keeps of a trip to a provider', () => {
  it('never stores the provider’s tokens in any event', async () => {
    const account = newProviderAccount('tokens');
    provider.signInAs(account);
    expect((await trip(stack, provider, 'corp')).pathname).toBe('/users/auth-landing');
    const issued = provider.issuedTokens();
    expect(issued.length).toBeGreaterThanOrEqual(2);
    const events = await allEvents();
    expect(events).toContain(account.sub);
    for (const token of issued) {
      expect(events).not.toContain(token);
      // Not even a token's signature (the part that makes it usable) in a changed form of the token.
      expect(events).not.toContain(token.split('.').pop() ?? token);
    }
    expect(events).not.toContain(provider.clientSecret);
  });

  it('spends a state by deleting it, and clears expired states and bindings on the next trip', async () => {
    await stack.query(
      `insert into identity.connector_states (state_hash, connector, nonce, code_verifier, expires_at)
       values ('expired-state', 'corp', 'n', 'v', now() - interval '1 minute')`,
    );
    await stack.query(
      `insert into identity.connector_bindings (binding_hash, connector, external_id, display_name, provider_email, expires_at)
       values ('expired-binding', 'corp', 'x', 'x', '', now() - interval '1 minute')`,
    );
    const back = await provider.authorize((await leave(stack, 'corp')).toString());
    const states = await stack.query<{ state_hash: string }>('select state_hash from identity.connector_states');
    expect(states.map((row) => row.state_hash)).not.toContain('expired-state');

    // A provider's account without a verified e-mail makes a binding, which clears the expired one.
    provider.signInAs(newProviderAccount('unverified', { email_verified: false }));
    const unverified = await provider.authorize((await leave(stack, 'corp')).toString());
    expect((await comeBack(stack, unverified)).pathname).toBe('/users/confirm-email');
    const bindings = await stack.query<{ binding_hash: string }>(
      'select binding_hash from identity.connector_bindings',
    );
    expect(bindings.map((row) => row.binding_hash)).not.toContain('expired-binding');

    const left = async () => (await stack.query('select 1 from identity.connector_states')).length;
    const waiting = await left();
    await comeBack(stack, back);
    expect(await left()).toBe(waiting - 1);
  });
});
