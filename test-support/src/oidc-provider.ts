import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { ConnectorSettings } from '@agora/contracts';
import * as jose from 'jose';
import Provider from 'oidc-provider';
import type { Stack } from './stack';

/** An account at the test provider: its subject and the claims it releases. */
export interface ProviderAccount {
  sub: string;
  email?: string;
  email_verified?: boolean;
  name?: string;
  /** Any other claim the provider releases (a workspace's own, such as `https://slack.com/team_id`). */
  [claim: string]: unknown;
}

export interface OidcProviderOptions {
  redirectUris: string[];
  /** The claims each scope releases; the standard `sub`, `email`, `email_verified` and `name` by default. */
  claims?: Record<string, string[]>;
  /** Put the scopes' claims in the ID token itself, as some providers do, rather than only at userinfo. */
  claimsInIdToken?: boolean;
}

/** Rewrites the ID token the provider issued (a forged or stale token, signed with the provider's own key). */
export type IdTokenTamper = (claims: jose.JWTPayload) => jose.JWTPayload;

export interface TestOidcProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** Who signs in at the provider on the next trip (its login screen, answered by the test). */
  signInAs(account: ProviderAccount): void;
  /** Rewrites the ID token of the next token response (signed with the provider's key, or a stranger's), then stops. */
  tamperNextIdToken(tamper: IdTokenTamper, options?: { foreignKey?: boolean }): void;
  /** Every token the provider has handed out (access, ID and refresh tokens), as sent. */
  issuedTokens(): string[];
  /** Follows a fresh browser through the provider from an authorization URL to the redirect back to the client. */
  authorize(authorizationUrl: string): Promise<URL>;
  close(): Promise<void>;
}

/**
 * A real OpenID Connect provider (`oidc-provider` 8.x, which supports Node 20) on a loopback port, with one
 * confidential client. Its interaction (login and consent) is answered for the account the test chose;
 * everything else — discovery, keys, authorization, code, PKCE, tokens — is the provider's own.
 */
export async function startOidcProvider(options: OidcProviderOptions): Promise<TestOidcProvider> {
  const clientId = 'agora';
  const clientSecret = 'agora-test-client-secret-0123456789';
  const { privateKey } = await jose.generateKeyPair('RS256', { extractable: true });
  const jwk = { ...(await jose.exportJWK(privateKey)), kid: 'test-key', alg: 'RS256', use: 'sig' };
  const stranger = await jose.generateKeyPair('RS256');
  const accounts = new Map<string, ProviderAccount>();
  let current: ProviderAccount | undefined;
  let tamper: { rewrite: IdTokenTamper; foreignKey: boolean } | undefined;
  const issued: string[] = [];

  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: options.redirectUris,
        token_endpoint_auth_method: 'client_secret_post',
      },
    ],
    jwks: { keys: [jwk as never] },
    cookies: { keys: ['test-cookie-key-0123456789'] },
    pkce: { required: () => true },
    claims: options.claims ?? { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    conformIdTokenClaims: !options.claimsInIdToken,
    features: { devInteractions: { enabled: false } },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    async findAccount(_ctx, sub) {
      const account = accounts.get(sub);
      if (!account) return undefined;
      return { accountId: sub, claims: async () => ({ ...account }) };
    },
  });
  provider.on('server_error', (_ctx, error) => console.error('oidc-provider', error));
  const callback = provider.callback();

  server.on('request', (req, res) => {
    if (req.url?.startsWith('/interaction/')) {
      void (async () => {
        const account = current;
        if (!account) throw new Error('the test chose no account to sign in as');
        accounts.set(account.sub, account);
        const details = await provider.interactionDetails(req, res);
        const grant = new provider.Grant({ accountId: account.sub, clientId });
        grant.addOIDCScope(String(details.params.scope ?? 'openid'));
        const grantId = await grant.save();
        await provider.interactionFinished(
          req,
          res,
          { login: { accountId: account.sub }, consent: { grantId } },
          { mergeWithLastSubmission: false },
        );
      })().catch((error) => {
        res.statusCode = 500;
        res.end(String(error));
      });
      return;
    }
    if (req.url === '/token') {
      const rewriting = tamper;
      tamper = undefined;
      // Capture the provider's answer, note its tokens, and re-sign its ID token with rewritten claims if asked.
      const chunks: Buffer[] = [];
      const write = res.write.bind(res);
      const end = res.end.bind(res);
      res.write = ((chunk: Buffer | string) => {
        chunks.push(Buffer.from(chunk));
        return true;
      }) as typeof res.write;
      res.end = ((chunk?: Buffer | string | (() => void)) => {
        if (chunk && typeof chunk !== 'function') chunks.push(Buffer.from(chunk));
        void (async () => {
          const received = Buffer.concat(chunks).toString('utf8');
          const body = received.startsWith('{') ? JSON.parse(received) : {};
          if (!received.startsWith('{')) {
            write(received);
            end();
            return;
          }
          if (rewriting && body.id_token) {
            const claims = rewriting.rewrite(jose.decodeJwt(body.id_token));
            body.id_token = await new jose.SignJWT(claims)
              .setProtectedHeader({ alg: 'RS256', kid: 'test-key' })
              .sign(rewriting.foreignKey ? stranger.privateKey : privateKey);
          }
          for (const key of ['access_token', 'id_token', 'refresh_token'])
            if (typeof body[key] === 'string') issued.push(body[key]);
          const text = JSON.stringify(body);
          res.setHeader('content-length', Buffer.byteLength(text));
          write(text);
          end();
        })();
        return res;
      }) as typeof res.end;
    }
    callback(req, res);
  });

  const cookies = new Map<string, string>();
  async function step(url: URL): Promise<Response> {
    const response = await fetch(url, {
      redirect: 'manual',
      headers: { cookie: [...cookies].map(([name, value]) => `${name}=${value}`).join('; ') },
    });
    for (const header of response.headers.getSetCookie()) {
      const [pair] = header.split(';');
      const at = pair?.indexOf('=') ?? -1;
      if (pair && at > 0) cookies.set(pair.slice(0, at), pair.slice(at + 1));
    }
    return response;
  }

  return {
    issuer,
    clientId,
    clientSecret,
    signInAs(account) {
      current = account;
    },
    tamperNextIdToken(rewrite, tamperOptions) {
      tamper = { rewrite, foreignKey: tamperOptions?.foreignKey ?? false };
    },
    issuedTokens() {
      return [...issued];
    },
    async authorize(authorizationUrl) {
      // Each trip is a fresh browser: no session left at the provider from the last one.
      cookies.clear();
      let url = new URL(authorizationUrl);
      for (let hop = 0; hop < 10; hop++) {
        if (url.origin !== issuer) return url;
        const response = await step(url);
        const location = response.headers.get('location');
        if (!location) throw new Error(`the provider answered ${response.status}: ${await response.text()}`);
        url = new URL(location, url);
      }
      throw new Error('too many redirects at the provider');
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/**
 * The settings of an OpenID Connect connector `name` pointed at the test provider (discovery from its issuer, its
 * client, the scopes `openid email profile`); `overrides` change any of them.
 */
export function oidcConnectorSettings(
  provider: Pick<TestOidcProvider, 'issuer' | 'clientId' | 'clientSecret'>,
  name: string,
  overrides: Partial<ConnectorSettings> = {},
): ConnectorSettings {
  return {
    name,
    kind: 'oidc',
    enabled: true,
    issuer: provider.issuer,
    authorization_url: '',
    token_url: '',
    api_url: '',
    client_id: provider.clientId,
    client_secret: provider.clientSecret,
    scopes: 'openid email profile',
    button_label: name,
    icon: 'Key',
    ...overrides,
  };
}

/** Saves the connector of `oidcConnectorSettings` through the admin route, as the admin of `adminToken`. */
export async function saveOidcConnector(
  stack: Pick<Stack, 'call'>,
  adminToken: string,
  provider: Pick<TestOidcProvider, 'issuer' | 'clientId' | 'clientSecret'>,
  name: string,
  overrides: Partial<ConnectorSettings> = {},
): Promise<void> {
  const saved = await stack.call('PUT', '/answer/admin/api/connector', {
    token: adminToken,
    body: oidcConnectorSettings(provider, name, overrides),
  });
  if (saved.status !== 200)
    throw new Error(`saving the connector ${name} answered ${saved.status}: ${JSON.stringify(saved.body)}`);
}
