import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { identityService } from '@agora/identity';
import { createHttpApp, type HttpApp, loadConfig } from '@agora/platform';
import { siteService } from '@agora/site';
import { createUser, login } from '@agora/test-support/accounts';
import { freePort } from '@agora/test-support/ports';
import { type Stack, startStack } from '@agora/test-support/stack';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGateway } from '../src/gateway';
import { createOperatorApp, readyWhenAll, startOperatorListener } from '../src/operator';
import { HttpTransport, InProcessTransport } from '../src/transports';

const log = pino({ level: 'silent' });
const API = '/answer/api/v1';
const INDEX_HTML = `<!doctype html><html><head>
<script type="importmap" nonce="__CSP_NONCE__">{"imports":{}}</script>
</head><body><script type="module" src="/assets/root/app.js"></script></body></html>`;
// A 1×1 PNG.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

let stack: Stack;
let webRoot: string;
let gateway: HttpApp;
let httpsGateway: HttpApp;
let unreachable: HttpTransport;

beforeAll(async () => {
  stack = await startStack({ services: [siteService, identityService] });
  webRoot = mkdtempSync(path.join(os.tmpdir(), 'agora-web-'));
  mkdirSync(path.join(webRoot, 'assets', 'root'), { recursive: true });
  writeFileSync(path.join(webRoot, 'index.html'), INDEX_HTML);
  writeFileSync(path.join(webRoot, 'assets', 'root', 'app.js'), 'export const ok = true;\n');
  // Nothing listens on port 1: votes is down, and its routes answer the gateway's own 503.
  unreachable = new HttpTransport('http://127.0.0.1:1');
  const transports = {
    site: new InProcessTransport(stack.service('site').app),
    identity: new InProcessTransport(stack.service('identity').app),
    votes: unreachable,
  };
  gateway = await createGateway({ log, transports, webRoot, siteUrl: 'http://agora.test' });
  httpsGateway = await createGateway({ log, transports, webRoot, siteUrl: 'https://agora.example' });
});

afterAll(async () => {
  await gateway?.close();
  await httpsGateway?.close();
  await unreachable?.close();
  await stack?.close();
  if (webRoot) rmSync(webRoot, { recursive: true, force: true });
});

/** The policy as a map of directive → sources. */
function policyOf(header: unknown): Map<string, string[]> {
  expect(typeof header, 'a Content-Security-Policy header').toBe('string');
  return new Map(
    String(header)
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter((words) => words[0])
      .map(([name, ...sources]) => [name!, sources]),
  );
}

/** Every response's headers; only the page (index.html) allows an inline script, by its own nonce. */
function expectSecurityHeaders(response: { headers: Record<string, unknown> }, { page = false } = {}) {
  const policy = policyOf(response.headers['content-security-policy']);
  expect(policy.get('default-src')).toEqual(["'self'"]);
  const scripts = policy.get('script-src') ?? [];
  expect(scripts).toContain("'self'");
  expect(scripts.filter((source) => source !== "'self'")).toEqual(
    page ? [expect.stringMatching(/^'nonce-[A-Za-z0-9+/=]{20,}'$/)] : [],
  );
  expect(policy.get('script-src-attr')).toEqual(["'none'"]);
  expect(policy.get('frame-ancestors')).toEqual(["'none'"]);
  expect(policy.get('connect-src')).toEqual(["'self'"]);
  expect(policy.get('object-src')).toEqual(["'none'"]);
  expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  expect(response.headers['x-content-type-options']).toBe('nosniff');
  expect(response.headers['x-frame-options']).toBe('DENY');
  return policy;
}

const nonceOf = (policy: Map<string, string[]>) =>
  /^'nonce-(.+)'$/.exec(policy.get('script-src')?.find((s) => s.startsWith("'nonce-")) ?? '')?.[1];

describe('security headers on every gateway response', () => {
  it('a JSON API answer', async () => {
    const response = await gateway.inject({ url: `${API}/siteinfo` });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('application/json');
    expectSecurityHeaders(response);
  });

  it('an asset of the web app', async () => {
    const response = await gateway.inject({ url: '/assets/root/app.js' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('javascript');
    expectSecurityHeaders(response);
  });

  it('index.html, whose import map carries this response’s own nonce', async () => {
    const first = await gateway.inject({ url: '/questions' });
    const second = await gateway.inject({ url: '/users/login' });
    const nonces = [];
    for (const response of [first, second]) {
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toContain('text/html');
      const nonce = nonceOf(expectSecurityHeaders(response, { page: true }));
      expect(response.body).toContain(`<script type="importmap" nonce="${nonce}">`);
      expect(response.body).not.toContain('__CSP_NONCE__');
      nonces.push(nonce);
    }
    expect(nonces[0]).not.toBe(nonces[1]);
  });

  it('404s: an unknown API route, a missing asset, an unknown path', async () => {
    for (const [method, url] of [
      ['GET', `${API}/no/such/route`],
      ['GET', '/assets/root/missing.js'],
      ['POST', '/not-a-page'],
    ] as const) {
      const response = await gateway.inject({ method, url });
      expect(response.statusCode, `${method} ${url}`).toBe(404);
      expectSecurityHeaders(response);
    }
  });

  it('errors: a service’s 400 and the gateway’s own 503 when a service is down', async () => {
    const refused = await gateway.inject({
      method: 'POST',
      url: `${API}/user/login/email`,
      headers: { 'content-type': 'application/json' },
      payload: '{"e_mail": 12',
    });
    expect(refused.statusCode).toBe(400);
    expectSecurityHeaders(refused);
    const down = await gateway.inject({ method: 'POST', url: `${API}/vote/up`, payload: {} });
    expect(down.statusCode).toBe(503);
    expectSecurityHeaders(down);
  });

  it('keeps the stricter sandboxing policy of an uploaded file', async () => {
    const token = await login(stack, await createUser(stack));
    // The uploading member is known to every service (and has its first reputation point) before it uploads.
    await stack.settle();
    const form = new FormData();
    form.append('source', 'post');
    form.append('file', new Blob([PNG], { type: 'image/png' }), 'dot.png');
    const encoded = new Response(form);
    const uploaded = await gateway.inject({
      method: 'POST',
      url: `${API}/file`,
      headers: { 'content-type': encoded.headers.get('content-type')!, authorization: token },
      payload: Buffer.from(await encoded.arrayBuffer()),
    });
    expect(uploaded.statusCode).toBe(200);
    const served = await gateway.inject({ url: new URL(uploaded.json().data).pathname });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-security-policy']).toBe("default-src 'none'; sandbox");
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  });

  it('sends HSTS (and upgrades insecure requests) only when the site URL is https', async () => {
    const plain = await gateway.inject({ url: `${API}/siteinfo` });
    expect(plain.headers['strict-transport-security']).toBeUndefined();
    expect(policyOf(plain.headers['content-security-policy']).has('upgrade-insecure-requests')).toBe(false);
    for (const url of [`${API}/siteinfo`, '/questions', '/assets/root/app.js']) {
      const secure = await httpsGateway.inject({ url });
      expect(secure.headers['strict-transport-security'], url).toBe('max-age=31536000');
      const policy = expectSecurityHeaders(secure, { page: url === '/questions' });
      expect(policy.has('upgrade-insecure-requests')).toBe(true);
    }
  });
});

describe('health, readiness and metrics', () => {
  it('are not served on the public port', async () => {
    for (const url of ['/metrics', '/healthz', '/readyz']) {
      const response = await gateway.inject({ url });
      expect(response.statusCode, url).toBe(404);
      expect(response.body).not.toContain('agora_http_request_duration_seconds');
    }
  });

  it('are served on the operator listener, over HTTP, with readiness from the services', async () => {
    const ready = readyWhenAll([stack.service('site').app, stack.service('identity').app]);
    const operator = await startOperatorListener(
      { operatorHost: '127.0.0.1', operatorPort: await freePort() },
      { log, ready },
    );
    try {
      const { port } = operator!.server.address() as AddressInfo;
      const base = `http://127.0.0.1:${port}`;
      expect((await fetch(`${base}/healthz`)).status).toBe(200);
      const readiness = await fetch(`${base}/readyz`);
      expect(readiness.status).toBe(200);
      expect(await readiness.json()).toEqual({ status: 'ready' });
      const metrics = await fetch(`${base}/metrics`);
      expect(metrics.status).toBe(200);
      expect(await metrics.text()).toContain('agora_http_request_duration_seconds');
      expect((await fetch(`${base}${API}/siteinfo`)).status).toBe(404);
    } finally {
      await operator?.close();
    }
  });

  it('answer not ready while any service is not ready', async () => {
    const notReady = await createHttpApp({ name: 'unready', log, openapi: false, ready: async () => false });
    const operator = await createOperatorApp({ log, ready: readyWhenAll([stack.service('site').app, notReady]) });
    try {
      expect((await operator.inject({ url: '/readyz' })).statusCode).toBe(503);
      expect((await operator.inject({ url: '/healthz' })).statusCode).toBe(200);
    } finally {
      await operator.close();
      await notReady.close();
    }
  });

  it('is off with AGORA_OPERATOR_PORT=off or 0, and on the public port + 1 by default', async () => {
    for (const value of ['off', 'OFF', '0']) {
      const config = loadConfig({ env: { AGORA_OPERATOR_PORT: value } });
      expect(config.operatorPort, value).toBeNull();
      expect(await startOperatorListener(config, { log })).toBeNull();
    }
    expect(loadConfig({ env: {} })).toMatchObject({ operatorHost: '127.0.0.1', operatorPort: 9081 });
    expect(loadConfig({ env: { AGORA_PORT: '7000' } }).operatorPort).toBe(7001);
    expect(() => loadConfig({ env: { AGORA_OPERATOR_PORT: 'ninety' } })).toThrow(/AGORA_OPERATOR_PORT/);
  });
});
