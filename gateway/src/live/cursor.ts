import type { BusCursor, CursorOrder } from '@agora/platform';

/** Longer than any cursor of the live sources on any bus: a longer `Last-Event-ID` is refused unread. */
export const MAX_CURSOR_LENGTH = 4096;
const SOURCE = /^[a-z][a-z0-9_]{0,62}$/;

/**
 * A stream's position as its messages' ids spell it: each source's cursor in the bus's own spelling,
 * `source=cursor` apart by `;`, sources in a fixed order (docs/adr/0099-live-pages.md). The bus's spellings hold
 * only digits, `:` and `,`, so nothing needs escaping.
 */
export function encodeCursor(cursor: BusCursor, sources: readonly string[]): string {
  const parts: string[] = [];
  for (const source of sources) {
    const at = cursor[source];
    if (at !== undefined) parts.push(`${source}=${at}`);
  }
  return parts.join(';');
}

/**
 * A stream's position read back: null when it is not one this bus could have written (another bus, a forged or
 * damaged id), which the stream answers with `reload`. Sources the live route does not follow are left out.
 */
export function decodeCursor(text: string, sources: readonly string[], order: CursorOrder): BusCursor | null {
  if (text.length === 0 || text.length > MAX_CURSOR_LENGTH) return null;
  const cursor: BusCursor = {};
  for (const part of text.split(';')) {
    const equals = part.indexOf('=');
    if (equals < 0) return null;
    const source = part.slice(0, equals);
    const at = part.slice(equals + 1);
    if (!SOURCE.test(source) || !order.valid(at) || source in cursor) return null;
    if (sources.includes(source)) cursor[source] = at;
  }
  return cursor;
}
