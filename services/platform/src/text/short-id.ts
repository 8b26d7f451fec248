import { isObjectId, objectTypeOf } from '@agora/contracts';

/*
 * Short ids, for permalink settings 3 and 4, in the reference's format:
 *   base62(type + 100) + base62(number + 100)
 * base 62 with the digits `0-9a-zA-Z`, least-significant digit first. `type + 100` always takes two
 * digits (`D1` for questions, `E1` for answers); the 19-digit number takes at most 11, so a short id
 * has 4 to 13 characters and can never be mistaken for a 23-digit long id. Every number has exactly one
 * short form: a most-significant digit `0` is refused, as are unknown object types.
 */

const DIGITS = '0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ';
const BASE = 62n;
const OFFSET = 100n;
const TYPE_DIGITS = 2;
const MAX_NUMBER = 10n ** 19n;
const SHORT_ID = /^[0-9a-zA-Z]{4,13}$/;

function encode(value: bigint): string {
  let out = '';
  do {
    out += DIGITS[Number(value % BASE)];
    value /= BASE;
  } while (value > 0n);
  return out;
}

function decode(digits: string): bigint | undefined {
  if (digits.endsWith('0')) return undefined;
  let value = 0n;
  for (let i = digits.length - 1; i >= 0; i--) value = value * BASE + BigInt(DIGITS.indexOf(digits.charAt(i)));
  return value;
}

/** The short form of one of our object ids; throws for anything else, which is a bug in the caller. */
export function toShortId(id: string): string {
  if (!objectTypeOf(id)) throw new TypeError(`Not an object id: ${id}`);
  return encode(BigInt(id.slice(1, 4)) + OFFSET) + encode(BigInt(id.slice(4)) + OFFSET);
}

/** The long id a short id stands for, or undefined when the string is not a short id. */
export function fromShortId(short: string): string | undefined {
  if (!SHORT_ID.test(short)) return undefined;
  const type = decode(short.slice(0, TYPE_DIGITS));
  const number = decode(short.slice(TYPE_DIGITS));
  if (type === undefined || number === undefined || number < OFFSET || number - OFFSET >= MAX_NUMBER) return undefined;
  const id = `1${String(type - OFFSET).padStart(3, '0')}${String(number - OFFSET).padStart(19, '0')}`;
  return objectTypeOf(id) ? id : undefined;
}

export function isShortId(value: string): boolean {
  return fromShortId(value) !== undefined;
}

/** An id parameter given in either form (endpoints accept both) as the long id, or undefined. */
export function longIdOf(value: string): string | undefined {
  return isObjectId(value) ? value : fromShortId(value);
}
