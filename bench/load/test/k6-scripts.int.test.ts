/**
 * Every k6 script of infra/k6, loaded with stand-ins for `k6/http` and `k6`: its options carry the scenario's
 * thresholds, its setup and iterations run, and every request it makes is a route the gateway serves (the owner of
 * the path by the gateway's routing table registers that method and path), with the auth the route asks for and a
 * body the route's schema accepts.
 */
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { matchRoute } from '@agora/gateway/routing-table';
import { type RegisteredRoute, registeredRoutes } from '@agora/platform';
import { type Stack, startStack } from '@agora/test-support/stack';
import { Value } from 'typebox/value';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { SCENARIOS } from '../../../infra/k6/lib/scenarios.js';
import { ALL_SERVICES } from '../../../launcher/src/services';
import { http, type RecordedRequest, recorded, sleep, slept } from './k6-stand-in';

vi.mock('k6/http', () => ({ default: http }));
vi.mock('k6', () => ({ sleep }));

const K6_DIR = path.resolve(import.meta.dirname, '../../../infra/k6');
const scripts = readdirSync(K6_DIR).filter((file) => file.endsWith('.js'));
/**
 * Enough iterations that the rarest action (ask, 0.7 % of a day's requests) is taken about 20 times: with 600 a
 * run missed it now and then (1.4 %).
 */
const ITERATIONS = 3000;

interface K6Script {
  options: {
    scenarios: Record<string, { executor: string; vus: number; duration: string }>;
    thresholds: Record<string, string[]>;
  };
  setup(): unknown;
  default(data: unknown): void;
}

let stack: Stack;
let routes: Map<string, RegisteredRoute & { service: string }>;

beforeAll(async () => {
  stack = await startStack({ services: ALL_SERVICES });
  routes = new Map(
    ALL_SERVICES.flatMap((module) =>
      registeredRoutes(stack.service(module.name).app).map((route) => [
        `${route.method} ${route.url}`,
        { ...route, service: module.name },
      ]),
    ),
  );
});

afterAll(async () => {
  await stack?.close();
});

beforeEach(() => {
  recorded.length = 0;
  slept.length = 0;
  vi.resetModules();
  vi.stubGlobal('__ENV', { ADMIN_EMAIL: 'admin@example.com', ADMIN_PASSWORD: 'admin-password', USERS: '3' });
  vi.stubGlobal('__VU', 1);
});

/** Why the gateway would not serve this request as sent, or null when it would. */
function problemOf(request: RecordedRequest): string | null {
  const what = `${request.method} ${request.url.pathname}`;
  const owner = matchRoute(request.url.pathname);
  if (!owner) return `${what}: no service owns the path`;
  const route = routes.get(what);
  if (!route) return `${what}: not a route of any service`;
  if (route.service !== owner.service && !owner.byRequest) {
    return `${what}: the gateway sends it to ${owner.service}, the route is ${route.service}'s`;
  }
  const signedIn = Boolean(request.headers.Authorization);
  const needsMember = route.auth !== undefined && route.auth !== 'none' && route.auth !== 'optional';
  if (needsMember && !signedIn) return `${what}: needs ${route.auth}, sent without a token`;
  const schema = route.schema as { body?: object; querystring?: object } | undefined;
  if (schema?.body && !Value.Check(schema.body, request.body)) {
    return `${what}: body ${JSON.stringify(request.body)} does not match the route's schema`;
  }
  if (schema?.querystring) {
    const query = Object.fromEntries(request.url.searchParams);
    const converted = Value.Convert(schema.querystring, Value.Default(schema.querystring, query));
    if (!Value.Check(schema.querystring, converted)) {
      return `${what}: query ${request.url.search} does not match the route's schema`;
    }
  }
  return null;
}

describe('the k6 scripts', () => {
  it('are one per scenario', () => {
    expect(scripts.map((file) => file.replace(/\.js$/, '')).sort()).toEqual(Object.keys(SCENARIOS).sort());
  });

  for (const file of scripts) {
    const scenario = SCENARIOS[file.replace(/\.js$/, '') as keyof typeof SCENARIOS];

    it(`${file}: thresholds on p95, p99 and errors, and only requests the gateway serves`, async () => {
      const script = (await import(path.join(K6_DIR, file))) as K6Script;
      const run = script.options.scenarios[scenario.name];
      expect(run).toMatchObject({ executor: 'constant-vus', vus: 3, duration: scenario.duration });
      expect(script.options.thresholds).toEqual({
        'http_req_duration{phase:run}': [`p(95)<${scenario.thresholds.p95Ms}`, `p(99)<${scenario.thresholds.p99Ms}`],
        'http_req_failed{phase:run}': [`rate<${scenario.thresholds.errorRate}`],
      });

      const data = script.setup();
      const setupRequests = recorded.length;
      expect(setupRequests).toBeGreaterThan(0);
      if (scenario.members) {
        // One member per user, created by the admin and signed in.
        expect(recorded.filter((r) => r.url.pathname === '/answer/admin/api/user')).toHaveLength(3);
        expect(recorded.filter((r) => r.url.pathname === '/answer/api/v1/user/login/email')).toHaveLength(4);
      }
      for (let i = 0; i < ITERATIONS; i++) script.default(data);

      const iterations = recorded.slice(setupRequests);
      expect(iterations).toHaveLength(ITERATIONS);
      expect(slept).toHaveLength(ITERATIONS);
      for (const seconds of slept) {
        expect(seconds).toBeGreaterThanOrEqual(scenario.thinkSeconds.min);
        expect(seconds).toBeLessThanOrEqual(scenario.thinkSeconds.max);
      }
      // Every action of the scenario was taken, each request tagged with its kind.
      expect(new Set(iterations.map((r) => r.tags.kind))).toEqual(new Set(scenario.actions.map((a) => a.kind)));
      expect(iterations.every((r) => r.tags.phase === 'run')).toBe(true);
      expect(recorded.map(problemOf).filter(Boolean)).toEqual([]);
    });
  }
});
