import { ConnectorFailure, MASKED_SECRET } from '@agora/contracts';
import { notificationsService } from '@agora/notifications';
import { siteService } from '@agora/site';
import { createUser, login, tokenClaims, waitForMail } from '@agora/test-support/accounts';
import { saveOidcConnector, startOidcProvider, type TestOidcProvider } from '@agora/test-support/oidc-provider';
import { startSmtpServer, type TestSmtpServer } from '@agora/test-support/smtp-test-server';
import { type Stack, startStack } from '@agora/test-support/stack';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { identityService } from '../src/service';
import {
  API,
  adminTokenOf,
  comeBack,
  leave,
  linksOf,
  newProviderAccount,
  redirectUriOf,
  setLogin,
  trip,
  userCount,
} from './support/connector-trips';

const REDIRECT_URI = redirectUriOf('corp');

let smtp: TestSmtpServer;
let stack: Stack;
let provider: TestOidcProvider;
let adminToken: string;

beforeAll(async () => {
  smtp = await startSmtpServer();
  provider = await startOidcProvider({ redirectUris: [REDIRECT_URI] });
  stack = await startStack({
    services: [siteService, identityService, notificationsService],
    env: { AGORA_SMTP_URL: `smtp://127.0.0.1:${smtp.port}` },
  });
  adminToken = await adminTokenOf(stack);
  await saveOidcConnector(stack, adminToken, provider, 'corp', { button_label: 'Corp SSO', icon: 'Business' });
});

afterAll(async () => {
  await stack?.close();
  await provider?.close();
  await smtp?.close();
});

/** A browser's trip through the provider `corp`, signing in (or, with a member's token, linking). */
const corpTrip = (token?: string) => trip(stack, provider, 'corp', token);
const newAccount = (overrides: { email?: string; email_verified?: boolean } = {}) =>
  newProviderAccount('corp', overrides);

describe('OpenID Connect connector against a real provider', () => {
  it('shows the button, and the admin reads the settings back with the secret masked', async () => {
    const info = await stack.call('GET', `${API}/connector/info`);
    expect(info.body.data).toEqual([{ name: 'Corp SSO', icon: 'Business', link: `${API}/connector/login/corp` }]);
    const admin = await stack.call('GET', '/answer/admin/api/connectors', { token: adminToken });
    expect(admin.body.data[0]).toMatchObject({
      name: 'corp',
      client_secret: MASKED_SECRET,
      client_secret_set: true,
      redirect_uri: REDIRECT_URI,
    });
    const events = await stack.query<{ data: unknown }>(
      "select data from identity.events where type = 'identity.connector_configured'",
    );
    expect(JSON.stringify(events)).not.toContain(provider.clientSecret);
  });

  it('signs up a new member with a verified e-mail, then signs the same member in again', async () => {
    const account = newAccount();
    provider.signInAs(account);
    const landed = await corpTrip();
    expect(landed.pathname).toBe('/users/auth-landing');
    const token = landed.searchParams.get('access_token') ?? '';
    const me = await stack.call('GET', `${API}/user/info`, { token });
    expect(me.body.data).toMatchObject({ e_mail: account.email, display_name: account.name, mail_status: 1 });
    const userId = tokenClaims(token).sub;
    expect(await linksOf(stack, userId)).toEqual([{ connector: 'corp', external_id: account.sub }]);

    const again = await corpTrip();
    expect(tokenClaims(again.searchParams.get('access_token') ?? '').sub).toBe(userId);
    const mine = await stack.call('GET', `${API}/connector/user/info`, { token });
    expect(mine.body.data).toEqual([
      {
        name: 'Corp SSO',
        icon: 'Business',
        link: `${API}/connector/link/corp`,
        binding: true,
        external_id: account.sub,
      },
    ]);
    // The provider's only way in cannot be unlinked.
    const unlink = await stack.call('DELETE', `${API}/connector/user/unbinding`, {
      token,
      body: { external_id: account.sub },
    });
    expect(unlink.status).toBe(400);
    expect(await linksOf(stack, userId)).toHaveLength(1);
  });

  it('binds an e-mail by mail code when the provider gives no verified one', async () => {
    const account = newAccount({ email_verified: false });
    provider.signInAs(account);
    const before = await userCount(stack);
    const confirm = await corpTrip();
    expect(confirm.pathname).toBe('/users/confirm-email');
    expect(await userCount(stack)).toBe(before);
    const bindingKey = confirm.searchParams.get('binding_key') ?? '';
    const chosen = `chosen-${Date.now()}@example.com`;
    const bound = await stack.call('POST', `${API}/connector/binding/email`, {
      body: { binding_key: bindingKey, email: chosen, must: false },
    });
    expect(bound.status).toBe(200);
    expect(bound.body.data.email_exist_and_must_be_confirmed).toBe(false);
    const inactive = await stack.call('GET', `${API}/user/info`, { token: bound.body.data.access_token });
    expect(inactive.body.data).toMatchObject({ e_mail: chosen, mail_status: 2 });
    const { code } = await waitForMail(smtp, chosen, '/users/account-activation');
    const activated = await stack.call('POST', `${API}/user/email/verification`, { body: { code } });
    expect(activated.body.data).toMatchObject({ e_mail: chosen, mail_status: 1 });
    // The binding key is spent.
    const again = await stack.call('POST', `${API}/connector/binding/email`, {
      body: { binding_key: bindingKey, email: `other-${Date.now()}@example.com` },
    });
    expect(again.status).toBe(403);
  });

  it('links an existing account only after a mail code proves the address, then signs it in', async () => {
    const member = await createUser(stack);
    const account = newAccount({ email: member.email });
    provider.signInAs(account);
    const confirm = await corpTrip();
    expect(confirm.pathname).toBe('/users/confirm-email');
    const bindingKey = confirm.searchParams.get('binding_key') ?? '';
    const asked = await stack.call('POST', `${API}/connector/binding/email`, {
      body: { binding_key: bindingKey, email: member.email, must: false },
    });
    expect(asked.body.data).toEqual({ access_token: '', email_exist_and_must_be_confirmed: true });
    const confirmed = await stack.call('POST', `${API}/connector/binding/email`, {
      body: { binding_key: bindingKey, email: member.email, must: true },
    });
    expect(confirmed.body.data).toEqual({ access_token: '', email_exist_and_must_be_confirmed: true });
    expect(await linksOf(stack, member.id)).toEqual([]);
    const { code } = await waitForMail(smtp, member.email, '/users/account-activation');
    await stack.call('POST', `${API}/user/email/verification`, { body: { code } });
    expect(await linksOf(stack, member.id)).toEqual([{ connector: 'corp', external_id: account.sub }]);
    const landed = await corpTrip();
    expect(tokenClaims(landed.searchParams.get('access_token') ?? '').sub).toBe(member.id);

    // With a password, the provider can be unlinked; the member links it again from the settings.
    const token = await login(stack, member);
    const unlinked = await stack.call('DELETE', `${API}/connector/user/unbinding`, {
      token,
      body: { external_id: account.sub },
    });
    expect(unlinked.status).toBe(200);
    expect(await linksOf(stack, member.id)).toEqual([]);
    const relinked = await corpTrip(token);
    expect(relinked.pathname).toBe('/users/settings/account');
    expect(await linksOf(stack, member.id)).toEqual([{ connector: 'corp', external_id: account.sub }]);
  });

  it('refuses a tampered state, a wrong audience and an expired token: no account, nothing linked', async () => {
    const before = await userCount(stack);
    const account = newAccount();
    provider.signInAs(account);

    const back = await provider.authorize((await leave(stack, 'corp')).toString());
    const tampered = new URL(back);
    tampered.searchParams.set('state', 'not-the-state');
    expect((await comeBack(stack, tampered)).searchParams.get('reason')).toBe(ConnectorFailure.invalidState);
    // The real state still works once, never twice.
    expect((await comeBack(stack, back)).pathname).toBe('/users/auth-landing');
    expect((await comeBack(stack, back)).searchParams.get('reason')).toBe(ConnectorFailure.invalidState);

    const stranger = newAccount();
    provider.signInAs(stranger);
    provider.tamperNextIdToken((claims) => ({ ...claims, aud: 'someone-else' }));
    const wrongAudience = await corpTrip();
    expect(wrongAudience.pathname).toBe('/user-center/auth-failed');
    expect(wrongAudience.searchParams.get('reason')).toBe(ConnectorFailure.tokenRejected);

    provider.tamperNextIdToken((claims) => ({ ...claims, iat: 1_000_000, exp: 1_000_600 }));
    const expired = await corpTrip();
    expect(expired.searchParams.get('reason')).toBe(ConnectorFailure.tokenRejected);

    expect(await userCount(stack)).toBe(before + 1);
    const strangerLinks = await stack.query('select 1 from identity.external_logins where external_id = $1', [
      stranger.sub,
    ]);
    expect(strangerLinks).toEqual([]);
  });

  it('a suspended or deleted member cannot come back through the provider', async () => {
    const account = newAccount();
    provider.signInAs(account);
    const landed = await corpTrip();
    const userId = tokenClaims(landed.searchParams.get('access_token') ?? '').sub;

    await stack.call('PUT', '/answer/admin/api/user/status', {
      token: adminToken,
      body: { user_id: userId, status: 'suspended', suspend_duration: '7d' },
    });
    expect((await corpTrip()).searchParams.get('reason')).toBe(ConnectorFailure.accountUnavailable);

    await stack.call('PUT', '/answer/admin/api/user/status', {
      token: adminToken,
      body: { user_id: userId, status: 'deleted' },
    });
    const before = await userCount(stack);
    expect((await corpTrip()).searchParams.get('reason')).toBe(ConnectorFailure.accountUnavailable);
    expect(await userCount(stack)).toBe(before);
  });

  it('registrations through the provider follow the admin login settings', async () => {
    const before = await userCount(stack);
    await setLogin(stack, { allow_email_domains: ['allowed.example'] });
    provider.signInAs(newAccount());
    expect((await corpTrip()).searchParams.get('reason')).toBe(ConnectorFailure.emailDomainNotAllowed);
    await setLogin(stack, { allow_new_registrations: false });
    provider.signInAs(newAccount({ email: `x-${Date.now()}@allowed.example` }));
    expect((await corpTrip()).searchParams.get('reason')).toBe(ConnectorFailure.registrationClosed);
    expect(await userCount(stack)).toBe(before);
    await setLogin(stack, {});
  });

  it('password login turns off only while a connector is on; no user center takes the settings over', async () => {
    const member = await createUser(stack);
    await setLogin(stack, { allow_password_login: false });
    const refused = await stack.call('POST', `${API}/user/login/email`, {
      body: { e_mail: member.email, pass: member.password },
    });
    expect(refused.status).toBe(403);
    const [saved] = (await stack.call('GET', '/answer/admin/api/connectors', { token: adminToken })).body.data;
    const { client_secret_set: _, redirect_uri: __, ...settings } = saved;
    await stack.call('PUT', '/answer/admin/api/connector', {
      token: adminToken,
      body: { ...settings, enabled: false },
    });
    // With every external login off, the password is the way in again rather than nobody getting in.
    const token = await login(stack, member);
    expect((await stack.call('GET', `${API}/connector/info`)).body.data).toEqual([]);
    await stack.call('PUT', '/answer/admin/api/connector', { token: adminToken, body: { ...settings, enabled: true } });
    expect(await externalSecret()).toBe(provider.clientSecret);
    await setLogin(stack, {});

    const userSettings = await stack.call('GET', `${API}/user-center/user/settings`, { token });
    expect(userSettings.body.data).toEqual({
      profile_setting_agent: { enabled: false, redirect_url: '' },
      account_setting_agent: { enabled: false, redirect_url: '' },
    });
    const adminAgent = await stack.call('GET', '/answer/admin/api/user-center/agent', { token: adminToken });
    expect(adminAgent.body.data).toEqual({
      allow_create_user: true,
      allow_update_user_status: true,
      allow_update_user_password: true,
      allow_update_user_role: true,
    });
  });
});

async function externalSecret() {
  const [row] = await stack.query<{ client_secret: string }>(
    "select client_secret from identity.connector_secrets where name = 'corp'",
  );
  return row?.client_secret;
}
