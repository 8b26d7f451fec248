import { defaultSiteSettings, Role } from '@agora/contracts';
import { updateSettingsGroup } from '@agora/site';
import { createUser, login } from '@agora/test-support/accounts';
import type { TestOidcProvider } from '@agora/test-support/oidc-provider';
import type { Stack } from '@agora/test-support/stack';
import { expect } from 'vitest';

export const API = '/answer/api/v1';
export const SITE = 'http://agora.test';

/** The redirect URI Agora registers at a provider for the connector `name`. */
export const redirectUriOf = (name: string) => `${SITE}${API}/connector/redirect/${name}`;

/** The admin's token of a fresh admin. */
export async function adminTokenOf(stack: Stack): Promise<string> {
  return login(stack, await createUser(stack, { roleId: Role.admin }));
}

/** Leaves for the provider as a browser would: the authorization URL Agora redirects (or, linking, answers) to. */
export async function leave(stack: Stack, name: string, token?: string): Promise<URL> {
  if (token) {
    const started = await stack.call('POST', `${API}/connector/link/${name}`, { token });
    expect(started.status).toBe(200);
    return new URL(started.body.data.url, SITE);
  }
  const started = await stack.gateway.inject({ method: 'GET', url: `${API}/connector/login/${name}` });
  expect(started.statusCode).toBe(302);
  return new URL(String(started.headers.location), SITE);
}

/** Comes back to Agora's callback with what the provider sent; where Agora sends the browser next. */
export async function comeBack(stack: Stack, back: URL): Promise<URL> {
  const answered = await stack.gateway.inject({ method: 'GET', url: `${back.pathname}${back.search}` });
  expect(answered.statusCode).toBe(302);
  return new URL(String(answered.headers.location), SITE);
}

/** A whole trip: Agora's login (or link) route, the provider's screens, and back to Agora's callback. */
export async function trip(stack: Stack, provider: TestOidcProvider, name: string, token?: string): Promise<URL> {
  const back = await provider.authorize((await leave(stack, name, token)).toString());
  expect(`${back.origin}${back.pathname}`).toBe(redirectUriOf(name));
  return comeBack(stack, back);
}

export async function linksOf(stack: Stack, userId: string) {
  return stack.query<{ connector: string; external_id: string }>(
    'select connector, external_id from identity.external_logins where user_id = $1 order by connector',
    [userId],
  );
}

export async function linksOfExternal(stack: Stack, externalId: string) {
  return stack.query<{ user_id: string }>('select user_id from identity.external_logins where external_id = $1', [
    externalId,
  ]);
}

export async function userCount(stack: Stack): Promise<number> {
  const [row] = await stack.query<{ n: number }>('select count(*)::int as n from identity.users');
  return row?.n ?? 0;
}

/** Sets the site's login settings (the defaults, changed by `values`). */
export async function setLogin(stack: Stack, values: object) {
  await updateSettingsGroup(
    stack.service('site').context,
    { group: 'login', values: { ...defaultSiteSettings(SITE).login, ...values } } as never,
    null,
  );
  await stack.settle();
}

let accountCounter = 0;

/** A fresh account at the provider, with a verified e-mail unless told otherwise. */
export function newProviderAccount(prefix: string, overrides: Record<string, unknown> = {}) {
  accountCounter += 1;
  const stamp = `${accountCounter}-${Date.now()}`;
  return {
    sub: `${prefix}-${stamp}`,
    email: `${prefix}${stamp}@${prefix}.example`,
    email_verified: true,
    name: `${prefix} member ${accountCounter}`,
    ...overrides,
  };
}
