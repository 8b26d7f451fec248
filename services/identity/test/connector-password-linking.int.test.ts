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
  linksOf,
  linksOfExternal,
  newProviderAccount,
  redirectUriOf,
  setLogin,
  trip,
  userCount,
} from './support/connector-trips';

let smtp: TestSmtpServer;
let stack: Stack;
let provider: TestOidcProvider;
let adminToken: string;

beforeAll(async () => {
  smtp = await startSmtpServer();
  provider = await startOidcProvider({ redirectUris: [redirectUriOf('team'), redirectUriOf('other')] });
  stack = await startStack({
    services: [siteService, identityService, notificationsService],
    env: { AGORA_SMTP_URL: `smtp://127.0.0.1:${smtp.port}` },
  });
  adminToken = await adminTokenOf(stack);
  await saveOidcConnector(stack, adminToken, provider, 'team');
});

afterAll(async () => {
  await stack?.close();
  await provider?.close();
  await smtp?.close();
});

/** A provider's account with the e-mail of an existing member: the callback asks for proof on confirm-email. */
async function bindingKeyFor(email: string, connector = 'team') {
  const account = newProviderAccount('team', { email });
  provider.signInAs(account);
  const confirm = await trip(stack, provider, connector);
  expect(confirm.pathname).toBe('/users/confirm-email');
  const bindingKey = confirm.searchParams.get('binding_key') ?? '';
  const asked = await stack.call('POST', `${API}/connector/binding/email`, {
    body: { binding_key: bindingKey, email, must: false },
  });
  expect(asked.body.data).toEqual({ access_token: '', email_exist_and_must_be_confirmed: true });
  return { account, bindingKey };
}

function proveByPassword(bindingKey: string, email: string, pass: string) {
  return stack.call('POST', `${API}/connector/binding/password`, {
    body: { binding_key: bindingKey, e_mail: email, pass },
  });
}

describe('linking an existing account by its password', () => {
  it('a wrong password links nothing and leaves the binding waiting; the right one links and signs in', async () => {
    const member = await createUser(stack);
    const { account, bindingKey } = await bindingKeyFor(member.email);

    const wrong = await proveByPassword(bindingKey, member.email, 'not-the-password-1');
    expect(wrong.status).toBe(400);
    expect(wrong.body.data).toEqual([{ error_field: 'pass', error_msg: 'Email or password is incorrect.' }]);
    expect(await linksOf(stack, member.id)).toEqual([]);

    const proven = await proveByPassword(bindingKey, member.email, member.password);
    expect(proven.status).toBe(200);
    expect(tokenClaims(proven.body.data.access_token).sub).toBe(member.id);
    expect(await linksOf(stack, member.id)).toEqual([{ connector: 'team', external_id: account.sub }]);
    const linked = await stack.query<{ type: string }>(
      "select type from identity.events where stream_id = $1 and type = 'identity.external_login_linked'",
      [member.id],
    );
    expect(linked).toHaveLength(1);

    // The key is spent; the provider now signs the member in directly.
    const again = await proveByPassword(bindingKey, member.email, member.password);
    expect(again.status).toBe(403);
    provider.signInAs(account);
    const landed = await trip(stack, provider, 'team');
    expect(landed.pathname).toBe('/users/auth-landing');
    expect(tokenClaims(landed.searchParams.get('access_token') ?? '').sub).toBe(member.id);
  });

  it('validates the request per field', async () => {
    const refused = await stack.call('POST', `${API}/connector/binding/password`, {
      body: { binding_key: '', e_mail: 'not-an-address', pass: '' },
    });
    expect(refused.status).toBe(400);
    const fields = (refused.body.data as { error_field: string }[]).map((problem) => problem.error_field).sort();
    expect(fields).toEqual(['binding_key', 'e_mail', 'pass']);
  });

  it('an expired or unknown binding key is refused before any password is checked', async () => {
    const member = await createUser(stack);
    const { account, bindingKey } = await bindingKeyFor(member.email);
    await stack.query(
      "update identity.connector_bindings set expires_at = now() - interval '1 second' where external_id = $1",
      [account.sub],
    );
    const expired = await proveByPassword(bindingKey, member.email, member.password);
    expect(expired.status).toBe(403);
    expect(expired.body.data).toEqual({ type: 'url_expired' });
    const unknown = await proveByPassword('no-such-key', member.email, member.password);
    expect(unknown.status).toBe(403);
    expect(await linksOf(stack, member.id)).toEqual([]);
  });

  it('a suspended member proves the password in vain: nothing linked, the binding still waiting', async () => {
    const member = await createUser(stack);
    const { account, bindingKey } = await bindingKeyFor(member.email);
    await stack.call('PUT', '/answer/admin/api/user/status', {
      token: adminToken,
      body: { user_id: member.id, status: 'suspended', suspend_duration: '7d' },
    });
    const refused = await proveByPassword(bindingKey, member.email, member.password);
    expect(refused.status).toBe(403);
    expect(await linksOfExternal(stack, account.sub)).toEqual([]);
    const [binding] = await stack.query<{ used_at: Date | null }>(
      'select used_at from identity.connector_bindings where external_id = $1',
      [account.sub],
    );
    expect(binding?.used_at).toBeNull();
  });

  it('an account with a login of this provider already is not given a second one', async () => {
    const member = await createUser(stack);
    const first = await bindingKeyFor(member.email);
    expect((await proveByPassword(first.bindingKey, member.email, member.password)).status).toBe(200);
    const second = await bindingKeyFor(member.email);
    const refused = await proveByPassword(second.bindingKey, member.email, member.password);
    expect(refused.status).toBe(400);
    expect(refused.body.msg).toBe('This account is already connected to another login of this provider.');
    expect(await linksOf(stack, member.id)).toEqual([{ connector: 'team', external_id: first.account.sub }]);
    expect(await linksOfExternal(stack, second.account.sub)).toEqual([]);
  });

  it('with password login off (a connector on), only the mail code proves the address', async () => {
    const member = await createUser(stack);
    const { account, bindingKey } = await bindingKeyFor(member.email);
    await setLogin(stack, { allow_password_login: false });
    try {
      const refused = await proveByPassword(bindingKey, member.email, member.password);
      expect(refused.status).toBe(403);
      expect(refused.body.msg).toBe('Signing in with a password is turned off on this site.');
      expect(await linksOfExternal(stack, account.sub)).toEqual([]);
    } finally {
      await setLogin(stack, {});
    }
    const token = await login(stack, member);
    expect(token).not.toBe('');
  });
});

describe('linking an existing account by a mail code', () => {
  it('a suspended member redeeming the code gains no provider login', async () => {
    const member = await createUser(stack);
    const { account, bindingKey } = await bindingKeyFor(member.email);
    const mailed = await stack.call('POST', `${API}/connector/binding/email`, {
      body: { binding_key: bindingKey, email: member.email, must: true },
    });
    expect(mailed.body.data).toEqual({ access_token: '', email_exist_and_must_be_confirmed: true });
    const { code } = await waitForMail(smtp, member.email, '/users/account-activation');
    await stack.call('PUT', '/answer/admin/api/user/status', {
      token: adminToken,
      body: { user_id: member.id, status: 'suspended', suspend_duration: '7d' },
    });
    const redeemed = await stack.call('POST', `${API}/user/email/verification`, { body: { code } });
    expect(redeemed.status).toBe(403);
    expect(await linksOfExternal(stack, account.sub)).toEqual([]);
  });

  it('an account that has a login of this provider keeps it; redeeming the code is no error', async () => {
    const member = await createUser(stack);
    const first = await bindingKeyFor(member.email);
    expect((await proveByPassword(first.bindingKey, member.email, member.password)).status).toBe(200);
    const second = await bindingKeyFor(member.email);
    await stack.call('POST', `${API}/connector/binding/email`, {
      body: { binding_key: second.bindingKey, email: member.email, must: true },
    });
    const { code } = await waitForMail(smtp, member.email, '/users/account-activation');
    const redeemed = await stack.call('POST', `${API}/user/email/verification`, { body: { code } });
    expect(redeemed.status).toBe(200);
    expect(await linksOf(stack, member.id)).toEqual([{ connector: 'team', external_id: first.account.sub }]);
    expect(await linksOfExternal(stack, second.account.sub)).toEqual([]);
  });
});

describe('an address bound after a provider gave none follows the admin login settings', () => {
  it('refuses a new account outside the allowed domains or while registrations are closed; nothing made', async () => {
    const account = newProviderAccount('team', { email_verified: false });
    provider.signInAs(account);
    const confirm = await trip(stack, provider, 'team');
    const bindingKey = confirm.searchParams.get('binding_key') ?? '';
    const before = await userCount(stack);
    try {
      await setLogin(stack, { allow_email_domains: ['allowed.example'] });
      const outside = await stack.call('POST', `${API}/connector/binding/email`, {
        body: { binding_key: bindingKey, email: `x-${Date.now()}@elsewhere.example` },
      });
      expect(outside.status).toBe(400);
      expect(outside.body.data).toEqual([{ error_field: 'email', error_msg: expect.stringMatching(/domain/i) }]);
      await setLogin(stack, { allow_new_registrations: false });
      const closed = await stack.call('POST', `${API}/connector/binding/email`, {
        body: { binding_key: bindingKey, email: `x-${Date.now()}@allowed.example` },
      });
      expect(closed.status).toBe(403);
    } finally {
      await setLogin(stack, {});
    }
    expect(await userCount(stack)).toBe(before);
    expect(await linksOfExternal(stack, account.sub)).toEqual([]);
    // The binding waits: with registrations open again, the address is bound.
    const bound = await stack.call('POST', `${API}/connector/binding/email`, {
      body: { binding_key: bindingKey, email: `x-${Date.now()}@allowed.example` },
    });
    expect(bound.status).toBe(200);
    expect(await linksOfExternal(stack, account.sub)).toHaveLength(1);
  });
});
