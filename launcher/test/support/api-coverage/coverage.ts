import { readFileSync } from 'node:fs';
import { LIVE_PATH } from '@agora/gateway/live/route';
import { matchRoute, ROOT_FILES } from '@agora/gateway/routing-table';
import type { RefRoute, RefRouteList } from '../../../../scripts/reference-api/reference-types';
import type { Operation } from '../operations';
import { PLANNED, type Plan, SERVED_OUTSIDE_SERVICES } from './plan';
import { type JsonSchema, shapeProblems } from './shapes';

/** The reference's routes, as `scripts/reference-api/extract-routes.ts` wrote them. */
export function referenceRoutes(): RefRouteList {
  return JSON.parse(readFileSync(new URL('../../../../docs/reference/api-routes.json', import.meta.url), 'utf8'));
}

export const routeKey = (method: string, path: string) => `${method} ${path}`;

/** A registered Fastify path in the reference's notation (`:name` -> `{name}`). */
const referencePath = (url: string) => url.replace(/:(\w+)/g, '{$1}');

export type CoverageRow = {
  route: RefRoute;
} & (
  | { status: 'implemented'; services: string[]; problems: string[] }
  | { status: 'planned' | 'later' | 'out of scope'; plan: Plan }
  | { status: 'unplanned' }
);

export interface Coverage {
  rows: CoverageRow[];
  /** Public routes Agora's services serve that the reference does not have. */
  extras: { method: string; path: string; service: string }[];
  /** Plan entries that name no reference route, or a route that is implemented now. */
  stalePlans: string[];
}

/**
 * Whether the gateway sends a request for this path to this service: its owner, the service asked when the
 * owner does not know the object, or any where the owner depends on the request.
 */
function reaches(service: string, path: string): boolean {
  const route = matchRoute(path.replace(/\{[^}]+\}/g, 'x'));
  if (route) return route.byRequest !== undefined || route.service === service || route.elseOnNotFound === service;
  return ROOT_FILES[path] === service;
}

/** Our answer's `data` schema: the envelope's `data` of the route's 200 response. */
export function dataSchemaOf(op: Operation): JsonSchema | undefined {
  const response = (op.route.schema as { response?: Record<string, JsonSchema> } | undefined)?.response;
  const ok = response?.[200] ?? response?.['2xx'];
  return ok?.properties?.data;
}

/**
 * Each reference route with what Agora does of it: implemented (by which services, and where its answer's
 * schema does not answer the reference handler's shape), or planned for a later issue.
 */
export function coverageOf(list: RefRouteList, operations: Operation[]): Coverage {
  const byKey = new Map<string, Operation[]>();
  for (const op of operations) {
    const key = routeKey(op.method, referencePath(op.url));
    if (!reaches(op.service, referencePath(op.url))) continue;
    byKey.set(key, [...(byKey.get(key) ?? []), op]);
  }
  const referenceKeys = new Set(list.routes.map((r) => routeKey(r.method, r.path)));
  const rows = list.routes.map((route): CoverageRow => {
    const key = routeKey(route.method, route.path);
    const served = byKey.get(key);
    if (served) {
      const { answer } = route;
      const problems = answer.envelope
        ? served.flatMap((op) => {
            const data = dataSchemaOf(op);
            if (!data) return [`${op.service}: no response schema for a 200`];
            return shapeProblems(answer.data, data, list.schemas).map((problem) => `${op.service}: ${problem}`);
          })
        : [];
      return { route, status: 'implemented', services: served.map((op) => op.service), problems };
    }
    const elsewhere = SERVED_OUTSIDE_SERVICES.get(key);
    if (elsewhere) return { route, status: 'implemented', services: [elsewhere], problems: [] };
    const plan = PLANNED.get(key);
    if (!plan) return { route, status: 'unplanned' };
    return { route, status: typeof plan.issue === 'number' ? 'planned' : plan.issue, plan };
  });
  const stalePlans = [...PLANNED.keys()].filter((key) => !referenceKeys.has(key) || byKey.has(key));
  const extras = [
    ...operations
      .filter((op) => !referenceKeys.has(routeKey(op.method, referencePath(op.url))))
      .map((op) => ({ method: op.method, path: referencePath(op.url), service: op.service })),
    // The gateway's own: the live pages' stream (docs/adr/0099-live-pages.md).
    { method: 'GET', path: LIVE_PATH, service: 'gateway' },
  ].sort((a, b) => a.path.localeCompare(b.path) || a.method.localeCompare(b.method));
  return { rows, extras, stalePlans };
}
