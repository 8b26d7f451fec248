import { Reason, resolveLanguage } from '@agora/contracts';
import AjvCompiler, { type Ajv, type ValidatorCompiler, type ValidatorFactory } from '@fastify/ajv-compiler';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { envelope } from './envelope';
import { errors } from './errors';
import { addTrimmedMinLength } from './trimmed-length';
import { illFormedFields } from './validation';

/**
 * How every input is read before a handler runs (DESIGN §5, docs/adr/0018-strings-and-numbers-at-the-edge.md): types are strict
 * in JSON bodies, coerced only where the wire carries text; text with a NUL, a lone surrogate or
 * percent-escapes that are not UTF-8 is refused per field; a URL that cannot be decoded is a 400 in the
 * envelope.
 */

const AJV_OPTIONS = { allErrors: true, useDefaults: true, removeAdditional: true } as const;
const ajvPool = AjvCompiler();

/** What Ajv compiles for one part of one route. */
type RouteValidator = ReturnType<ValidatorCompiler>;
type SchemaErrors = NonNullable<RouteValidator['errors']>;

/**
 * One Ajv per HTTP part: a querystring, path or header value is text on the wire and is coerced to
 * the schema's type (`?page=2`, `?tags=a` as an array), while a JSON body already has types and a
 * number or an array where text belongs is refused, never turned into text.
 */
export const partAwareValidators: ValidatorFactory = (externalSchemas, options) => {
  // The server's own Ajv options are ours, set here; only its plugins and creation hook are passed on, after the
  // keyword of written text (trimmed-length.ts).
  const shared = {
    plugins: options?.plugins,
    onCreate: (ajv: Ajv) => {
      addTrimmedMinLength(ajv);
      options?.onCreate?.(ajv);
    },
  };
  const onTheWire = ajvPool(externalSchemas, { ...shared, customOptions: { ...AJV_OPTIONS, coerceTypes: 'array' } });
  const json = ajvPool(externalSchemas, { ...shared, customOptions: { ...AJV_OPTIONS, coerceTypes: false } });
  return (route) => finiteNumbersOnly((route.httpPart === 'body' ? json : onTheWire)(route));
};

/** Where an input holds a number that is not finite, as Ajv paths (`/page`); walked with its own stack. */
function nonFinitePaths(value: unknown): string[] {
  const found: string[] = [];
  const stack: Array<{ value: unknown; path: string }> = [{ value, path: '' }];
  for (let next = stack.pop(); next; next = stack.pop()) {
    if (typeof next.value === 'number' && !Number.isFinite(next.value)) found.push(next.path);
    else if (next.value !== null && typeof next.value === 'object') {
      for (const [key, child] of Object.entries(next.value)) stack.push({ value: child, path: `${next.path}/${key}` });
    }
  }
  return found;
}

/**
 * Ajv coerces `?page=1e400` (and `Infinity`) to Infinity and then lets it through `integer` and
 * `maximum`; no parameter has a use for a number that is not finite.
 */
function finiteNumbersOnly(validate: RouteValidator): RouteValidator {
  // Route schemas are never `$async`; such a validator's answer is a promise, which this check cannot read.
  if ('$async' in validate) return validate;
  const check = (data: unknown, errors: (found: SchemaErrors | null | undefined) => void): data is unknown => {
    const valid = validate(data);
    errors(validate.errors);
    if (!valid) return false;
    const paths = nonFinitePaths(data);
    if (paths.length === 0) return true;
    errors(
      paths.map((instancePath) => ({ instancePath, schemaPath: '', keyword: 'type', params: { type: 'number' } })),
    );
    return false;
  };
  const checked: RouteValidator = Object.assign(
    (data: unknown): data is unknown =>
      check(data, (found) => {
        checked.errors = found;
      }),
    { schema: validate.schema, schemaEnv: validate.schemaEnv },
  );
  return checked;
}

/** Stands for a query value whose percent-escapes are not UTF-8, so that it is refused as ill-formed text. */
const UNDECODABLE = '\uD800';

function decode(text: string): string {
  // Most keys and values carry no escapes at all.
  if (!text.includes('%') && !text.includes('+')) return text;
  try {
    return decodeURIComponent(text.replace(/\+/g, ' '));
  } catch {
    return UNDECODABLE;
  }
}

/**
 * The query as `a=1&a=2&b` reads (repeated keys make an array, like Fastify's default parser), except
 * that an escape which is not UTF-8 (`%ED%A0%80`, `%FF`) is not passed on as its literal text.
 */
export function parseQuerystring(raw: string): Record<string, string | string[]> {
  const query: Record<string, string | string[]> = Object.create(null);
  for (const pair of raw.split('&')) {
    if (!pair) continue;
    const at = pair.indexOf('=');
    const key = decode(at < 0 ? pair : pair.slice(0, at));
    const value = at < 0 ? '' : decode(pair.slice(at + 1));
    const existing = query[key];
    if (existing === undefined) query[key] = value;
    else if (Array.isArray(existing)) existing.push(value);
    else query[key] = [existing, value];
  }
  return query;
}

/** Refuses ill-formed text in a route's path parameters, query and JSON body, naming each field. */
export function refuseIllFormedText(
  request: FastifyRequest,
  _reply: FastifyReply,
  done: (error?: Error) => void,
): void {
  // Routes without a schema pass bodies through untouched (the gateway); their owner checks them.
  if (!request.routeOptions.schema) {
    done();
    return;
  }
  const fields = illFormedFields(request.params);
  illFormedFields(request.query, '', fields);
  illFormedFields(request.body, '', fields);
  done(
    fields.size > 0 ? errors.fields(...[...fields].map((field) => ({ field, key: 'validation.invalid' }))) : undefined,
  );
}

/** Router failures before any route is chosen (a path whose escapes are not UTF-8): 400 in the envelope. */
export function answerFrameworkError(error: { statusCode?: number }, request: FastifyRequest, reply: FastifyReply) {
  const status = error.statusCode && error.statusCode < 500 ? error.statusCode : 400;
  // The request is not decorated yet: its language is read here.
  const header = request.headers['accept-language'];
  const language = resolveLanguage(Array.isArray(header) ? header[0] : header);
  reply.code(status).send(envelope(language, status, Reason.requestFormatError, null));
}
