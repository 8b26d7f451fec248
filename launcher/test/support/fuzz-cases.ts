/**
 * Bad-input cases generated from the route schemas with fast-check: for one parameter at a time, a NUL,
 * a lone surrogate, a huge or fractional number, or a value of the wrong type, the rest of the request
 * valid; and per operation whole bodies of the wrong kind (top-level arrays, malformed JSON, multipart).
 */

import { matchRoute } from '@agora/gateway/routing-table';
import fc from 'fast-check';
import {
  baselineRequest,
  type HttpPart,
  type Leaf,
  type LeafKind,
  leavesOf,
  type Operation,
  type RequestParts,
  type Seeds,
  setAt,
  urlOf,
} from './operations';

export type Identity = 'anonymous' | 'member' | 'admin';

export interface FuzzCase {
  op: Operation;
  identity: Identity;
  /** What was bad, for the failure report. */
  what: string;
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: string | Buffer;
  /** The field that must be named by a 400, when the input must be refused. */
  mustRefuse?: string;
  /** Where the bad value is: a path that is not UTF-8 is refused before its parameters have names. */
  part?: HttpPart;
}

const MAX_SAFE = Number.MAX_SAFE_INTEGER;

const text = fc.string({ maxLength: 6 });
/** A NUL somewhere in otherwise ordinary text. */
const withNul = fc.tuple(text, text).map(([a, b]) => `${a}\u0000${b}`);
/** A UTF-16 surrogate without its other half. */
const withLoneSurrogate = fc
  .tuple(text, fc.integer({ min: 0xd800, max: 0xdfff }), text)
  .map(([a, unit, b]) => `${a}${String.fromCharCode(unit)}${b}`);
const hugeNumber = fc.oneof(
  fc.constantFrom(1e20, 1e308, -1e308, 2 ** 53 + 2, -(2 ** 63)),
  fc.double({ noNaN: true, noDefaultInfinity: true, min: 1e16 }),
  fc.double({ noNaN: true, noDefaultInfinity: true, max: -1e16 }),
);
const hugeDigits = fc.oneof(
  fc.constantFrom('99999999999999999999', '1e400', '-99999999999999999999', 'Infinity', 'NaN', '0x10', '1.5'),
  fc.bigInt({ min: 10n ** 16n, max: 10n ** 40n }).map(String),
);
const wrongTypes = fc.oneof(
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.boolean(),
  fc.constant(null),
  fc.array(text, { maxLength: 3 }),
  fc.dictionary(text, text, { maxKeys: 2 }),
);

interface BadValue {
  value: unknown;
  /** Whether the schema can never accept it, so the answer must be a refusal. */
  refuse: boolean;
  what: string;
}

function jsonTypeFits(kind: LeafKind, leaf: Leaf, value: unknown): boolean {
  switch (kind) {
    case 'string':
      return typeof value === 'string';
    case 'boolean':
      return typeof value === 'boolean';
    case 'integer':
      return typeof value === 'number' && Number.isInteger(value);
    case 'number':
      return typeof value === 'number';
    case 'enum': {
      const consts = (leaf.schema.anyOf ?? [leaf.schema]).map((m: Record<string, unknown>) => m.const);
      return consts.includes(value);
    }
  }
}

/** Bad values for one leaf: what may be sent for it, and whether it must be refused. */
function badValues(leaf: Leaf): fc.Arbitrary<BadValue> {
  const onWire = leaf.part !== 'body';
  const numeric = leaf.kind === 'integer' || leaf.kind === 'number';
  const nul = withNul.map((value) => ({ value, refuse: true, what: 'NUL' }));
  const surrogate = withLoneSurrogate.map((value) => ({ value, refuse: true, what: 'lone surrogate' }));
  const huge = onWire
    ? hugeDigits.map((value) => ({
        value,
        refuse: numeric && !(Number.isSafeInteger(Number(value)) && Math.abs(Number(value)) < 1e16),
        what: 'huge number',
      }))
    : hugeNumber.map((value) => ({
        value,
        refuse: !jsonTypeFits(leaf.kind, leaf, value) || Math.abs(value) > MAX_SAFE,
        what: 'huge number',
      }));
  const wrong = wrongTypes.map((value) => ({
    value,
    // On the wire everything is text: only bodies keep JSON types, and they are never coerced.
    refuse: !onWire && !jsonTypeFits(leaf.kind, leaf, value),
    what: `wrong type ${Array.isArray(value) ? 'array' : value === null ? 'null' : typeof value}`,
  }));
  return fc.oneof(nul, surrogate, huge, wrong);
}

function headers(token: string | undefined, contentType?: string): Record<string, string> {
  return { ...(contentType ? { 'content-type': contentType } : {}), ...(token ? { authorization: token } : {}) };
}

/**
 * Whether the gateway sends this request to the service whose route it was generated from: `follow`
 * goes to tags for a tag id and to posts for anything else, `user/action/record` by its action.
 */
function reachesItsService(op: Operation, url: string, payload: string | Buffer | undefined): boolean {
  const [path, query = ''] = url.split('?');
  const route = matchRoute(path!);
  if (!route?.byRequest) return true;
  const body = () => {
    try {
      return JSON.parse(String(payload));
    } catch {
      return null;
    }
  };
  return route.byRequest({ body, query: new URLSearchParams(query) }) === op.service;
}

function leafCase(op: Operation, leaf: Leaf, bad: BadValue, identity: Identity, seeds: Seeds, token?: string) {
  const parts: RequestParts = baselineRequest(op, seeds);
  const target = leaf.part === 'body' ? parts.body! : parts[leaf.part];
  setAt(target, leaf.path, bad.value);
  const url = urlOf(op, parts);
  const payload = parts.body !== undefined ? JSON.stringify(parts.body) : undefined;
  return {
    op,
    identity,
    what: `${bad.what} in ${leaf.part} ${leaf.field}: ${JSON.stringify(bad.value)}`,
    part: leaf.part,
    method: op.method,
    url,
    headers: headers(token, payload === undefined ? undefined : 'application/json'),
    ...(payload !== undefined ? { payload } : {}),
    ...(bad.refuse && reachesItsService(op, url, payload) ? { mustRefuse: leaf.field } : {}),
  } satisfies FuzzCase;
}

const BOUNDARY = 'agorafuzz';
const multipart = (field: string, value: string) =>
  Buffer.from(
    `--${BOUNDARY}\r\ncontent-disposition: form-data; name="${field}"\r\n\r\n${value}\r\n` +
      `--${BOUNDARY}\r\ncontent-disposition: form-data; name="file"; filename="a.png"\r\n` +
      `content-type: image/png\r\n\r\n\u0000PNG\r\n--${BOUNDARY}--\r\n`,
  );

/** Whole requests of the wrong kind: bodies that are not an object, not JSON, or not JSON at all. */
const wholeBody = fc.oneof(
  fc.constantFrom('[]', '"title"', '42', 'null', '{', '{"a":', '\u0000', '{"__proto__":{"x":1}}').map((payload) => ({
    contentType: 'application/json',
    payload: payload as string | Buffer,
    what: `body ${payload}`,
  })),
  fc
    .tuple(text, withNul, fc.constantFrom('whole', 'no boundary', 'truncated', 'other boundary'))
    .map(([field, value, shape]) => {
      const form = multipart(field || 'source', value);
      return {
        contentType:
          shape === 'no boundary'
            ? 'multipart/form-data'
            : `multipart/form-data; boundary=${shape === 'other boundary' ? 'other' : BOUNDARY}`,
        payload: shape === 'truncated' ? form.subarray(0, 40) : form,
        what: `multipart body (${shape})`,
      };
    }),
  withNul.map((value) => ({
    contentType: 'application/x-www-form-urlencoded',
    payload: `title=${encodeURIComponent(value)}`,
    what: 'form body',
  })),
  fc.tuple(text, fc.oneof(withNul, withLoneSurrogate)).map(([key, value]) => ({
    contentType: 'application/json',
    payload: JSON.stringify({ [`x${key}`]: value }),
    what: 'unknown field with a bad character',
  })),
);

/** An unknown query parameter carrying a bad character. */
const strayQuery = fc.tuple(text, fc.oneof(withNul, withLoneSurrogate));

export interface CaseOptions {
  seed: number;
  seeds: Seeds;
  tokens: { member: string; admin: string };
  /** Generated cases per parameter of an operation, and per operation for whole-request cases. */
  perLeaf: number;
  perOperation: number;
}

function identitiesFor(op: Operation): Identity[] {
  // Signing out would end the member's session for the rest of the run.
  if (op.url.endsWith('/user/logout')) return ['anonymous'];
  return op.auth === 'admin' ? ['anonymous', 'admin'] : ['anonymous', 'member'];
}

/** Every case of an operation, drawn from fast-check's generator seeded by `seed` and the route. */
export function casesFor(op: Operation, options: CaseOptions, index: number): FuzzCase[] {
  const identities = identitiesFor(op);
  const tokenOf = (identity: Identity) => (identity === 'anonymous' ? undefined : options.tokens[identity]);
  const leaves = leavesOf(op);
  const cases: FuzzCase[] = [];
  const seed = options.seed + index * 7919;
  leaves.forEach((leaf, i) => {
    const arbitrary = fc.tuple(badValues(leaf), fc.constantFrom(...identities));
    for (const [bad, identity] of fc.sample(arbitrary, { seed: seed + i, numRuns: options.perLeaf })) {
      cases.push(leafCase(op, leaf, bad, identity, options.seeds, tokenOf(identity)));
    }
  });
  const takesBody = op.method !== 'GET';
  const whole = fc.tuple(takesBody ? wholeBody : fc.constant(undefined), strayQuery, fc.constantFrom(...identities));
  for (const [body, [key, value], identity] of fc.sample(whole, { seed: seed - 1, numRuns: options.perOperation })) {
    const parts = baselineRequest(op, options.seeds);
    if (!body) parts.querystring[`x${key}`] = value;
    const token = tokenOf(identity);
    cases.push({
      op,
      identity,
      what: body ? body.what : 'unknown query parameter with a bad character',
      method: op.method,
      url: urlOf(op, parts),
      headers: body ? headers(token, body.contentType) : headers(token, parts.body ? 'application/json' : undefined),
      ...(body ? { payload: body.payload } : parts.body ? { payload: JSON.stringify(parts.body) } : {}),
    });
  }
  return cases;
}
