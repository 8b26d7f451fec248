/**
 * The public HTTP operations of a running stack, read from what each service registered (route, schema,
 * declared auth level), and the pieces the bad-input fuzz suite and the authorisation matrix are
 * generated from: each operation's parameters as leaves with a path, and a baseline value per leaf.
 */
import { CONNECTOR_PLUGIN_PREFIX, PluginSlug } from '@agora/contracts';
import { AREA_PREFIXES, matchRoute } from '@agora/gateway/routing-table';
import { type AuthLevel, type RegisteredRoute, registeredRoutes } from '@agora/platform';
import type { Stack } from '@agora/test-support/stack';

export type HttpPart = 'querystring' | 'params' | 'body';

export interface Operation {
  service: string;
  method: string;
  url: string;
  auth: AuthLevel | undefined;
  route: RegisteredRoute;
}

type JsonSchema = Record<string, any>;

export type LeafKind = 'string' | 'integer' | 'number' | 'boolean' | 'enum';

/** One scalar parameter: `path` below its part (`[]` steps into an array's first item). */
export interface Leaf {
  part: HttpPart;
  path: string[];
  kind: LeafKind;
  schema: JsonSchema;
  /** The field name the API reports for it (`tags.slug_name`). */
  field: string;
}

export interface Seeds {
  questionId: string;
  answerId: string;
  commentId: string;
  tagId: string;
  tagSlug: string;
  userId: string;
  username: string;
}

const OPERATOR_ROUTES = ['/healthz', '/readyz', '/metrics', '/openapi.json'];

export function isPublic(url: string): boolean {
  return Object.values(AREA_PREFIXES).some((prefix) => url.startsWith(prefix));
}

/** Every route each service registered, with the service that registered it. */
export function allRoutes(stack: Stack, services: readonly string[]): Operation[] {
  return services.flatMap((service) =>
    registeredRoutes(stack.service(service).app).map((route) => ({
      service,
      method: route.method,
      url: route.url,
      auth: route.auth,
      route,
    })),
  );
}

/** The routes the gateway can reach (below its area prefixes); the operator routes are not among them. */
export function publicOperations(stack: Stack, services: readonly string[]): Operation[] {
  return allRoutes(stack, services).filter((op) => isPublic(op.url) && !OPERATOR_ROUTES.includes(op.url));
}

/** The gateway's owner of a route path (without parameters), or undefined when no rule covers it. */
export function gatewayOwner(url: string) {
  return matchRoute(url.replace(/:[^/]+/g, 'x'));
}

function kindOf(schema: JsonSchema): LeafKind | 'object' | 'array' | undefined {
  if (schema.anyOf) {
    const members = schema.anyOf as JsonSchema[];
    if (members.every((m) => m.const !== undefined)) return 'enum';
    return members.map(kindOf).find((k) => k !== undefined);
  }
  if (schema.const !== undefined || schema.enum) return 'enum';
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  if (['string', 'integer', 'number', 'boolean', 'object', 'array'].includes(type)) return type;
  return undefined;
}

function walk(part: HttpPart, schema: JsonSchema, path: string[], out: Leaf[]): void {
  const kind = kindOf(schema);
  if (kind === 'object') {
    for (const [key, child] of Object.entries((schema.properties ?? {}) as Record<string, JsonSchema>)) {
      walk(part, child, [...path, key], out);
    }
  } else if (kind === 'array') {
    walk(part, schema.items ?? {}, [...path, '[]'], out);
  } else if (kind) {
    out.push({ part, path, kind, schema, field: path.filter((s) => s !== '[]').join('.') });
  }
}

/** Every scalar parameter of an operation's querystring, params and body schemas. */
export function leavesOf(op: Operation): Leaf[] {
  const schema = (op.route.schema ?? {}) as Record<string, JsonSchema | undefined>;
  const leaves: Leaf[] = [];
  for (const part of ['querystring', 'params', 'body'] as const) {
    const partSchema = schema[part];
    if (partSchema) walk(part, partSchema, [], leaves);
  }
  return leaves;
}

function fits(schema: JsonSchema, value: string): boolean {
  if (schema.minLength !== undefined && value.length < schema.minLength) return false;
  if (schema.maxLength !== undefined && value.length > schema.maxLength) return false;
  return schema.pattern === undefined || new RegExp(schema.pattern, 'u').test(value);
}

/** A plausible id or name for a field, from the objects made for the run. */
function seededString(op: Operation, name: string, seeds: Seeds): string | undefined {
  const inTags = op.service === 'tags';
  switch (name) {
    case 'question_id':
      return seeds.questionId;
    case 'answer_id':
      return seeds.answerId;
    case 'comment_id':
    case 'reply_comment_id':
      return seeds.commentId;
    case 'tag_id':
      return seeds.tagId;
    case 'object_id':
      return inTags ? seeds.tagId : seeds.questionId;
    case 'user_id':
      return seeds.userId;
    case 'plugin_slug_name':
      // A connector's plugin is identity's; the built-in ones are site's (docs/adr/0073-built-in-plugins.md).
      return op.service === 'identity' ? `${CONNECTOR_PLUGIN_PREFIX}fuzz` : PluginSlug.sidebar;
    case 'username':
    case 'invite_user':
    case 'mention_username_list':
      return seeds.username;
    case 'slug_name':
    case 'slug_name_list':
    case 'tag':
    case 'tags':
    case 'tag_name':
    case 'name':
      return seeds.tagSlug;
    case 'id':
      // Every path starts with `/answer/`: the tags service's ids are tags', whatever the path.
      if (inTags) return seeds.tagId;
      if (op.url.includes('/answer')) return seeds.answerId;
      if (op.url.includes('/comment')) return seeds.commentId;
      return seeds.questionId;
    default:
      return undefined;
  }
}

function baselineString(op: Operation, leaf: Leaf, seeds: Seeds): string {
  const schema = leaf.schema;
  const name = leaf.path.filter((s) => s !== '[]').at(-1) ?? '';
  if (schema.format === 'email') return 'fuzz.member@example.com';
  const candidates = [
    seededString(op, name, seeds),
    schema.format === 'uri' ? 'https://example.com/x' : undefined,
    'a'.repeat(Math.max(schema.minLength ?? 1, 1)),
    'Fuzzed text number one',
    '1',
    seeds.questionId,
  ];
  return candidates.find((c): c is string => c !== undefined && fits(schema, c)) ?? 'a';
}

/** A value the leaf's schema accepts, as close to real use as the run's seeds allow. */
export function baselineOf(op: Operation, leaf: Leaf, seeds: Seeds): unknown {
  const schema = leaf.schema;
  if (schema.default !== undefined) return schema.default;
  switch (leaf.kind) {
    case 'enum': {
      const first = schema.anyOf ? schema.anyOf[0] : schema;
      return first.const ?? first.enum?.[0];
    }
    case 'string':
      if (schema.anyOf) return baselineOf(op, { ...leaf, schema: schema.anyOf.at(-1), kind: 'string' }, seeds);
      return baselineString(op, leaf, seeds);
    case 'integer':
    case 'number':
      return schema.minimum ?? 1;
    case 'boolean':
      return false;
  }
}

/** Sets `value` at a leaf's path, creating objects and one-item arrays on the way. */
export function setAt(root: Record<string, unknown>, path: string[], value: unknown): void {
  let current: any = root;
  for (let i = 0; i < path.length; i++) {
    const step = path[i] === '[]' ? 0 : path[i]!;
    if (i === path.length - 1) {
      current[step] = value;
      return;
    }
    const nextIsArray = path[i + 1] === '[]';
    current[step] ??= nextIsArray ? [] : {};
    current = current[step];
  }
}

export interface RequestParts {
  querystring: Record<string, unknown>;
  params: Record<string, unknown>;
  body: Record<string, unknown> | undefined;
}

/** A request every field of which the schema accepts. */
export function baselineRequest(op: Operation, seeds: Seeds): RequestParts {
  const parts: RequestParts = {
    querystring: {},
    params: {},
    body: op.route.schema && (op.route.schema as JsonSchema).body ? {} : undefined,
  };
  for (const leaf of leavesOf(op)) {
    const target = leaf.part === 'body' ? parts.body! : parts[leaf.part];
    setAt(target, leaf.path, baselineOf(op, leaf, seeds));
  }
  return parts;
}

/** A query value as a client would put it on the wire; arrays repeat the key. */
export function encodeQuery(query: Record<string, unknown>): string {
  const pairs: string[] = [];
  for (const [key, value] of Object.entries(query)) {
    const values = Array.isArray(value) ? value : [value];
    for (const v of values) {
      if (v === undefined) continue;
      const text = typeof v === 'object' && v !== null ? JSON.stringify(v) : String(v);
      pairs.push(`${encodeURIComponent(key)}=${encodeWtf8(text)}`);
    }
  }
  return pairs.length ? `?${pairs.join('&')}` : '';
}

/**
 * Percent-encodes text as its UTF-8 bytes; a lone surrogate becomes the three bytes a careless encoder
 * writes for it (`%ED%A0%80`), which is what an attacker would send (`encodeURIComponent` throws).
 */
export function encodeWtf8(text: string): string {
  let out = '';
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    const next = text.charCodeAt(i + 1);
    if (unit >= 0xd800 && unit <= 0xdbff && next >= 0xdc00 && next <= 0xdfff) {
      out += encodeURIComponent(text.slice(i, i + 2));
      i++;
    } else if (unit >= 0xd800 && unit <= 0xdfff) {
      out += `%${(0xe0 | (unit >> 12)).toString(16).toUpperCase()}`;
      out += `%${(0x80 | ((unit >> 6) & 0x3f)).toString(16).toUpperCase()}`;
      out += `%${(0x80 | (unit & 0x3f)).toString(16).toUpperCase()}`;
    } else {
      out += encodeURIComponent(text[i]!);
    }
  }
  return out;
}

/** The URL of a request: the route's parameters filled in, the query appended. */
export function urlOf(op: Operation, parts: RequestParts): string {
  const path = op.url.replace(/:([^/]+)/g, (_m, name: string) => {
    const value = parts.params[name];
    return encodeWtf8(typeof value === 'object' && value !== null ? JSON.stringify(value) : String(value ?? 'x'));
  });
  return `${path}${encodeQuery(parts.querystring)}`;
}
