import { createHash } from 'node:crypto';
import { formatObjectId, isObjectId, ObjectType, type ObjectTypeName } from '../ids';

/**
 * Imported objects keep their source's numbers inside Agora's ids (docs/adr/0094-importing-a-community.md), so that
 * the old links open the same content without a lookup table:
 * - an Apache Answer id is `1` + a 3-digit type + a 13-digit sequence, with the same type codes as Agora's: its
 *   Agora id is the same type and the same sequence, padded to 19 digits;
 * - an object of plain numbers (an Answer member or revision, any Stack Exchange row) keeps its number as the
 *   sequence under the object's type.
 * Agora's own ids are time-ordered numbers far above any such sequence, so the two never meet.
 */

const ANSWER_ID = /^1(\d{3})(\d{13})$/;
const PLAIN_NUMBER = /^[1-9]\d{0,15}$/;
const SHORT_ALPHABET = '0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ';
const SHORT_ID = /^[0-9a-zA-Z]{3,16}$/;
const SHORT_OFFSET = 100n;
const SEQUENCE_LIMIT = 10n ** 13n;

const typeNameOf = (code: number) =>
  (Object.entries(ObjectType) as [ObjectTypeName, number][]).find(([, c]) => c === code)?.[0];

/** The Agora id of an object whose source numbered it plainly (`n` ≥ 1). */
export function idFromNumber(type: ObjectTypeName, n: string | number | bigint): string {
  const value = BigInt(n);
  if (value < 1n) throw new Error(`not an object number: ${n}`);
  return formatObjectId(type, value);
}

/**
 * The id of an object an import makes that its source has none of (a tag's first revision), derived from what it
 * belongs to, so that every run of the same import makes the same one. Its sequence lies above every source's
 * numbers and far below Agora's own time-ordered ones.
 */
export function derivedImportId(type: ObjectTypeName, ofId: string): string {
  const hash = BigInt(`0x${createHash('sha256').update(`${type}:${ofId}`).digest('hex').slice(0, 12)}`);
  return formatObjectId(type, SEQUENCE_LIMIT + hash);
}

/** The Agora id of an Apache Answer id (`10010000000000001`), or undefined when the string is not one. */
export function idFromAnswerId(answerId: string): string | undefined {
  const match = ANSWER_ID.exec(answerId);
  if (!match) return undefined;
  const type = typeNameOf(Number(match[1]));
  const sequence = BigInt(match[2] ?? '0');
  return type && sequence > 0n ? formatObjectId(type, sequence) : undefined;
}

/** The Apache Answer id an imported object had, or undefined when the id was made by Agora. */
export function answerIdOf(id: string): string | undefined {
  if (!isObjectId(id)) return undefined;
  const sequence = BigInt(id.slice(4));
  if (sequence >= SEQUENCE_LIMIT) return undefined;
  return `1${id.slice(1, 4)}${sequence.toString().padStart(13, '0')}`;
}

/** The plain number an imported object had at its source, or undefined when the id was made by Agora. */
export function numberOf(id: string): string | undefined {
  if (!isObjectId(id)) return undefined;
  const sequence = BigInt(id.slice(4));
  return sequence < SEQUENCE_LIMIT ? sequence.toString() : undefined;
}

function encodeShort(n: bigint): string {
  let value = n + SHORT_OFFSET;
  let out = '';
  while (value > 0n) {
    out += SHORT_ALPHABET[Number(value % 62n)];
    value /= 62n;
  }
  return out;
}

function decodeShort(text: string): bigint | undefined {
  let value = 0n;
  for (let i = text.length - 1; i >= 0; i--) {
    const digit = SHORT_ALPHABET.indexOf(text[i] ?? '');
    if (digit < 0) return undefined;
    value = value * 62n + BigInt(digit);
  }
  return value - SHORT_OFFSET;
}

/** The reference's short id of an Apache Answer id (`10010000000000001` ↔ `D1D1`). */
export function shortIdOf(answerId: string): string | undefined {
  const match = ANSWER_ID.exec(answerId);
  if (!match) return undefined;
  return encodeShort(BigInt(match[1] ?? '0')) + encodeShort(BigInt(match[2] ?? '0'));
}

/** The Apache Answer id a short id stands for, or undefined when the string is not one. */
export function answerIdFromShortId(short: string): string | undefined {
  if (!SHORT_ID.test(short)) return undefined;
  const type = decodeShort(short.slice(0, 2));
  const sequence = decodeShort(short.slice(2));
  if (type === undefined || sequence === undefined || type < 1n || type > 999n) return undefined;
  if (sequence < 1n || sequence >= SEQUENCE_LIMIT) return undefined;
  return `1${type.toString().padStart(3, '0')}${sequence.toString().padStart(13, '0')}`;
}

/** How the site's imported links number their objects: which source it came from. */
export type LegacyIdStyle = 'answer' | 'stackexchange';

/**
 * The Agora id an id in an old link names, in any of the forms the source wrote (Agora's own, Answer's long or
 * short form, a Stack Exchange number), when it is of `type`; undefined when it names nothing of that type. A
 * plain number is a Stack Exchange id on a site imported from one, and an Answer short id otherwise.
 */
export function resolveLegacyId(raw: string, type: ObjectTypeName, style?: LegacyIdStyle): string | undefined {
  const typeOf = (id: string | undefined) =>
    id !== undefined && Number(id.slice(1, 4)) === ObjectType[type] ? id : undefined;
  if (isObjectId(raw)) return typeOf(raw);
  const long = idFromAnswerId(raw);
  if (long) return typeOf(long);
  if (style === 'stackexchange' && PLAIN_NUMBER.test(raw)) return idFromNumber(type, raw);
  const fromShort = answerIdFromShortId(raw);
  return fromShort ? typeOf(idFromAnswerId(fromShort)) : undefined;
}
