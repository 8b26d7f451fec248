import { defaultSiteSettings, Role } from '@agora/contracts';
import { updateSettingsGroup } from '@agora/site';
import { createUser, login } from '@agora/test-support/accounts';
import type { Stack } from '@agora/test-support/stack';
import { expect } from 'vitest';
import { Browser } from './browser';

export const API = '/answer/api/v1';
export const SITE = 'http://agora.test';

/** The redirect URI Agora registers at a provider for the connector `name`. */
export const redirectUriOf = (name: string) => `${SITE}${API}/connector/redirect/${name}`;

/** The admin's token of a fresh admin. */
export async function adminTokenOf(stack: Stack): Promise<string> {
  return login(stack, await createUser(stack, { roleId: Role.admin }));
}

const browsers = new WeakMap<Stack, Browser>();

/** The browser a test drives by default: one per stack, whose trips each carry their own cookie. */
export function browserOf(stack: Stack): Browser {
  let browser = browsers.get(stack);
  if (!browser) {
    browser = new Browser();
    browsers.set(stack, browser);
  }
  return browser;
}

/**
 * Leaves for the provider as a browser would: the authorization URL Agora redirects (or, linking, answers) to; the
 * browser keeps the trip's cookie.
 */
export async function leave(
  stack: Stack,
  name: string,
  token?: string,
  browser: Browser = browserOf(stack),
): Promise<URL> {
  if (token) {
    const url = `${API}/connector/link/${name}`;
    const started = await stack.call('POST', url, { token, headers: browser.cookieHeader(url) });
    expect(started.status).toBe(200);
    browser.keep(started.headers['set-cookie']);
    return new URL(started.body.data.url, SITE);
  }
  const url = `${API}/connector/login/${name}`;
  const started = await stack.gateway.inject({ method: 'GET', url, headers: browser.cookieHeader(url) });
  expect(started.statusCode).toBe(302);
  browser.keep(started.headers['set-cookie']);
  return new URL(String(started.headers.location), SITE);
}

/** Comes back to Agora's callback with what the provider sent, in `browser`; where Agora sends the browser next. */
export async function comeBack(stack: Stack, back: URL, browser: Browser = browserOf(stack)): Promise<URL> {
  const url = `${back.pathname}${back.search}`;
  const answered = await stack.gateway.inject({ method: 'GET', url, headers: browser.cookieHeader(url) });
  expect(answered.statusCode).toBe(302);
  browser.keep(answered.headers['set-cookie']);
  return new URL(String(answered.headers.location), SITE);
}

/** A provider the test signs in at: it follows a browser from an authorization URL to the redirect back. */
export interface TripProvider {
  authorize(authorizationUrl: string): Promise<URL>;
}

/** A whole trip in one browser: Agora's login (or link) route, the provider's screens, and back to Agora's callback. */
export async function trip(
  stack: Stack,
  provider: TripProvider,
  name: string,
  token?: string,
  browser: Browser = browserOf(stack),
): Promise<URL> {
  const back = await provider.authorize((await leave(stack, name, token, browser)).toString());
  expect(`${back.origin}${back.pathname}`).toBe(redirectUriOf(name));
  return comeBack(stack, back, browser);
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
