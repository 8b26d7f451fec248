import { ConnectorFailure } from '@agora/contracts';
import * as client from 'openid-client';
import type { ConnectorRow } from './connector-settings';
import { ConnectorFailed, isLoopback, type ProviderAccount } from './provider-account';
import type { AuthorizationChecks, CallbackChecks, ProviderConnector } from './provider-connector';
import { failureOf } from './provider-failures';

interface Cached {
  updatedAt: number;
  config: client.Configuration;
}

/**
 * A generic OpenID Connect connector on openid-client: discovery (kept per connector until its settings
 * change), the authorization code flow with PKCE, state and nonce, and the ID token checked against the
 * provider's keys. One per identity instance.
 */
export class OidcConnector implements ProviderConnector {
  private readonly configs = new Map<string, Cached>();

  async configuration(connector: ConnectorRow, secret: string): Promise<client.Configuration> {
    const cached = this.configs.get(connector.name);
    const updatedAt = connector.updated_at.getTime();
    if (cached && cached.updatedAt === updatedAt) return cached.config;
    const issuer = new URL(connector.issuer);
    const config = await client
      .discovery(issuer, connector.client_id, secret, undefined, {
        // The ID token's signature is checked against the provider's keys even though it comes straight from the
        // token endpoint (the library would otherwise trust the TLS connection alone).
        execute: isLoopback(issuer)
          ? [client.allowInsecureRequests, client.enableNonRepudiationChecks]
          : [client.enableNonRepudiationChecks],
        timeout: 10,
      })
      .catch((error: unknown) => {
        throw new ConnectorFailed(ConnectorFailure.providerDown, error);
      });
    this.configs.set(connector.name, { updatedAt, config });
    return config;
  }

  async authorizationUrl(connector: ConnectorRow, secret: string, checks: AuthorizationChecks): Promise<string> {
    const config = await this.configuration(connector, secret);
    return client
      .buildAuthorizationUrl(config, {
        redirect_uri: checks.redirectUri,
        scope: connector.scopes || 'openid email profile',
        state: checks.state,
        nonce: checks.nonce,
        code_challenge: checks.codeChallenge,
        code_challenge_method: 'S256',
      })
      .toString();
  }

  /** Exchanges the code and checks the ID token; the e-mail comes from the token or, failing that, userinfo. */
  async finish(
    connector: ConnectorRow,
    secret: string,
    callbackUrl: URL,
    checks: CallbackChecks,
  ): Promise<ProviderAccount> {
    const config = await this.configuration(connector, secret);
    try {
      const tokens = await client.authorizationCodeGrant(config, callbackUrl, {
        pkceCodeVerifier: checks.codeVerifier,
        expectedState: checks.state,
        expectedNonce: checks.nonce,
        idTokenExpected: true,
      });
      const claims = tokens.claims();
      if (!claims) throw new ConnectorFailed(ConnectorFailure.tokenRejected);
      let profile: Record<string, unknown> = claims;
      if (typeof claims.email !== 'string')
        profile = { ...(await client.fetchUserInfo(config, tokens.access_token, claims.sub)), ...claims };
      const email = typeof profile.email === 'string' ? profile.email : '';
      const name = [profile.name, profile.preferred_username, email.split('@')[0]].find(
        (value): value is string => typeof value === 'string' && value.trim() !== '',
      );
      return {
        externalId: claims.sub,
        email,
        emailVerified: email !== '' && profile.email_verified === true,
        displayName: name ?? claims.sub,
      };
    } catch (error) {
      throw failureOf(error);
    }
  }
}
