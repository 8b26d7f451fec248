/**
 * The published API reference (issue #18, docs/adr/0009-api-reference.md): one OpenAPI 3.1 document merged from
 * every service's route schemas, served by the gateway at /answer/api/openapi.json, built on its first
 * request and kept; every public route a service registered is documented with its method, and nothing
 * else is; the Swagger UI page at /answer/api/docs and its files come from the gateway itself.
 */
import { AGORA_VERSION } from '@agora/contracts';
import { identityService } from '@agora/identity';
import { notificationsService } from '@agora/notifications';
import { type HttpApp, registeredRoutes } from '@agora/platform';
import { postsService } from '@agora/posts';
import { searchService } from '@agora/search';
import { siteService } from '@agora/site';
import { tagsService } from '@agora/tags';
import { type Stack, startStack } from '@agora/test-support/stack';
import { votesService } from '@agora/votes';
import { Validator } from '@seriousme/openapi-schema-validator';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGateway } from '../src/gateway';
import { AREA_PREFIXES } from '../src/routing-table';
import {
  type ForwardRequest,
  type ForwardResponse,
  HttpTransport,
  InProcessTransport,
  type ServiceTransport,
} from '../src/transports';

const log = pino({ level: 'silent' });
const SERVICES = [
  siteService,
  identityService,
  postsService,
  votesService,
  tagsService,
  searchService,
  notificationsService,
];
const DOCUMENT = '/answer/api/openapi.json';

interface Operation {
  tags?: string[];
  security?: Array<Record<string, string[]>>;
  'x-agora-auth'?: string;
  requestBody?: unknown;
  parameters?: Array<{ name: string; in: string }>;
}
interface Document extends Record<string, unknown> {
  openapi: string;
  info: { title: string; version: string };
  tags: Array<{ name: string }>;
  paths: Record<string, Record<string, Operation>>;
  components: Record<string, Record<string, unknown>>;
}

/** A transport that counts the requests it forwards, and can be made to fail. */
class CountingTransport implements ServiceTransport {
  readonly asked: string[] = [];
  down = false;

  constructor(private readonly inner: ServiceTransport) {}

  async forward(request: ForwardRequest): Promise<ForwardResponse> {
    this.asked.push(request.url);
    if (this.down) throw new Error('connect ECONNREFUSED');
    return this.inner.forward(request);
  }

  async close(): Promise<void> {}
}

let stack: Stack;
let document: Document;

/** A Fastify route path as OpenAPI writes it: `:id` is `{id}`. */
const openApiPath = (url: string) => url.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
const isPublic = (url: string) => Object.values(AREA_PREFIXES).some((prefix) => url.startsWith(prefix));

/**
 * Every route each service registered below the gateway's public prefixes. A hidden one (`schema.hide`, for
 * internal and operator routes) among them would be a public route left out of the reference: it counts.
 */
function publicRoutes() {
  return SERVICES.flatMap(({ name }) =>
    registeredRoutes(stack.service(name).app)
      .filter((route) => isPublic(route.url))
      .map((route) => ({ service: name, method: route.method.toLowerCase(), path: openApiPath(route.url), route })),
  );
}

beforeAll(async () => {
  stack = await startStack({ services: SERVICES, env: { AGORA_SEARCH: 'postgres' } });
  const response = await stack.gateway.inject({ url: DOCUMENT });
  expect(response.statusCode).toBe(200);
  document = response.json();
});

afterAll(async () => {
  await stack?.close();
});

describe('the OpenAPI document', () => {
  it('is a valid OpenAPI 3.1 document whose references all resolve', async () => {
    const validator = new Validator();
    const result = await validator.validate(structuredClone(document));
    expect(result.errors ?? [], JSON.stringify(result.errors, null, 2)?.slice(0, 4000)).toEqual([]);
    expect(result.valid).toBe(true);
    expect(validator.version).toBe('3.1');
    expect(() => validator.resolveRefs()).not.toThrow();
    expect(document.info).toMatchObject({ title: 'Agora API', version: AGORA_VERSION });
  });

  it('documents every public route of every service with its method (none left out)', () => {
    const routes = publicRoutes();
    expect(routes.length).toBeGreaterThan(90);
    const undocumented = routes
      .filter(({ method, path }) => document.paths[path]?.[method] === undefined)
      .map(({ service, method, path }) => `${service} ${method.toUpperCase()} ${path}`);
    expect(undocumented).toEqual([]);
  });

  it('documents nothing but those routes: no hidden, internal or operator route', () => {
    const served = new Set(publicRoutes().map(({ method, path }) => `${method} ${path}`));
    const extra: string[] = [];
    for (const [path, item] of Object.entries(document.paths)) {
      for (const method of Object.keys(item)) if (!served.has(`${method} ${path}`)) extra.push(`${method} ${path}`);
    }
    expect(extra).toEqual([]);
    const paths = Object.keys(document.paths);
    expect(paths.some((path) => path.startsWith('/internal/'))).toBe(false);
    for (const hidden of ['/openapi.json', '/healthz', '/readyz', '/metrics']) expect(paths).not.toContain(hidden);
  });

  it('tags each operation with the service that serves it, one tag per service', () => {
    expect(document.tags.map((tag) => tag.name).sort()).toEqual(SERVICES.map((s) => s.name).sort());
    const owners = new Map<string, Set<string>>();
    for (const { service, method, path } of publicRoutes()) {
      const key = `${method} ${path}`;
      owners.set(key, (owners.get(key) ?? new Set()).add(service));
    }
    for (const [path, item] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(item)) {
        expect(operation.tags?.length, `${method} ${path}`).toBe(1);
        expect(owners.get(`${method} ${path}`), `${method} ${path}`).toContain(operation.tags?.[0]);
      }
    }
    expect(document.paths['/answer/api/v1/question']?.post?.tags).toEqual(['posts']);
    expect(document.paths['/answer/api/v1/user/login/email']?.post?.tags).toEqual(['identity']);
    expect(document.paths['/answer/admin/api/users/page']?.get?.tags).toEqual(['identity']);
    expect(document.paths['/answer/api/v1/file/uploads/{key}']?.get?.tags).toEqual(['site']);
  });

  it('says which routes take the access token, from each route’s declared level', () => {
    expect(document.components.securitySchemes).toEqual({
      accessToken: expect.objectContaining({ type: 'apiKey', in: 'header', name: 'Authorization' }),
      // The MCP server's routes take an admin's API key instead (docs/adr/0096-the-assistant-service.md).
      apiKey: expect.objectContaining({ type: 'apiKey', in: 'header', name: 'Authorization' }),
    });
    const ask = document.paths['/answer/api/v1/question']?.post;
    expect(ask?.security).toEqual([{ accessToken: [] }]);
    expect(ask?.['x-agora-auth']).toBe('user');
    expect(ask?.requestBody).toBeDefined();
    expect(document.paths['/answer/api/v1/siteinfo']?.get?.security).toBeUndefined();
    for (const { method, path, route } of publicRoutes()) {
      const level = route.auth ?? 'none';
      const operation = document.paths[path]?.[method];
      if (operation?.tags?.[0] !== undefined && level !== 'none')
        expect(operation.security, `${method} ${path}`).toBeDefined();
    }
  });
});

describe('building it', () => {
  let gateway: HttpApp;
  let site: CountingTransport;
  let identity: CountingTransport;

  beforeAll(async () => {
    site = new CountingTransport(new InProcessTransport(stack.service('site').app));
    identity = new CountingTransport(new InProcessTransport(stack.service('identity').app));
    gateway = await createGateway({ log, transports: { site, identity } });
  });
  afterAll(async () => {
    await gateway?.close();
  });

  it('asks no service before the first request, then once, and answers 304 to a matching entity tag', async () => {
    expect(site.asked).toEqual([]);
    identity.down = true;
    const partial = await gateway.inject({ url: DOCUMENT });
    expect(partial.statusCode).toBe(200);
    expect(
      Object.values(partial.json<Document>().paths).flatMap((item) => Object.values(item).flatMap((op) => op.tags)),
    ).not.toContain('identity');
    // A document without a service that did not answer is served, not kept.
    identity.down = false;
    const [first, second] = await Promise.all([gateway.inject({ url: DOCUMENT }), gateway.inject({ url: DOCUMENT })]);
    expect(first.json<Document>().paths['/answer/api/v1/user/login/email']?.post).toBeDefined();
    expect(second.body).toBe(first.body);
    const third = await gateway.inject({ url: DOCUMENT });
    expect(third.body).toBe(first.body);
    expect(site.asked).toEqual(['/openapi.json', '/openapi.json']);
    expect(identity.asked).toEqual(['/openapi.json', '/openapi.json']);
    const etag = String(third.headers.etag);
    const unchanged = await gateway.inject({ url: DOCUMENT, headers: { 'if-none-match': etag } });
    expect(unchanged.statusCode).toBe(304);
    expect(unchanged.body).toBe('');
  });

  it('merges a service run as its own process, over HTTP, as it does one in process', async () => {
    const address = await stack.service('site').app.listen({ host: '127.0.0.1', port: 0 });
    const overHttp = new HttpTransport(address);
    const remote = await createGateway({ log, transports: { site: overHttp } });
    try {
      const fetched = (await remote.inject({ url: DOCUMENT })).json<Document>();
      const local = (await gateway.inject({ url: DOCUMENT })).json<Document>();
      // A path that more than one service serves (the plugin switch: site's or identity's) is merged from both
      // only where both are reachable; the site alone describes its own share.
      const shared = (path: string) =>
        Object.values(local.paths[path] ?? {}).some((op) => 'x-agora-services' in (op as object));
      const sitePaths = (doc: Document) =>
        Object.entries(doc.paths).filter(
          ([path, item]) => !shared(path) && Object.values(item).some((op) => op.tags?.[0] === 'site'),
        );
      expect(sitePaths(fetched).length).toBeGreaterThan(3);
      expect(sitePaths(fetched)).toEqual(sitePaths(local));
    } finally {
      await remote.close();
      await overHttp.close();
    }
  });
});

describe('the reference page', () => {
  it('serves the page and the viewer’s files from the gateway, under its policy, and nothing else of the package', async () => {
    const page = await stack.gateway.inject({ url: '/answer/api/docs' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    const policy = String(page.headers['content-security-policy']);
    expect(policy).toContain("script-src 'self'");
    expect(policy).not.toContain('nonce-');
    // No inline script: every <script> has a same-origin src.
    const scripts = [...page.body.matchAll(/<script([^>]*)>([^<]*)<\/script>/g)];
    expect(scripts.length).toBe(2);
    for (const [, attributes, inline] of scripts) {
      expect(attributes).toMatch(/ src="\/answer\/api\/docs\/[a-z-]+\.js"/);
      expect(inline?.trim()).toBe('');
    }
    for (const file of ['swagger-ui-bundle.js', 'start.js', 'swagger-ui.css', 'index.css', 'favicon-32x32.png']) {
      const response = await stack.gateway.inject({ url: `/answer/api/docs/${file}` });
      expect(response.statusCode, file).toBe(200);
      expect(response.headers['x-content-type-options']).toBe('nosniff');
    }
    expect((await stack.gateway.inject({ url: '/answer/api/docs/start.js' })).body).toContain(DOCUMENT);
    for (const file of [
      'index.html',
      'swagger-initializer.js',
      'package.json',
      '../package.json',
      'oauth2-redirect.html',
    ]) {
      expect((await stack.gateway.inject({ url: `/answer/api/docs/${file}` })).statusCode, file).toBe(404);
    }
  });
});
