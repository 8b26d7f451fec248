import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'kysely';
import type { Logger } from 'pino';
import { type Db, quoteIdent } from '../../db/database';
import { isDatabaseUnavailable } from '../../db/unavailable';
import { BEFORE_FENCE, EVENT_COLUMNS, type EventRow, readLogAfter, toStoredEvent } from '../../eventstore/event-store';
import { readTypesAfter } from '../../eventstore/typed-log-read';
import { comparePositions, LOG_START, type LogPosition, type StoredEvent } from '../../eventstore/types';
import type {
  BusCursor,
  FollowedEvent,
  FollowerHandle,
  FollowOptions,
  ReplayOptions,
  ReplayResult,
  SourceCursor,
} from '../port';
import type { Wakeup } from '../wakeup';
import { cursorOfPosition, positionOfCursor } from './log-cursors';

export interface LogFollowerParts {
  /** A pool to read the logs with (any schema: the log's table is named with its source's). */
  db: Db;
  log: Logger;
  /** Has `wakeup` woken by the source's appends of these types (all when absent); returns the way to stop it. */
  watch(source: string, types: readonly string[] | undefined, wakeup: Wakeup): () => void;
  /** Waits for a wake-up, or a poll interval while the bus does not listen. */
  idle(wakeup: Wakeup): Promise<void>;
  newWakeup(): Wakeup;
}

const UNDEFINED_TABLE = '42P01';
const FOLLOW_BATCH = 500;
const RETRY_MS = 1000;

const isUndefinedTable = (error: unknown) => (error as { code?: string } | null)?.code === UNDEFINED_TABLE;

/**
 * The log's current end for a reader that starts now: the last event a gap-safe read would see (a transaction older
 * than the fence that commits later sorts after it, so nothing it writes is jumped over).
 */
async function logEnd(db: Db, source: string): Promise<LogPosition> {
  const table = sql.raw(`${quoteIdent(source)}.events`);
  try {
    const { rows } = await sql<{ txid: string; position: string }>`
      select transaction_id::text as txid, global_position::text as position from ${table}
      where ${BEFORE_FENCE}
      order by transaction_id desc, global_position desc limit 1`.execute(db);
    const row = rows[0];
    return row ? { transactionId: row.txid, globalPosition: row.position } : LOG_START;
  } catch (error) {
    // The source has not made its log yet: everything it will write is after the start.
    if (isUndefinedTable(error)) return LOG_START;
    throw error;
  }
}

interface LogRead {
  events: StoredEvent[];
  readTo: LogPosition | null;
  full: boolean;
  pending: boolean;
}

async function readAfter(
  db: Db,
  source: string,
  after: LogPosition,
  types: readonly string[] | undefined,
  limit: number,
): Promise<LogRead> {
  if (types) {
    const read = await readTypesAfter(db, source, after, types, limit);
    return { events: read.events, readTo: read.readTo, full: read.full, pending: read.pendingBehindFence };
  }
  const read = await readLogAfter(db, source, after, limit);
  const readTo = read.events.at(-1)?.position ?? null;
  return { events: read.events, readTo, full: read.events.length === limit, pending: read.pendingBehindFence };
}

/** Past this many events handed over early and not yet in order, a follower hands over no more early. */
const EARLY_MAX = 10_000;

/** What is committed after a position, fence or not: the rows every snapshot now sees, in the log's order. */
async function readCommittedAfter(
  db: Db,
  source: string,
  after: LogPosition,
  types: readonly string[] | undefined,
  limit: number,
): Promise<StoredEvent[]> {
  const table = sql.raw(`${quoteIdent(source)}.events`);
  const { rows } = await sql<EventRow>`
    select ${EVENT_COLUMNS} from ${table}
    where (transaction_id, global_position) > (${after.transactionId}::xid8, ${after.globalPosition}::bigint)
      ${types ? sql`and type = any(${[...types]}::text[])` : sql``}
    order by transaction_id, global_position
    limit ${limit}`.execute(db);
  return rows.map((row) => toStoredEvent(source, row));
}

const followed = (event: StoredEvent): FollowedEvent => {
  const cursor = cursorOfPosition(event.position);
  return { event, mark: cursor, cursor };
};

/**
 * Follows sources of the PostgreSQL log from a cursor or the log's end, each in a loop of its own: the gap-safe read
 * from a position kept in memory, woken by the bus's notifications (docs/adr/0099-live-pages.md).
 */
export async function followLog(parts: LogFollowerParts, options: FollowOptions): Promise<FollowerHandle> {
  const started: BusCursor = {};
  for (const source of options.sources) {
    const given = options.after?.[source];
    started[source] = given ?? cursorOfPosition(await logEnd(parts.db, source));
  }
  let stopped = false;
  const wakeups: Wakeup[] = [];
  const unwatch: Array<() => void> = [];

  const loop = async (source: string, wakeup: Wakeup) => {
    let position = positionOfCursor(started[source] ?? '0:0');
    let failures = 0;
    let fenceWaits = 0;
    /** The events past the fence handed over early, by mark, until the fence passes them. */
    const early = new Set<string>();
    const handEarly = async () => {
      if (!options.early || early.size >= EARLY_MAX) return;
      const committed = await readCommittedAfter(parts.db, source, position, options.types, FOLLOW_BATCH);
      const fresh = committed.map(followed).filter((e) => !early.has(e.mark));
      for (const e of fresh) early.add(e.mark);
      if (fresh.length > 0) options.early(source, fresh);
    };
    while (!stopped) {
      try {
        const read = await readAfter(parts.db, source, position, options.types, FOLLOW_BATCH);
        failures = 0;
        if (read.readTo && comparePositions(read.readTo, position) > 0) {
          position = read.readTo;
          options.deliver(source, read.events.map(followed), cursorOfPosition(position));
          for (const mark of early) if (comparePositions(positionOfCursor(mark), position) <= 0) early.delete(mark);
        }
        if (read.full) continue;
        if (read.pending) {
          // Committed events wait behind an older transaction: they go out now, and in order once it has ended.
          await handEarly();
          // Newer events wait behind an older transaction still running: look again shortly.
          fenceWaits = Math.min(fenceWaits + 1, 6);
          await sleep(2 ** fenceWaits);
          continue;
        }
        fenceWaits = 0;
        await parts.idle(wakeup);
      } catch (error) {
        if (stopped) return;
        if (isUndefinedTable(error)) {
          await parts.idle(wakeup);
          continue;
        }
        if (failures++ === 0 || !isDatabaseUnavailable(error)) {
          parts.log.warn({ err: error, source }, 'the live follower could not read the log; trying again');
        }
        await sleep(RETRY_MS);
      }
    }
  };

  const running = options.sources.map((source) => {
    const wakeup = parts.newWakeup();
    wakeups.push(wakeup);
    unwatch.push(parts.watch(source, options.types, wakeup));
    return loop(source, wakeup);
  });

  return {
    started,
    async stop() {
      stopped = true;
      for (const wakeup of wakeups) wakeup.wake();
      await Promise.all(running);
      for (const drop of unwatch) drop();
    },
  };
}

/**
 * Reads one source's log after `from` up to `until`, when there are at most `limit` events between them (counted in
 * the index, whatever their types), in the gap-safe order.
 */
export async function replayLog(
  db: Db,
  source: string,
  from: SourceCursor,
  { until, types, limit }: ReplayOptions,
): Promise<ReplayResult> {
  let position = positionOfCursor(from);
  const last = positionOfCursor(until);
  if (comparePositions(position, last) >= 0) return { tooFar: false, events: [] };
  const table = sql.raw(`${quoteIdent(source)}.events`);
  const { rows } = await sql<{ n: number }>`
    select count(*)::int as n from (
      select 1 from ${table}
      where (transaction_id, global_position) > (${position.transactionId}::xid8, ${position.globalPosition}::bigint)
        and (transaction_id, global_position) <= (${last.transactionId}::xid8, ${last.globalPosition}::bigint)
      limit ${limit + 1}) as between_them`.execute(db);
  if ((rows[0]?.n ?? 0) > limit) return { tooFar: true };
  const events: FollowedEvent[] = [];
  for (;;) {
    const read = await readAfter(db, source, position, types, FOLLOW_BATCH);
    for (const event of read.events) {
      if (comparePositions(event.position, last) > 0) return { tooFar: false, events };
      events.push(followed(event));
    }
    if (!read.readTo || comparePositions(read.readTo, last) >= 0 || !read.full) return { tooFar: false, events };
    position = read.readTo;
  }
}

/** The position `events` entries before `until` in the gap-safe order (the log's start when it holds fewer). */
export async function positionBefore(
  db: Db,
  source: string,
  until: SourceCursor,
  events: number,
): Promise<SourceCursor> {
  const last = positionOfCursor(until);
  const table = sql.raw(`${quoteIdent(source)}.events`);
  try {
    const { rows } = await sql<{ txid: string; position: string }>`
      select transaction_id::text as txid, global_position::text as position from ${table}
      where (transaction_id, global_position) <= (${last.transactionId}::xid8, ${last.globalPosition}::bigint)
      order by transaction_id desc, global_position desc
      offset ${events} limit 1`.execute(db);
    const row = rows[0];
    return cursorOfPosition(row ? { transactionId: row.txid, globalPosition: row.position } : LOG_START);
  } catch (error) {
    if (isUndefinedTable(error)) return cursorOfPosition(LOG_START);
    throw error;
  }
}
