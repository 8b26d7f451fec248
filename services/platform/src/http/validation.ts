import { type FieldError, fieldLabel, type Language, translate } from '@agora/contracts';

/** What Fastify hands over from Ajv: one entry per failing keyword. */
export interface SchemaError {
  instancePath: string;
  keyword: string;
  params: Record<string, unknown>;
}

function fieldOf(error: SchemaError): string {
  const segments = error.instancePath
    .split('/')
    .filter(Boolean)
    .filter((s) => !/^\d+$/.test(s));
  if (error.keyword === 'required' && typeof error.params.missingProperty === 'string') {
    segments.push(error.params.missingProperty);
  }
  if (error.keyword === 'additionalProperties' && typeof error.params.additionalProperty === 'string') {
    segments.push(error.params.additionalProperty);
  }
  return segments.join('.') || 'body';
}

function messageKeyOf(error: SchemaError, value: unknown): { key: string; limit?: unknown } {
  switch (error.keyword) {
    case 'required':
      return { key: 'validation.required' };
    case 'minLength':
      // Whitespace alone is no text (a `trimmedMinLength` failure is reported as `minLength`: trimmed-length.ts).
      return (typeof value === 'string' && value.trim() === '') || error.params.limit === 1
        ? { key: 'validation.required' }
        : { key: 'validation.min_length', limit: error.params.limit };
    case 'maxLength':
      return { key: 'validation.max_length', limit: error.params.limit };
    case 'minimum':
      return { key: 'validation.minimum', limit: error.params.limit };
    case 'maximum':
      return { key: 'validation.maximum', limit: error.params.limit };
    case 'minItems':
      return { key: 'validation.min_items', limit: error.params.limit };
    case 'maxItems':
      return { key: 'validation.max_items', limit: error.params.limit };
    case 'additionalProperties':
      return { key: 'validation.unknown_field' };
    default:
      return { key: 'validation.invalid' };
  }
}

function valueAt(root: unknown, instancePath: string): unknown {
  let current = root;
  for (const segment of instancePath.split('/').filter(Boolean)) {
    if (current === null || typeof current !== 'object') return undefined;
    current = (current as Record<string, unknown>)[segment];
  }
  return current;
}

/** Turns schema errors into the per-field messages of the envelope, one per field, in the request's language. */
export function toFieldErrors(language: Language, schemaErrors: SchemaError[], input: unknown): FieldError[] {
  const byField = new Map<string, FieldError>();
  for (const error of schemaErrors) {
    const field = fieldOf(error);
    if (byField.has(field)) continue;
    const { key, limit } = messageKeyOf(error, valueAt(input, error.instancePath));
    byField.set(field, {
      error_field: field,
      error_msg: translate(language, key, { field: fieldLabel(language, field), limit: String(limit ?? '') }),
    });
  }
  return [...byField.values()];
}

/**
 * Text no field has a use for and PostgreSQL cannot store: a NUL, or a UTF-16 surrogate without its
 * other half (in `u` mode a well-formed pair is one code point outside the range).
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding NUL is the point
const ILL_FORMED_TEXT = /[\u0000\uD800-\uDFFF]/u;

export function isIllFormedText(text: string): boolean {
  return ILL_FORMED_TEXT.test(text);
}

/**
 * How deep an input's objects and arrays may nest. No route takes more than a few levels; a body nested
 * thousands deep is refused here rather than met by some recursive walk later (docs/adr/0018-strings-and-numbers-at-the-edge.md).
 */
export const MAX_INPUT_DEPTH = 32;

/** The field a body nested deeper than `MAX_INPUT_DEPTH` is refused on. */
export const TOO_DEEP_FIELD = 'body';

/**
 * The fields of an input (named as schema errors name them) whose text or key is ill-formed, or `body` when it
 * nests deeper than `MAX_INPUT_DEPTH`. A walk with its own stack: an input's depth is the client's to choose.
 */
export function illFormedFields(input: unknown, path = '', found = new Set<string>()): Set<string> {
  const stack: Array<{ value: unknown; path: string; depth: number }> = [{ value: input, path, depth: 0 }];
  for (let next = stack.pop(); next; next = stack.pop()) {
    const { value, depth } = next;
    if (typeof value === 'string') {
      if (isIllFormedText(value)) found.add(next.path || 'body');
      continue;
    }
    if (value === null || typeof value !== 'object' || Buffer.isBuffer(value)) continue;
    if (depth >= MAX_INPUT_DEPTH) {
      found.add(TOO_DEEP_FIELD);
      return found;
    }
    // Children pushed last first, so fields are named in the order the input has them.
    const children: Array<{ value: unknown; path: string; depth: number }> = [];
    if (Array.isArray(value)) {
      for (const item of value) children.push({ value: item, path: next.path, depth: depth + 1 });
    } else {
      const fields = value as Record<string, unknown>;
      for (const key in fields) {
        if (!Object.hasOwn(fields, key)) continue;
        const childPath = next.path ? `${next.path}.${key}` : key;
        if (isIllFormedText(key)) found.add(childPath);
        children.push({ value: fields[key], path: childPath, depth: depth + 1 });
      }
    }
    for (let index = children.length - 1; index >= 0; index--) stack.push(children[index] as (typeof children)[number]);
  }
  return found;
}
