/**
 * Rows read a page at a time after the last row of the page before (keyset pagination, DESIGN §2): memory holds one
 * page whatever the table's size, and each page is one indexed query. `next` is given the last row read (null for
 * the first page) and reads at most `limit` rows after it.
 */
export async function* keysetPages<Row>(
  next: (last: Row | null) => Promise<Row[]>,
  limit: number,
): AsyncIterable<Row[]> {
  let last: Row | null = null;
  for (;;) {
    const rows = await next(last);
    if (rows.length > 0) yield rows;
    const end = rows.at(-1);
    if (end === undefined || rows.length < limit) return;
    last = end;
  }
}

/** The bounds of the ids of one type that keep an imported number (a sequence under 10^13, legacy-ids.ts). */
export function importedIdRange(typeCode: number): { low: string; high: string } {
  const prefix = `1${String(typeCode).padStart(3, '0')}`;
  return { low: `${prefix}${'0'.repeat(19)}`, high: `${prefix}${(10n ** 13n).toString().padStart(19, '0')}` };
}

/** An ISO time in UTC from what the database gives (a Date or a string). */
export function isoTime(value: Date | string): string {
  return (value instanceof Date ? value : new Date(value)).toISOString();
}

/** The sequence of the highest id below `high` (from `select max(id)`), as a number; 0 when there is none. */
export function sequenceOf(id: string | null | undefined): number {
  return id ? Number(BigInt(id.slice(4))) : 0;
}
