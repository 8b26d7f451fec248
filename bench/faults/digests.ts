/** A read model's tables, each as a row count and a digest of its rows in order, and how two of them differ (pure). */

export interface TableDigest {
  rows: number;
  digest: string;
}

/** Tables of a service's schema: `<table>` to its digest. */
export type SchemaDigest = Record<string, TableDigest>;

/**
 * The bookkeeping beside the read models, which a rebuild changes by design: the event log, the projections'
 * positions and state, their set-aside events, the signing keys. Everything else in a service's schema must come back the same.
 */
export const NOT_READ_MODELS = new Set([
  'events',
  'checkpoints',
  'dead_letters',
  'kafka_offsets',
  'projection_state',
  // The tokens' signing keys: a process's secrets, not a read model.
  'signing_keys',
]);

/**
 * Columns that record when a row was last written or still has to be sent on, not what it says: the change
 * feed's transaction and sequence (for caches), and search's queue to OpenSearch (`seq`, `dirty`: a rebuilt row
 * is sent again). A rebuild writes every row anew, so they differ by design. `table.column`, or a column of any
 * table.
 */
export const BOOKKEEPING_COLUMNS = new Set(['changed_tx', 'changed_seq', 'search_posts.seq', 'search_posts.dirty']);

/**
 * Tables whose rows spread one figure over shards by the writer's connection (posts' `post_status_counts`): what
 * they say is their sums, compared in place of their rows.
 */
export const SUMMED_TABLES: Readonly<Record<string, string>> = {
  post_status_counts: 'select kind, status, sum(n) as n from %TABLE% group by kind, status having sum(n) <> 0',
};

export const isBookkeeping = (table: string, column: string) =>
  BOOKKEEPING_COLUMNS.has(column) || BOOKKEEPING_COLUMNS.has(`${table}.${column}`);

/** The tables whose rows differ between the live read models and the rebuilt ones, with their row counts. */
export function differingTables(live: SchemaDigest, rebuilt: SchemaDigest): string[] {
  const names = [...new Set([...Object.keys(live), ...Object.keys(rebuilt)])].sort();
  return names.flatMap((name) => {
    const a = live[name];
    const b = rebuilt[name];
    if (a && b && a.rows === b.rows && a.digest === b.digest) return [];
    return [`${name}: ${a ? a.rows : 'missing'} rows live, ${b ? b.rows : 'missing'} rebuilt`];
  });
}

type Row = Record<string, unknown>;

/**
 * What differs between the rows only the live table has and those only the rebuilt one has, paired by their first
 * column (the key): per column, how many pairs differ in it, with an example; rows without a partner are missing
 * from the other side.
 */
export function pairRows(onlyLive: Row[], onlyRebuilt: Row[]) {
  const keyOf = (row: Row) => JSON.stringify(Object.values(row)[0]);
  const rebuiltByKey = new Map<string, Row[]>();
  for (const row of onlyRebuilt) rebuiltByKey.set(keyOf(row), [...(rebuiltByKey.get(keyOf(row)) ?? []), row]);
  const columns: Record<string, { rows: number; example: { live: unknown; rebuilt: unknown; key: unknown } }> = {};
  const missingRebuilt: Row[] = [];
  for (const row of onlyLive) {
    const partners = rebuiltByKey.get(keyOf(row));
    const partner = partners?.shift();
    if (!partner) {
      missingRebuilt.push(row);
      continue;
    }
    for (const column of Object.keys(row)) {
      if (JSON.stringify(row[column]) === JSON.stringify(partner[column])) continue;
      const seen = columns[column];
      if (seen) seen.rows += 1;
      else
        columns[column] = {
          rows: 1,
          example: { key: Object.values(row)[0], live: row[column], rebuilt: partner[column] },
        };
    }
  }
  const missingLive = [...rebuiltByKey.values()].flat();
  return {
    only_live: onlyLive.length,
    only_rebuilt: onlyRebuilt.length,
    columns,
    only_in_live: missingRebuilt.slice(0, 3),
    only_in_rebuilt: missingLive.slice(0, 3),
  };
}
