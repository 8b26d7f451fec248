import { type RawBuilder, sql } from 'kysely';
import { type Db, quoteIdent, type Tx } from '../db/database';
import { comparePositions, LOG_START, type LogPosition } from '../eventstore/types';

/** Positions in a PostgreSQL event log, kept in the reader's `checkpoints` table (consumers, the outbox relay). */
export async function readCheckpoint(tx: Tx | Db, name: string): Promise<LogPosition> {
  const { rows } = await sql<{ transaction_id: string; global_position: string }>`
    select transaction_id::text as transaction_id, global_position::text as global_position
    from checkpoints where name = ${name}`.execute(tx);
  const row = rows[0];
  return row ? { transactionId: row.transaction_id, globalPosition: row.global_position } : LOG_START;
}

export async function writeCheckpoint(tx: Tx, name: string, position: LogPosition): Promise<void> {
  await sql`
    insert into checkpoints (name, transaction_id, global_position, updated_at)
    values (${name}, ${position.transactionId}::xid8, ${position.globalPosition}::bigint, now())
    on conflict (name) do update
      set transaction_id = excluded.transaction_id, global_position = excluded.global_position, updated_at = now()`.execute(
    tx,
  );
}

/**
 * Events past a checkpoint (of `types` only, when given), counted up to a cap so that a large backlog
 * stays cheap to measure. A source that has not created its log yet (a service this deployment does not
 * run) has nothing pending.
 */
export async function countAfter(
  db: Db,
  source: string,
  after: LogPosition,
  types?: readonly string[],
  cap = 1_000_000,
): Promise<number> {
  const table = sql.raw(`${quoteIdent(source)}.events`);
  try {
    const { rows } = await sql<{ n: number }>`
      select count(*)::int as n from (
        select 1 from ${table}
        where (transaction_id, global_position) > (${after.transactionId}::xid8, ${after.globalPosition}::bigint)
          ${types ? sql`and type = any(${[...types]}::text[])` : sql``}
        limit ${cap}
      ) pending`.execute(db);
    return rows[0]?.n ?? 0;
  } catch (error) {
    if ((error as { code?: string }).code === '42P01') return 0;
    throw error;
  }
}

/**
 * The newest event of a producer's log (of `streams` only, when given) that the checkpoint `name` has not
 * passed, as the caller's snapshot sees the log: undefined when there is none. Every event committed
 * before the call is visible to it, and the checkpoint passes one only after reading it, so waiting for the
 * checkpoint to reach this position waits for exactly what was committed before (DESIGN §3's gap-safe read).
 */
export async function newestUnread(
  db: Db | Tx,
  source: string,
  name: string,
  streams?: readonly string[],
  /** Only events of these types count (those the consumer applies); the rest change nothing it keeps. */
  types?: readonly string[],
): Promise<LogPosition | undefined> {
  return (await newestUnreadReading(db, source, name, streams, types)).unread;
}

/**
 * `newestUnread`, and `read` run in the same statement, hence the same snapshot: when nothing is unread, its rows
 * reflect every event of those streams (`ConsumerHandle.catchUpReading`).
 */
export async function newestUnreadReading<Row>(
  db: Db | Tx,
  source: string,
  name: string,
  streams?: readonly string[],
  types?: readonly string[],
  read?: RawBuilder<Row>,
): Promise<{ unread?: LogPosition; rows?: Row[] }> {
  const table = sql.raw(`${quoteIdent(source)}.events`);
  try {
    const { rows } = await sql<{ txid: string | null; position: string | null; rows: Row[] | null }>`
      select e.transaction_id::text as txid, e.global_position::text as position,
        ${read ? sql`(select coalesce(json_agg(r), '[]'::json) from (${read}) r)` : sql`null`} as rows
      from (select 1) as one
      left join checkpoints c on c.name = ${name}
      left join lateral (
        select transaction_id, global_position from ${table}
        where (transaction_id, global_position) >
              (coalesce(c.transaction_id, '0'::xid8), coalesce(c.global_position, 0))
          ${streams ? sql`and stream_id = any(${[...streams]}::text[])` : sql``}
          ${types ? sql`and type = any(${[...types]}::text[])` : sql``}
        order by transaction_id desc, global_position desc
        limit 1
      ) e on true`.execute(db);
    const row = rows[0];
    if (!row) return {};
    if (row.txid !== null && row.position !== null) {
      return { unread: { transactionId: row.txid, globalPosition: row.position } };
    }
    return row.rows ? { rows: row.rows } : {};
  } catch (error) {
    if ((error as { code?: string }).code === '42P01') return {};
    throw error;
  }
}

/** The later of two log positions. */
export function laterPosition(a: LogPosition, b: LogPosition): LogPosition {
  return comparePositions(a, b) >= 0 ? a : b;
}
