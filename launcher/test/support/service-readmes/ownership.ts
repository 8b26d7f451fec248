/**
 * What each service owns, read from a running stack (issue 46): the event types it produces (its module's
 * `events`), what its projections consume (their `source` and `events`), the routes it registered, and the tables
 * its migrations made in its schema. The platform's and the gateway's are read the same way.
 */
import {
  actorProjection,
  actorReputationProjection,
  connectDatabase,
  migrateService,
  type Projection,
  type RegisteredRoute,
  type RunningService,
  registeredRoutes,
  siteSettingsProjection,
} from '@agora/platform';

export interface Consumed {
  projection: string;
  source: string;
  events: string[];
}

export interface RouteRow {
  methods: string[];
  url: string;
  auth: string;
}

export interface Ownership {
  /** `services/<name>` or `gateway`. */
  folder: string;
  produced: string[];
  consumed: Consumed[];
  /** The platform's copies this service keeps (actors, reputation, site settings). */
  shared: string[];
  routes: RouteRow[];
  tables: string[];
}

export const SHARED_PROJECTIONS: readonly Projection[] = [
  actorProjection,
  actorReputationProjection,
  siteSettingsProjection,
];

export const consumedOf = (projection: {
  name: string;
  source: string;
  events: readonly { type: string }[];
}): Consumed => ({
  projection: projection.name,
  source: projection.source,
  events: projection.events.map((event) => event.type).sort(),
});

/** Routes by path, a path's methods together; operator routes (`schema.hide`) only when asked for. */
export function routeRows(routes: readonly RegisteredRoute[], { hidden = false } = {}): RouteRow[] {
  const rows = new Map<string, RouteRow>();
  for (const route of routes) {
    if (route.hidden !== hidden) continue;
    const auth = route.auth ?? 'none';
    const key = `${route.url} ${auth}`;
    const row = rows.get(key) ?? { methods: [], url: route.url, auth };
    if (!row.methods.includes(route.method)) row.methods.push(route.method);
    rows.set(key, row);
  }
  // A route registered for every method (the gateway's forwarding) says so, not its eight of them.
  return [...rows.values()]
    .map((row) => ({ ...row, methods: row.methods.length > 5 ? ['any'] : row.methods.sort() }))
    .sort((a, b) => a.url.localeCompare(b.url) || a.methods.join().localeCompare(b.methods.join()));
}

type Query = <T>(text: string, values?: unknown[]) => Promise<T[]>;

/** The tables and views of a schema, by name. */
export async function tablesIn(query: Query, schema: string): Promise<string[]> {
  const rows = await query<{ table_name: string }>(
    'select table_name from information_schema.tables where table_schema = $1 order by table_name',
    [schema],
  );
  return rows.map((row) => row.table_name);
}

/** The tables every service's schema has from the platform's own migrations: made on a scratch schema. */
export async function platformTables(databaseUrl: string, query: Query): Promise<string[]> {
  const schema = 'platform_tables_probe';
  const database = connectDatabase({ url: databaseUrl, schema, maxConnections: 1 });
  try {
    await migrateService(database, {});
    return await tablesIn(query, schema);
  } finally {
    await database.close();
    await query(`drop schema if exists ${schema} cascade`);
  }
}

export async function serviceOwnership(service: RunningService, query: Query, platform: readonly string[]) {
  const { module, context, parts, app } = service;
  const shared = module.shared;
  const sharedCopies = [
    ...(shared?.actors === false ? [] : [actorProjection.name, actorReputationProjection.name]),
    ...(shared?.siteSettings === false ? [] : [siteSettingsProjection.name]),
  ];
  return {
    folder: `services/${module.name}`,
    produced: module.events.map((event) => event.type).sort(),
    consumed: (module.projections?.(context, parts) ?? []).map(consumedOf),
    shared: sharedCopies,
    routes: routeRows(registeredRoutes(app)),
    tables: (await tablesIn(query, module.name)).filter((table) => !platform.includes(table)),
  } satisfies Ownership;
}
