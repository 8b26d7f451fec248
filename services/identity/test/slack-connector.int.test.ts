import { ConnectorPresets } from '@agora/contracts';
import { siteService } from '@agora/site';
import { createUser, login, tokenClaims } from '@agora/test-support/accounts';
import { saveOidcConnector, startOidcProvider, type TestOidcProvider } from '@agora/test-support/oidc-provider';
import { type Stack, startStack } from '@agora/test-support/stack';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { identityService } from '../src/service';
import { API, adminTokenOf, linksOf, redirectUriOf, trip } from './support/connector-trips';

/**
 * The messaging workspace's login: its OpenID Connect provider releases the workspace's own claims beside the
 * standard ones, all in the ID token (as its provider does), for the scopes `openid email profile`.
 */
const SLACK_CLAIMS = {
  openid: [
    'sub',
    'https://slack.com/user_id',
    'https://slack.com/team_id',
    'https://slack.com/team_name',
    'https://slack.com/team_domain',
  ],
  email: ['email', 'email_verified', 'date_email_verified'],
  profile: ['name', 'picture', 'given_name', 'family_name', 'locale'],
};

let stack: Stack;
let workspace: TestOidcProvider;
let adminToken: string;
let counter = 0;

/** A workspace member as the provider describes them: the subject is the member's user id. */
function workspaceMember(overrides: Record<string, unknown> = {}) {
  counter += 1;
  const userId = `U0${counter}${Date.now().toString(36).toUpperCase()}`;
  return {
    sub: userId,
    'https://slack.com/user_id': userId,
    'https://slack.com/team_id': 'T0R7GR',
    'https://slack.com/team_name': 'Agora Makers',
    'https://slack.com/team_domain': 'agora-makers',
    email: `member${counter}-${Date.now()}@makers.example`,
    email_verified: true,
    date_email_verified: 1_622_128_723,
    name: `Workspace Member ${counter}`,
    given_name: '',
    family_name: '',
    locale: 'en-US',
    picture: 'https://secure.gravatar.example/avatar.png',
    ...overrides,
  };
}

beforeAll(async () => {
  workspace = await startOidcProvider({
    redirectUris: [redirectUriOf('slack')],
    claims: SLACK_CLAIMS,
    claimsInIdToken: true,
  });
  stack = await startStack({ services: [siteService, identityService] });
  adminToken = await adminTokenOf(stack);
});

afterAll(async () => {
  await stack?.close();
  await workspace?.close();
});

describe('the messaging workspace login (a preset of the OpenID Connect connector)', () => {
  it('offers the preset to admins only', async () => {
    const presets = await stack.call('GET', '/answer/admin/api/connector/presets', { token: adminToken });
    expect(presets.status).toBe(200);
    expect(presets.body.data).toContainEqual({ preset: 'slack', ...ConnectorPresets.slack });
    expect(ConnectorPresets.slack).toMatchObject({ kind: 'oidc', issuer: 'https://slack.com', icon: 'Forum' });
    const member = await createUser(stack);
    const refused = await stack.call('GET', '/answer/admin/api/connector/presets', {
      token: await login(stack, member),
    });
    expect(refused.status).toBe(403);
  });

  it('signs a workspace member up from the ID token’s claims, then signs them in again', async () => {
    // The preset as the admin saves it, with the workspace provider's address standing in for the real one.
    const { kind, authorization_url, token_url, api_url, scopes, button_label, icon } = ConnectorPresets.slack;
    await saveOidcConnector(stack, adminToken, workspace, 'slack', {
      kind,
      authorization_url,
      token_url,
      api_url,
      scopes,
      button_label,
      icon,
    });
    const info = await stack.call('GET', `${API}/connector/info`);
    expect(info.body.data).toContainEqual({ name: 'Slack', icon: 'Forum', link: `${API}/connector/login/slack` });

    const account = workspaceMember();
    workspace.signInAs(account);
    const landed = await trip(stack, workspace, 'slack');
    expect(landed.pathname).toBe('/users/auth-landing');
    // The provider answered as the workspace's does: its claims are in the ID token itself.
    const idToken = workspace.issuedTokens().find((token) => token.split('.').length === 3) ?? '';
    const payload = JSON.parse(Buffer.from(idToken.split('.')[1] ?? '', 'base64url').toString('utf8'));
    expect(payload).toMatchObject({
      sub: account.sub,
      'https://slack.com/user_id': account.sub,
      'https://slack.com/team_id': 'T0R7GR',
      email: account.email,
      email_verified: true,
    });

    const token = landed.searchParams.get('access_token') ?? '';
    const me = await stack.call('GET', `${API}/user/info`, { token });
    expect(me.body.data).toMatchObject({ e_mail: account.email, display_name: account.name, mail_status: 1 });
    const userId = tokenClaims(token).sub;
    expect(await linksOf(stack, userId)).toEqual([{ connector: 'slack', external_id: account.sub }]);

    const again = await trip(stack, workspace, 'slack');
    expect(tokenClaims(again.searchParams.get('access_token') ?? '').sub).toBe(userId);
  });

  it('a workspace e-mail that is not verified is bound by a proof, not trusted', async () => {
    const member = await createUser(stack);
    workspace.signInAs(workspaceMember({ email: member.email, email_verified: false }));
    const landed = await trip(stack, workspace, 'slack');
    expect(landed.pathname).toBe('/users/confirm-email');
    expect(await linksOf(stack, member.id)).toEqual([]);
  });
});
