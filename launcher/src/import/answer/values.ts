import { idFromAnswerId } from '@agora/contracts/import/legacy-ids';
import { ImportInputError } from '../source';

/**
 * Reading one column's value whatever the dialect gave (docs/adr/0094-importing-a-community.md): booleans as
 * true/false or 0/1, ids as text (a 17-digit id never goes through a JS number), times as text in UTC.
 */

/** An id column's value as text; undefined for none (NULL, empty or `0`). */
export function rawId(value: unknown): string | undefined {
  if (value === null || value === undefined) return undefined;
  const text = typeof value === 'string' ? value.trim() : String(value);
  return text === '' || text === '0' ? undefined : text;
}

export function text(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (value instanceof Uint8Array) return Buffer.from(value).toString('utf8');
  return String(value);
}

export function int(value: unknown): number {
  if (value === null || value === undefined || value === '') return 0;
  return Number(value);
}

/** A BOOL column: boolean on PostgreSQL, 0/1 on MySQL and SQLite. */
export function flag(value: unknown): boolean {
  return value === true || value === 1 || value === 1n || value === '1' || value === 't' || value === 'true';
}

const TIME = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2}):(\d{2})(\.\d+)?\s*(Z|[+-]\d{2}(?::?\d{2})?)?/;

/** A time column as ISO 8601 UTC; undefined for none. Times without a zone are UTC. */
export function time(value: unknown): string | undefined {
  if (value === null || value === undefined) return undefined;
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? undefined : value.toISOString();
  const match = TIME.exec(text(value).trim());
  if (!match) return undefined;
  const [, y, mo, d, h, mi, s, fraction, zone] = match;
  if (Number(y) <= 1) return undefined; // a zero time
  const millis = fraction ? fraction.slice(0, 4).padEnd(4, '0') : '.000';
  let offset = 'Z';
  if (zone && zone !== 'Z')
    offset = zone.length === 3 ? `${zone}:00` : zone.includes(':') ? zone : `${zone.slice(0, 3)}:${zone.slice(3)}`;
  const date = new Date(`${y}-${mo}-${d}T${h}:${mi}:${s}${millis}${offset}`);
  return Number.isNaN(date.getTime()) ? undefined : date.toISOString();
}

/** A time the row must have: its absence stops the import, naming the row. */
export function requiredTime(value: unknown, table: string, row: unknown): string {
  const iso = time(value);
  if (!iso) throw new ImportInputError(table, text(row), `no time in ${JSON.stringify(text(value))}`);
  return iso;
}

/** Agora's id of a prefixed Answer id the row must have. */
export function objectId(value: unknown, table: string, row: unknown): string {
  const raw = rawId(value);
  const id = raw === undefined ? undefined : idFromAnswerId(raw);
  if (!id) throw new ImportInputError(table, text(row), `not an Answer object id: ${JSON.stringify(text(value))}`);
  return id;
}

/** Agora's id of a prefixed Answer id that may be none (`0`, NULL) or not an id at all. */
export function optionalObjectId(value: unknown): string | undefined {
  const raw = rawId(value);
  return raw === undefined ? undefined : idFromAnswerId(raw);
}

/** JSON text, or undefined when it is empty or not JSON. */
export function json(value: unknown): unknown {
  const source = text(value).trim();
  if (!source) return undefined;
  try {
    return JSON.parse(source);
  } catch {
    return undefined;
  }
}

export const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
