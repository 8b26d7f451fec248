import { sql } from 'kysely';
import { type Db, quoteIdent, type Tx } from '../db/database';
import { first } from '../lists';
import {
  BEFORE_FENCE,
  EVENT_COLUMNS,
  type EventRow,
  logHeadJoin,
  pendingPast,
  type ReadBounds,
  startingPoint,
  toStoredEvent,
} from './event-store';
import type { LogPosition, StoredEvent } from './types';

/** How many entries of the log a typed read looks through per event it may return (docs/adr/0097-typed-log-reads.md). */
export const TYPED_READ_SCAN_FACTOR = 20;

export interface TypedReadResult {
  /** The events of the asked types, in log order. */
  events: StoredEvent[];
  /**
   * How far the read looked: a reader's checkpoint may move here, past the entries of other types. Null when it
   * found nothing at all after where it started.
   */
  readTo: LogPosition | null;
  /** The read stopped at one of its bounds: more of the log may follow at once. */
  full: boolean;
  /** Events exist past the fence: committed by transactions newer than the oldest one still running. */
  pendingBehindFence: boolean;
}

/**
 * As `readLogAfter`, for a reader that applies only `types`: the database looks through up to `limit` ×
 * TYPED_READ_SCAN_FACTOR entries of the log in the same gap-safe order and sends only those of the asked types (up
 * to `limit`), with how far it looked, so that a projection of a few types over a large log neither carries nor
 * decodes the rest (a rebuild of a member's reputation over every vote, say). The position, the events and the head
 * of the log come from one statement.
 */
export async function readTypesAfter(
  db: Db | Tx,
  source: string,
  after: LogPosition | { checkpoint: string },
  types: readonly string[],
  limit: number,
): Promise<TypedReadResult> {
  const table = sql.raw(`${quoteIdent(source)}.events`);
  const scanLimit = limit * TYPED_READ_SCAN_FACTOR;
  const { rows } = await sql<
    Partial<EventRow> &
      ReadBounds & {
        scanned: number;
        chosen: number;
        scanned_txid: string | null;
        scanned_position: string | null;
      }
  >`
    with after as (${startingPoint(after)}),
    scanned as materialized (
      select s.transaction_id, s.global_position, s.type
      from after a cross join lateral (
        select transaction_id, global_position, type from ${table}
        where (transaction_id, global_position) > (a.txid, a.position)
          and ${BEFORE_FENCE}
        order by transaction_id, global_position
        limit ${scanLimit}
      ) s
    ),
    chosen as materialized (
      select global_position as chosen_position from scanned
      where type = any(${[...types]}::text[])
      order by transaction_id, global_position
      limit ${limit}
    ),
    looked as (
      select transaction_id::text as scanned_txid, global_position::text as scanned_position from scanned
      order by transaction_id desc, global_position desc limit 1
    )
    select a.txid::text as after_txid, a.position::text as after_position, h.head_txid, h.head_position,
      (select count(*) from scanned)::int as scanned, (select count(*) from chosen)::int as chosen,
      l.scanned_txid, l.scanned_position, e.*
    from after a
    left join looked l on true
    ${logHeadJoin(table)}
    left join lateral (
      select ev.transaction_id as log_order, ${EVENT_COLUMNS}
      from chosen c join ${table} ev on ev.global_position = c.chosen_position
    ) e on true
    order by e.log_order, e.global_position`.execute(db);
  const read = first(rows, 'the position read with the log');
  const events = rows.filter((row) => row.event_id != null).map((row) => toStoredEvent(source, row as EventRow));
  const fullOfEvents = read.chosen === limit;
  const full = fullOfEvents || read.scanned === scanLimit;
  const lastLooked =
    read.scanned_txid !== null && read.scanned_position !== null
      ? { transactionId: read.scanned_txid, globalPosition: read.scanned_position }
      : null;
  // With its events' bound reached, the read has not looked at what lies between its last event and its last look.
  const readTo = fullOfEvents ? (events.at(-1)?.position ?? null) : lastLooked;
  if (full) return { events, readTo, full, pendingBehindFence: false };
  return { events, readTo, full, pendingBehindFence: pendingPast(read, readTo) };
}
