import { AGORA_VERSION } from '@agora/contracts';
import { OPENAPI_PATH } from '@agora/platform';
import type { Logger } from 'pino';
import { matchRoute, SERVICE_NAMES, type ServiceName } from './routing-table';
import type { ServiceTransport } from './transports';

type JsonObject = Record<string, unknown>;

/** The parts of an OpenAPI 3.1 document the merge reads and writes. */
export interface OpenApiDocument extends JsonObject {
  openapi: string;
  info: JsonObject;
  tags: Array<{ name: string; description: string }>;
  paths: Record<string, Record<string, JsonObject>>;
  components: Record<string, Record<string, unknown>>;
}

/** One service's document as the merge reads it: its paths and its components, by kind. */
export interface ServiceDocument {
  paths: Record<string, Record<string, JsonObject>>;
  components: Record<string, Record<string, unknown>>;
}

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

/** What each service's tag says (DESIGN §1, §6). */
const SERVICE_DESCRIPTIONS: Record<ServiceName, string> = {
  identity: 'Users, sessions, roles, account flows, external logins, user administration.',
  posts: 'Questions, answers, comments, revisions, post status actions, timelines.',
  votes: 'Votes, bookmarks, reputation, ranks and the user ranking.',
  tags: 'Tags, synonyms, tag follows, tag wikis, recommended and reserved tags.',
  moderation: 'Reports, the review queue and report reasons.',
  search: 'Search and similar questions.',
  badges: "The badge catalogue, awards, members' badges, badge statuses.",
  notifications: 'Inbox, achievements, unread counts, notification settings, unsubscribing.',
  site: 'Site settings, branding, legal pages, languages, uploads, plugins, the dashboard, installation.',
  assistant: 'API keys, the MCP server and its tools.',
};

const DESCRIPTION = [
  'Every route of every Agora service, as the gateway serves it.',
  '',
  'Answers are an envelope `{ code, reason, msg, data }`; pages are `{ count, list }`; a schema failure is a 400',
  'whose `data` lists `{ error_field, error_msg }`. Messages follow `Accept-Language` (en_US, zh_CN).',
  'Routes that need a signed-in caller take the access token in the `Authorization` header',
  "(`x-agora-auth` names the level a route asks for: optional, login, user, staff or admin); the MCP server's",
  'routes (`key`) take an API key there instead.',
].join('\n');

function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function objectsIn(value: unknown): Record<string, JsonObject> {
  const found: Record<string, JsonObject> = {};
  if (!isObject(value)) return found;
  for (const [key, member] of Object.entries(value)) if (isObject(member)) found[key] = member;
  return found;
}

/** A service's answer at `/openapi.json`, read as a document; a body that is not one is an error. */
function readServiceDocument(body: Buffer): ServiceDocument {
  const parsed: unknown = JSON.parse(body.toString('utf8'));
  if (!isObject(parsed) || typeof parsed.openapi !== 'string') throw new Error('not an OpenAPI document');
  const paths: ServiceDocument['paths'] = {};
  for (const [path, item] of Object.entries(objectsIn(parsed.paths))) paths[path] = objectsIn(item);
  const components: ServiceDocument['components'] = {};
  for (const [kind, members] of Object.entries(objectsIn(parsed.components))) components[kind] = { ...members };
  return { paths, components };
}

/** A deep copy of `value` with every `$ref` named in `renames` pointed at its new name. */
function withRefsRenamed(value: unknown, renames: Map<string, string>): unknown {
  if (renames.size === 0) return value;
  if (Array.isArray(value)) return value.map((item) => withRefsRenamed(item, renames));
  if (!isObject(value)) return value;
  const copy: JsonObject = {};
  for (const [key, member] of Object.entries(value)) {
    copy[key] =
      key === '$ref' && typeof member === 'string' ? (renames.get(member) ?? member) : withRefsRenamed(member, renames);
  }
  return copy;
}

function sameJson(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/** A route path of a document (`{id}` parameters) as the gateway matches it: any one segment stands in. */
function gatewayRouteOf(path: string) {
  return matchRoute(path.replace(/\{[^}/]+\}/g, 'x'));
}

/**
 * Whether the gateway sends this path to this service: its owner, or one the gateway picks by the request
 * (`follow`, timelines, `user/action/record`) or asks when the owner does not know the object.
 */
function reachesService(path: string, service: ServiceName): { reached: boolean; owner: boolean } {
  const route = gatewayRouteOf(path);
  if (!route) return { reached: false, owner: false };
  const owner = route.service === service;
  return { reached: owner || route.byRequest !== undefined || route.elseOnNotFound === service, owner };
}

/** Where the merge stands: the document so far, and who wrote each operation. */
interface Merge {
  document: OpenApiDocument;
  /** `METHOD path` -> the services that serve it, the one whose operation is documented first. */
  servedBy: Map<string, { documented: ServiceName; owner: boolean; services: ServiceName[] }>;
}

/**
 * Adds one service's components under their own names where they are new or the same as the ones already
 * there, else under `<service>_<name>`; answers how that service's `$ref`s must be rewritten.
 */
function mergeComponents(merge: Merge, service: ServiceName, components: ServiceDocument['components']) {
  const renames = new Map<string, string>();
  const placed: Array<{ kind: string; name: string; value: unknown }> = [];
  for (const [kind, members] of Object.entries(components)) {
    const merged = merge.document.components[kind] ?? {};
    merge.document.components[kind] = merged;
    for (const [name, value] of Object.entries(members)) {
      let placedName = name;
      if (name in merged && !sameJson(merged[name], value)) {
        placedName = `${service}_${name}`;
        for (let n = 2; placedName in merged; n++) placedName = `${service}_${name}_${n}`;
        renames.set(`#/components/${kind}/${name}`, `#/components/${kind}/${placedName}`);
      }
      placed.push({ kind, name: placedName, value });
    }
  }
  // Placed once every rename is known: a component may refer to a renamed one.
  for (const { kind, name, value } of placed) {
    const merged = merge.document.components[kind] ?? {};
    if (!(name in merged)) merged[name] = withRefsRenamed(value, renames);
  }
  return renames;
}

function mergeService(merge: Merge, service: ServiceName, document: ServiceDocument): void {
  const renames = mergeComponents(merge, service, document.components);
  for (const [path, item] of Object.entries(document.paths)) {
    const { reached, owner } = reachesService(path, service);
    if (!reached) continue;
    for (const [method, operation] of Object.entries(item)) {
      if (!METHODS.includes(method)) continue;
      const key = `${method.toUpperCase()} ${path}`;
      const served = merge.servedBy.get(key);
      if (served) {
        served.services.push(service);
        // The owner's operation is the one documented; the others only serve it for some requests.
        if (served.owner || !owner) continue;
      }
      merge.servedBy.set(key, {
        documented: service,
        owner,
        services: served ? [...served.services] : [service],
      });
      const pathItem = merge.document.paths[path] ?? {};
      merge.document.paths[path] = pathItem;
      pathItem[method] = { ...(withRefsRenamed(operation, renames) as JsonObject), tags: [service] };
    }
  }
}

/** Names, on operations more than one service answers, which ones do (the gateway picks by the request). */
function noteSharedOperations(merge: Merge): void {
  for (const [key, served] of merge.servedBy) {
    if (served.services.length < 2) continue;
    const [method = '', path = ''] = key.split(' ');
    const operation = merge.document.paths[path]?.[method.toLowerCase()];
    if (!operation) continue;
    const others = served.services.filter((s) => s !== served.documented);
    const note = `The gateway sends this request to ${served.documented} or, depending on the request, to ${others.join(' or ')}; the schemas shown are ${served.documented}'s.`;
    operation.description = typeof operation.description === 'string' ? `${operation.description}\n\n${note}` : note;
    operation['x-agora-services'] = [served.documented, ...others];
  }
}

function sortedByKey<T>(record: Record<string, T>): Record<string, T> {
  return Object.fromEntries(Object.entries(record).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}

/** Merges the services' documents (in the routing table's service order) into the published one. */
export function mergeDocuments(documents: Array<{ service: ServiceName; document: ServiceDocument }>): OpenApiDocument {
  const merge: Merge = {
    document: {
      openapi: '3.1.0',
      info: { title: 'Agora API', version: AGORA_VERSION, description: DESCRIPTION },
      tags: [],
      paths: {},
      components: {},
    },
    servedBy: new Map(),
  };
  for (const { service, document } of documents) {
    merge.document.tags.push({ name: service, description: SERVICE_DESCRIPTIONS[service] });
    mergeService(merge, service, document);
  }
  noteSharedOperations(merge);
  merge.document.paths = sortedByKey(merge.document.paths);
  for (const [kind, members] of Object.entries(merge.document.components)) {
    merge.document.components[kind] = sortedByKey(members);
  }
  return merge.document;
}

/** The published document and whether every service this gateway routes to contributed to it. */
export interface BuiltDocument {
  document: OpenApiDocument;
  /** Services whose document could not be had (down, restarting): the document lacks their routes. */
  missing: ServiceName[];
}

/**
 * Asks every service this gateway routes to for its own document, through the same transport its requests
 * take (in process when embedded, over HTTP when scaled out: DESIGN §2, the gateway is the only
 * synchronous caller), and merges them.
 */
export async function collectDocument(
  transports: Partial<Record<ServiceName, ServiceTransport>>,
  log: Logger,
): Promise<BuiltDocument> {
  const services = SERVICE_NAMES.filter((name) => transports[name] !== undefined);
  const answers = await Promise.all(
    services.map(async (service) => {
      const transport = transports[service];
      if (!transport) return null;
      try {
        const response = await transport.forward({
          method: 'GET',
          url: OPENAPI_PATH,
          headers: { accept: 'application/json' },
          body: undefined,
        });
        if (response.status !== 200) throw new Error(`answered ${response.status}`);
        return { service, document: readServiceDocument(response.body) };
      } catch (error) {
        log.warn({ err: error, service }, 'API reference: no OpenAPI document from this service');
        return null;
      }
    }),
  );
  const documents = answers.filter((answer) => answer !== null);
  const missing = services.filter((service) => !documents.some((answer) => answer.service === service));
  return { document: mergeDocuments(documents), missing };
}
