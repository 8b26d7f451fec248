import { ConnectorFailure, Role } from '@agora/contracts';
import { siteService } from '@agora/site';
import { createUser, login, tokenClaims } from '@agora/test-support/accounts';
import { type OAuth2Member, startOAuth2Provider, type TestOAuth2Provider } from '@agora/test-support/oauth2-provider';
import { type Stack, startStack } from '@agora/test-support/stack';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { identityService } from '../src/service';
import { comeBack, leave, trip as tripThrough } from './support/connector-trips';

const API = '/answer/api/v1';
const REDIRECT_URI = 'http://agora.test/answer/api/v1/connector/redirect/devhub';

let stack: Stack;
let provider: TestOAuth2Provider;
let adminToken: string;
let counter = 0;

beforeAll(async () => {
  provider = await startOAuth2Provider({ redirectUris: [REDIRECT_URI] });
  stack = await startStack({ services: [siteService, identityService] });
  adminToken = await login(stack, await createUser(stack, { roleId: Role.admin }));
});

afterAll(async () => {
  await stack?.close();
  await provider?.close();
});

const settings = () => ({
  name: 'devhub',
  kind: 'oauth2',
  enabled: true,
  issuer: '',
  authorization_url: `${provider.url}/login/oauth/authorize`,
  token_url: `${provider.url}/login/oauth/access_token`,
  api_url: provider.url,
  client_id: provider.clientId,
  client_secret: provider.clientSecret,
  scopes: 'read:user user:email',
  button_label: 'DevHub',
  icon: 'GitHub',
});

function member(overrides: Partial<OAuth2Member> = {}): OAuth2Member {
  counter += 1;
  const stamp = `${counter}-${Date.now()}`;
  return {
    id: 1000 + counter,
    login: `dev${stamp}`,
    name: `Developer ${counter}`,
    emails: [
      { email: `noreply${stamp}@users.devhub.test`, primary: false, verified: true },
      { email: `dev${stamp}@example.com`, primary: true, verified: true },
    ],
    ...overrides,
  };
}

/** A browser's trip through the provider `devhub`, started and finished in the test's one browser. */
const trip = () => tripThrough(stack, provider, 'devhub');

describe('GitHub-style OAuth2 connector against a provider API served in the test', () => {
  it('checks the admin settings: each endpoint must be a URL', async () => {
    const bad = await stack.call('PUT', '/answer/admin/api/connector', {
      token: adminToken,
      body: { ...settings(), token_url: 'not a url', api_url: '' },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.data.map((problem: { error_field: string }) => problem.error_field)).toEqual([
      'token_url',
      'api_url',
    ]);
    const saved = await stack.call('PUT', '/answer/admin/api/connector', { token: adminToken, body: settings() });
    expect(saved.status).toBe(200);
  });

  it('signs up with the primary verified e-mail from the API, then signs the same member in', async () => {
    const developer = member();
    provider.signInAs(developer);
    const landed = await trip();
    expect(landed.pathname).toBe('/users/auth-landing');
    const token = landed.searchParams.get('access_token') ?? '';
    const me = await stack.call('GET', `${API}/user/info`, { token });
    expect(me.body.data).toMatchObject({ e_mail: developer.emails[1]?.email, display_name: developer.name });
    const again = await trip();
    expect(tokenClaims(again.searchParams.get('access_token') ?? '').sub).toBe(tokenClaims(token).sub);
  });

  it('without a verified e-mail asks for one; without the e-mail permission fails with its reason', async () => {
    provider.signInAs(member({ emails: [{ email: 'unverified@example.com', primary: true, verified: false }] }));
    expect((await trip()).pathname).toBe('/users/confirm-email');
    const before = await stack.query('select count(*)::int as n from identity.users');
    provider.signInAs(member({ withholdEmails: true }));
    const failed = await trip();
    expect(failed.pathname).toBe('/user-center/auth-failed');
    expect(failed.searchParams.get('reason')).toBe(ConnectorFailure.emailPermission);
    expect(await stack.query('select count(*)::int as n from identity.users')).toEqual(before);
  });

  it('a forged code is refused by the provider, and a provider down at the exchange fails as down; nothing made', async () => {
    const users = async () => (await stack.query<{ n: number }>('select count(*)::int as n from identity.users'))[0]?.n;
    const before = await users();
    provider.signInAs(member());
    const back = await provider.authorize((await leave(stack, 'devhub')).toString());
    back.searchParams.set('code', 'forged-code');
    const forgedTo = await comeBack(stack, back);
    expect(forgedTo.pathname).toBe('/user-center/auth-failed');
    expect(forgedTo.searchParams.get('reason')).toBe(ConnectorFailure.tokenRejected);

    const fading = await startOAuth2Provider({
      redirectUris: ['http://agora.test/answer/api/v1/connector/redirect/fading'],
    });
    await stack.call('PUT', '/answer/admin/api/connector', {
      token: adminToken,
      body: {
        ...settings(),
        name: 'fading',
        authorization_url: `${fading.url}/login/oauth/authorize`,
        token_url: `${fading.url}/login/oauth/access_token`,
        api_url: fading.url,
        client_id: fading.clientId,
        client_secret: fading.clientSecret,
      },
    });
    fading.signInAs(member());
    const returning = await fading.authorize((await leave(stack, 'fading')).toString());
    await fading.close();
    const downTo = await comeBack(stack, returning);
    expect(downTo.searchParams.get('reason')).toBe(ConnectorFailure.providerDown);
    expect(await users()).toBe(before);
  });
});
