import type { RefRouteList, RefType } from '../../../../scripts/reference-api/reference-types';

/** A JSON Schema as a route's TypeBox response schema is (TypeBox builds plain JSON Schema objects). */
export type JsonSchema = Record<string, any>;

/**
 * How many levels of objects below `data` have their fields compared: `data`'s, its objects' (a page's items, an
 * answer beside its question) and theirs (the items' author cards); deeper ones only by type.
 */
export const COMPARED_DEPTH = 3;

/**
 * Fields of a named reference struct that its handler leaves out when empty, and fills on none of the routes Agora
 * serves: an answer's `question_info` (answers come beside their question, never with a copy of it inside).
 */
export const OMITTED_WHEN_EMPTY: ReadonlySet<string> = new Set(['AnswerInfo.question_info']);

/** Our schema with the alternatives a null can take out (a Go slice, pointer or map may be null too). */
function alternatives(schema: JsonSchema): JsonSchema[] {
  const options = (schema.anyOf ?? schema.oneOf) as JsonSchema[] | undefined;
  if (!options) return [schema];
  const notNull = options.flatMap(alternatives).filter((o) => o.type !== 'null');
  return notNull.length > 0 ? notNull : [{ type: 'null' }];
}

function typeOf(schema: JsonSchema): string | undefined {
  if (schema.const !== undefined) return typeof schema.const === 'number' ? 'number' : typeof schema.const;
  if (schema.enum) return typeof schema.enum[0];
  return Array.isArray(schema.type) ? schema.type.find((t: string) => t !== 'null') : schema.type;
}

/** A schema that accepts anything (`Type.Any()`, `Type.Unknown()`). */
const isAny = (schema: JsonSchema) =>
  typeOf(schema) === undefined && !schema.anyOf && !schema.oneOf && !schema.properties && !schema.items;

const describe = (ref: RefType): string =>
  ref.kind === 'object' && ref.name
    ? ref.name
    : ref.kind === 'array'
      ? `[]${describe(ref.items)}`
      : ref.kind === 'union'
        ? ref.options.map(describe).join(' or ')
        : ref.kind;

/**
 * Where our answer's schema does not answer what the reference handler answers (`data`): a field the
 * reference sends that ours lacks, or a different type; fields only ours has are allowed (clients ignore
 * them). Each problem names its place (`data.list[].operator.rank`).
 */
export function shapeProblems(
  ref: RefType,
  ours: JsonSchema,
  schemas: RefRouteList['schemas'],
  place = 'data',
  depth = 0,
): string[] {
  const found = alternatives(ours);
  if (found.length > 1) {
    // Each shape we may answer must be one the reference answers.
    return found.flatMap((option) => shapeProblems(ref, option, schemas, place, depth));
  }
  const schema = found[0]!;
  if (ref.kind === 'any') return [];
  // An untyped schema would let any shape through: only a free map may be one.
  if (isAny(schema))
    return ref.kind === 'map' ? [] : [`${place}: untyped where the reference answers ${describe(ref)}`];
  if (ref.kind === 'union') {
    const each = ref.options.map((option) => shapeProblems(option, schema, schemas, place, depth));
    return each.some((problems) => problems.length === 0) ? [] : [`${place}: none of ${describe(ref)}`];
  }
  const type = typeOf(schema);
  const differs = (expected: string) => [`${place}: ${type ?? 'untyped'} where the reference answers ${expected}`];
  switch (ref.kind) {
    case 'string':
    case 'boolean':
    case 'null':
      return type === ref.kind ? [] : differs(ref.kind);
    case 'integer':
      return type === 'integer' || type === 'number' ? [] : differs('integer');
    case 'number':
      return type === 'number' || type === 'integer' ? [] : differs('number');
    case 'array':
      if (type !== 'array') return differs(describe(ref));
      return depth >= COMPARED_DEPTH ? [] : shapeProblems(ref.items, schema.items ?? {}, schemas, `${place}[]`, depth);
    case 'map':
      return type === 'object' ? [] : differs('an object map');
    case 'object': {
      if (type !== 'object') return differs(describe(ref));
      const fields = ref.fields ?? (ref.name ? schemas[ref.name] : undefined);
      if (!fields || depth >= COMPARED_DEPTH) return [];
      const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
      // A free object (a map, `Type.Record`) answers any field.
      if (!schema.properties && (schema.patternProperties || schema.additionalProperties)) return [];
      return Object.entries(fields).flatMap(([name, fieldRef]) => {
        const field = properties[name];
        if (!field && ref.name && OMITTED_WHEN_EMPTY.has(`${ref.name}.${name}`)) return [];
        if (!field) return [`${place}.${name}: missing (the reference answers ${describe(fieldRef)})`];
        return shapeProblems(fieldRef, field, schemas, `${place}.${name}`, depth + 1);
      });
    }
  }
}
