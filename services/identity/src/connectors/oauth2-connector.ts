import { ConnectorFailure } from '@agora/contracts';
import * as client from 'openid-client';
import type { ConnectorRow } from './connector-settings';
import { ConnectorFailed, isLoopback, type ProviderAccount } from './provider-account';
import type { AuthorizationChecks, CallbackChecks, ProviderConnector } from './provider-connector';
import { failureOf } from './provider-failures';

interface ApiUser {
  id?: number | string;
  login?: string;
  name?: string | null;
  email?: string | null;
}

interface ApiEmail {
  email?: string;
  primary?: boolean;
  verified?: boolean;
}

/**
 * A GitHub-style OAuth2 connector (no ID token): the authorization code flow with PKCE and state through
 * openid-client, then the member and their verified e-mails from the provider's API (`/user`, `/user/emails`).
 */
export class OAuth2Connector implements ProviderConnector {
  private configuration(connector: ConnectorRow, secret: string): client.Configuration {
    const authorization = new URL(connector.authorization_url);
    const config = new client.Configuration(
      {
        issuer: authorization.origin,
        authorization_endpoint: connector.authorization_url,
        token_endpoint: connector.token_url,
      },
      connector.client_id,
      secret,
    );
    if (isLoopback(authorization)) client.allowInsecureRequests(config);
    return config;
  }

  async authorizationUrl(connector: ConnectorRow, secret: string, checks: AuthorizationChecks): Promise<string> {
    return client
      .buildAuthorizationUrl(this.configuration(connector, secret), {
        redirect_uri: checks.redirectUri,
        scope: connector.scopes || 'read:user user:email',
        state: checks.state,
        code_challenge: checks.codeChallenge,
        code_challenge_method: 'S256',
      })
      .toString();
  }

  async finish(
    connector: ConnectorRow,
    secret: string,
    callbackUrl: URL,
    checks: CallbackChecks,
  ): Promise<ProviderAccount> {
    const config = this.configuration(connector, secret);
    try {
      const tokens = await client.authorizationCodeGrant(config, callbackUrl, {
        pkceCodeVerifier: checks.codeVerifier,
        expectedState: checks.state,
        idTokenExpected: false,
      });
      const api = connector.api_url.replace(/\/$/, '');
      const user = (await this.read(config, tokens.access_token, `${api}/user`)) as ApiUser;
      if (user.id === undefined || user.id === null) throw new ConnectorFailed(ConnectorFailure.tokenRejected);
      const emails = await this.read(config, tokens.access_token, `${api}/user/emails`);
      if (!Array.isArray(emails)) throw new ConnectorFailed(ConnectorFailure.emailPermission);
      const verified = (emails as ApiEmail[]).filter((entry) => entry.verified === true && entry.email);
      const chosen = verified.find((entry) => entry.primary) ?? verified[0];
      const email = chosen?.email ?? user.email ?? '';
      return {
        externalId: String(user.id),
        email,
        emailVerified: chosen !== undefined,
        displayName: user.name?.trim() || user.login || String(user.id),
      };
    } catch (error) {
      throw failureOf(error);
    }
  }

  /** A JSON read of the provider's API; a refusal of the e-mails means the member withheld that permission. */
  private async read(config: client.Configuration, accessToken: string, url: string): Promise<unknown> {
    const response = await client.fetchProtectedResource(
      config,
      accessToken,
      new URL(url),
      'GET',
      undefined,
      new Headers({ accept: 'application/json' }),
    );
    if (response.status === 401 || response.status === 403 || response.status === 404) {
      throw new ConnectorFailed(
        url.endsWith('/emails') ? ConnectorFailure.emailPermission : ConnectorFailure.tokenRejected,
      );
    }
    if (!response.ok) throw new ConnectorFailed(ConnectorFailure.providerDown);
    return response.json();
  }
}
