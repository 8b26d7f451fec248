import { sign } from 'node:crypto';
import { defaultSiteSettings, Limits } from '@agora/contracts';
import { AccessTokens, InProcessTransport } from '@agora/gateway';
import { siteService, updateSettingsGroup } from '@agora/site';
import { createUser, login } from '@agora/test-support/accounts';
import { eventually } from '@agora/test-support/eventually';
import { type Stack, startStack } from '@agora/test-support/stack';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { identityService } from '../src/service';

let stack: Stack;
const API = '/answer/api/v1';
const SEVEN_DAYS_IN_SECONDS = 7 * 24 * 3600;

beforeAll(async () => {
  stack = await startStack({ services: [siteService, identityService] });
});

afterAll(async () => {
  await stack?.close();
});

const base64url = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
const claimsOf = (token: string) => JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString('utf8'));

/** A token signed with identity's own key, as a forger holding it (or a bug) would make one. */
async function signWithIdentityKey(claims: object): Promise<string> {
  const [key] = await stack.query<{ kid: string; private_key: string }>(
    'select kid, private_key from identity.signing_keys where private_key is not null order by created_at desc limit 1',
  );
  const unsigned = `${base64url({ alg: 'EdDSA', typ: 'JWT', kid: key!.kid })}.${base64url(claims)}`;
  return `${unsigned}.${sign(null, Buffer.from(unsigned), key!.private_key).toString('base64url')}`;
}

/** The claims of a real sign-in without its expiry. */
async function tokenWithoutExpiry(): Promise<{ valid: string; withoutExp: string; username: string }> {
  const user = await createUser(stack);
  const valid = await login(stack, user);
  const { exp: _, ...claims } = claimsOf(valid);
  return { valid, withoutExp: await signWithIdentityKey(claims), username: user.username };
}

describe('access tokens', () => {
  it('live exactly seven days from sign-in', async () => {
    expect(Limits.session.accessTokenLifetimeSeconds).toBe(SEVEN_DAYS_IN_SECONDS);
    const token = await login(stack, await createUser(stack));
    const { iat, exp } = claimsOf(token);
    expect(exp - iat).toBe(SEVEN_DAYS_IN_SECONDS);
    expect(Math.abs(iat - Date.now() / 1000)).toBeLessThan(60);
  });

  it('without an expiry are refused by a service route', async () => {
    const { valid, withoutExp } = await tokenWithoutExpiry();
    const permission = `${API}/permission?action=question.add`;
    expect((await stack.call('GET', permission, { token: valid })).status).toBe(200);
    const refused = await stack.call('GET', permission, { token: withoutExp });
    expect(refused.status).toBe(401);
    // The same claims with an expiry pass: only the missing `exp` is refused.
    const withExp = await signWithIdentityKey({ ...claimsOf(withoutExp), exp: claimsOf(valid).exp });
    expect((await stack.call('GET', permission, { token: withExp })).status).toBe(200);
  });

  it('without an expiry are refused by the gateway', async () => {
    const { valid, withoutExp, username } = await tokenWithoutExpiry();
    const tokens = new AccessTokens(() => new InProcessTransport(stack.service('identity').app));
    expect(await tokens.userOf(valid)).toBe(claimsOf(valid).sub);
    expect(await tokens.userOf(withoutExp)).toBeUndefined();

    // On a private site the gateway alone decides who is anonymous on a public profile.
    const security = defaultSiteSettings('http://agora.test').security;
    await updateSettingsGroup(
      stack.service('site').context,
      { group: 'security', values: { ...security, login_required: true } },
      null,
    );
    const profile = `${API}/personal/user/info?username=${username}`;
    try {
      await eventually(async () => (await stack.call('GET', profile)).status === 401);
      expect((await stack.call('GET', profile, { token: valid })).status).toBe(200);
      expect((await stack.call('GET', profile, { token: withoutExp })).status).toBe(401);
    } finally {
      await updateSettingsGroup(stack.service('site').context, { group: 'security', values: security }, null);
    }
  });

  it('issued more than seven days ago are refused whatever their expiry says (the 7,000-day tokens)', async () => {
    const { valid } = await tokenWithoutExpiry();
    const now = Math.floor(Date.now() / 1000);
    const claims = claimsOf(valid);
    const old = await signWithIdentityKey({ ...claims, iat: now - 8 * 24 * 3600, exp: now + 6993 * 24 * 3600 });
    const recent = await signWithIdentityKey({ ...claims, iat: now - 6 * 24 * 3600, exp: now + 24 * 3600 });
    const permission = `${API}/permission?action=question.add`;
    expect((await stack.call('GET', permission, { token: recent })).status).toBe(200);
    expect((await stack.call('GET', permission, { token: old })).status).toBe(401);
    const tokens = new AccessTokens(() => new InProcessTransport(stack.service('identity').app));
    expect(await tokens.userOf(recent)).toBe(claims.sub);
    expect(await tokens.userOf(old)).toBeUndefined();
  });

  it('in the query string are not taken: only the Authorization header carries one', async () => {
    const token = await login(stack, await createUser(stack));
    const permission = `${API}/permission?action=question.add`;
    expect((await stack.call('GET', permission, { token })).status).toBe(200);
    const fromQuery = await stack.call('GET', `${permission}&Authorization=${encodeURIComponent(token)}`);
    expect(fromQuery.status).toBe(401);
  });
});
