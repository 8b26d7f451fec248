import { createHash, randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface OAuth2Member {
  id: number;
  login: string;
  name: string | null;
  emails: { email: string; primary: boolean; verified: boolean }[];
  /** The member declined the e-mail permission: `/user/emails` answers 404 as GitHub does without the scope. */
  withholdEmails?: boolean;
}

export interface TestOAuth2Provider {
  url: string;
  clientId: string;
  clientSecret: string;
  signInAs(member: OAuth2Member): void;
  /** Follows a browser from the authorization URL to the redirect back to the client. */
  authorize(authorizationUrl: string): Promise<URL>;
  close(): Promise<void>;
}

interface Grant {
  member: OAuth2Member;
  redirectUri: string;
  codeChallenge: string;
}

/**
 * A small HTTP server that plays a GitHub-style OAuth2 provider: `/login/oauth/authorize` (the member the test
 * chose consents at once), `/login/oauth/access_token` (client secret, code, redirect URI and PKCE checked, each
 * code spent once) and the API's `/user` and `/user/emails` behind the access token.
 */
export async function startOAuth2Provider(options: { redirectUris: string[] }): Promise<TestOAuth2Provider> {
  const clientId = 'agora-oauth2';
  const clientSecret = 'agora-oauth2-secret';
  const codes = new Map<string, Grant>();
  const tokens = new Map<string, OAuth2Member>();
  let current: OAuth2Member | undefined;

  const json = (res: http.ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  };

  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    if (req.method === 'GET' && url.pathname === '/login/oauth/authorize') {
      const redirectUri = url.searchParams.get('redirect_uri') ?? '';
      if (url.searchParams.get('client_id') !== clientId || !options.redirectUris.includes(redirectUri) || !current)
        return json(res, 400, { error: 'redirect_uri_mismatch' });
      const code = randomBytes(16).toString('hex');
      codes.set(code, { member: current, redirectUri, codeChallenge: url.searchParams.get('code_challenge') ?? '' });
      const back = new URL(redirectUri);
      back.searchParams.set('code', code);
      back.searchParams.set('state', url.searchParams.get('state') ?? '');
      res.writeHead(302, { location: back.toString() });
      return res.end();
    }
    if (req.method === 'POST' && url.pathname === '/login/oauth/access_token') {
      let text = '';
      req.on('data', (chunk) => {
        text += chunk;
      });
      req.on('end', () => {
        const form = new URLSearchParams(text);
        const basic = req.headers.authorization?.startsWith('Basic ')
          ? Buffer.from(req.headers.authorization.slice(6), 'base64')
              .toString('utf8')
              .split(':')
              .map(decodeURIComponent)
          : [];
        const id = form.get('client_id') ?? basic[0];
        const secret = form.get('client_secret') ?? basic[1];
        const grant = codes.get(form.get('code') ?? '');
        codes.delete(form.get('code') ?? '');
        const verifier = form.get('code_verifier') ?? '';
        const challenge = createHash('sha256').update(verifier).digest('base64url');
        if (id !== clientId || secret !== clientSecret) return json(res, 401, { error: 'invalid_client' });
        if (!grant || grant.redirectUri !== form.get('redirect_uri') || grant.codeChallenge !== challenge)
          return json(res, 400, { error: 'invalid_grant' });
        const token = randomBytes(16).toString('hex');
        tokens.set(token, grant.member);
        return json(res, 200, { access_token: token, token_type: 'bearer', scope: 'read:user,user:email' });
      });
      return;
    }
    const member = tokens.get(req.headers.authorization?.replace(/^(Bearer|token) /i, '') ?? '');
    if (!member) return json(res, 401, { message: 'Bad credentials' });
    if (url.pathname === '/user')
      return json(res, 200, { id: member.id, login: member.login, name: member.name, email: null });
    if (url.pathname === '/user/emails' && !member.withholdEmails) return json(res, 200, member.emails);
    return json(res, 404, { message: 'Not Found' });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url: base,
    clientId,
    clientSecret,
    signInAs(member) {
      current = member;
    },
    async authorize(authorizationUrl) {
      const response = await fetch(authorizationUrl, { redirect: 'manual' });
      const location = response.headers.get('location');
      if (!location) throw new Error(`the provider answered ${response.status}: ${await response.text()}`);
      return new URL(location);
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
