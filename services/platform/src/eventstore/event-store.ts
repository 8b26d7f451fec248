import { randomUUID } from 'node:crypto';
import type { NewEvent } from '@agora/contracts';
import { type RawBuilder, sql } from 'kysely';
import { type Db, quoteIdent, type Tx } from '../db/database';
import { executePrepared } from '../db/prepared';
import { ClaimTakenOverError, claimInFlight, claimMark, isClaimLost } from '../idempotency/claim-context';
import { first, zip } from '../lists';
import { ConcurrencyError } from './errors';
import {
  type AppendOptions,
  type AppendResult,
  comparePositions,
  type ExpectedVersion,
  type LogPosition,
  type StoredEvent,
} from './types';

/** Channel on which every append announces its producer (a trigger on `events`), to wake consumers. */
export const EVENTS_CHANNEL = 'agora_events';

/** A row of a log as the readers select it (EVENT_COLUMNS). */
export interface EventRow {
  global_position: string;
  /** Text alias, not `transaction_id`: ORDER BY would otherwise bind to the text and sort '10' before '9'. */
  txid: string;
  event_id: string;
  stream_id: string;
  stream_version: number;
  type: string;
  data: unknown;
  metadata: StoredEvent['metadata'];
  created_at: Date;
}

export const EVENT_COLUMNS = sql.raw(
  'global_position, transaction_id::text as txid, event_id, stream_id, stream_version, type, data, metadata, created_at',
);

export function toStoredEvent(source: string, row: EventRow): StoredEvent {
  return {
    id: row.event_id,
    type: row.type,
    streamId: row.stream_id,
    version: row.stream_version,
    occurredAt: row.created_at.toISOString(),
    data: row.data,
    metadata: row.metadata,
    source,
    position: { transactionId: row.txid, globalPosition: String(row.global_position) },
  };
}

function isUniqueViolation(error: unknown): boolean {
  return (error as { code?: string } | null)?.code === '23505';
}

/** An event an import writes: its stream's version and its original time are the source's. */
export interface ImportedEvent<E extends NewEvent = NewEvent> {
  streamId: string;
  version: number;
  type: E['type'];
  data: E['data'];
  occurredAt: string;
  actorId: string | null;
}

/** A new stream's event before it is stored: its id is fixed already, its time will be the statement's `now()`. */
export interface PendingEvent<E extends NewEvent = NewEvent> {
  id: string;
  streamId: string;
  version: number;
  type: E['type'];
  data: E['data'];
}

/** Inline read models written by the statement that appends their events. */
export interface InlineWrites {
  /** Data-modifying common table expressions (`name as (...)`, apart by commas); `now()` is the events' time. */
  ctes: RawBuilder<unknown>;
  /** One value read back from them (a written row as JSON, say), a scalar expression. */
  returning: RawBuilder<unknown>;
}

/**
 * The rows an append writes, as one JSON array (`id`, `n`: the place in the append, `type`, `data`,
 * `metadata`), read by `jsonb_to_recordset`: one parameter, no array literal to escape and parse.
 */
function eventRecords(events: NewEvent[], ids: string[], options: AppendOptions) {
  const correlationId = options.correlationId ?? randomUUID();
  const metadata = events.map((e): StoredEvent['metadata'] => ({
    actorId: options.actorId ?? null,
    correlationId,
    causationId: options.causationId ?? null,
    schemaVersion: options.schemaVersions?.[e.type] ?? 1,
  }));
  const records = events.map((e, i) => ({
    id: ids[i],
    n: i + 1,
    type: e.type,
    data: e.data ?? null,
    metadata: metadata[i],
  }));
  return { json: JSON.stringify(records), metadata };
}

/** The rows of `eventRecords`, as a FROM item `e`. */
const RECORDS = (json: string) =>
  sql`jsonb_to_recordset(${json}::jsonb) as e(id uuid, n int, type text, data jsonb, metadata jsonb)`;

/** The event store of one service: its `events` table (DESIGN §3). */
export class EventStore {
  constructor(
    private readonly db: Db,
    readonly schema: string,
  ) {}

  /**
   * Appends events to a stream if it is still at `expectedVersion`, else throws ConcurrencyError.
   * Runs in the caller's transaction when given one, so inline read models commit with the events.
   */
  async append(
    streamId: string,
    expectedVersion: ExpectedVersion,
    events: NewEvent[],
    options: AppendOptions = {},
    tx?: Tx,
  ): Promise<AppendResult> {
    if (events.length === 0) {
      const version = expectedVersion === 'any' ? await this.currentVersion(streamId, tx) : expectedVersion;
      return { nextExpectedVersion: version, events: [] };
    }
    if (!tx) return this.db.transaction().execute((t) => this.append(streamId, expectedVersion, events, options, t));

    const ids = events.map(() => randomUUID());
    const records = eventRecords(events, ids, options);
    const expected = expectedVersion === 'any' ? null : expectedVersion;
    if (expected === null) {
      // Without an expected version, writers of one stream queue up instead of clashing on the version.
      await sql`select pg_advisory_xact_lock(hashtextextended(${`${this.schema}:${streamId}`}, 0))`.execute(tx);
    }
    // A keyed write's claim is marked committed by this statement, in this transaction (docs/adr/0093-idempotent-writes.md).
    const claim = claimInFlight();
    const mark = claim ? claimMark(claim) : null;
    try {
      // The version check and the insert are one statement; the unique (stream_id, stream_version)
      // index turns a concurrent append at the same version into a conflict for all but one writer.
      const { rows } = await sql<EventRow>`
        with current as (
          select coalesce(max(stream_version), 0) as version from events where stream_id = ${streamId}
        )${mark ? sql`, ${mark.cte}` : sql``}
        insert into events (event_id, stream_id, stream_version, type, data, metadata)
        select e.id, ${streamId}, current.version + e.n, e.type, e.data, e.metadata
        from current, ${RECORDS(records.json)}
        where (${expected}::int is null or current.version = ${expected}::int)${mark ? sql` and ${mark.held}` : sql``}
        returning ${EVENT_COLUMNS}`.execute(tx);
      if (rows.length === 0) throw new ConcurrencyError(streamId, expected ?? -1);
      const stored = rows.map((row) => toStoredEvent(this.schema, row)).sort((a, b) => a.version - b.version);
      return { nextExpectedVersion: stored.at(-1)?.version ?? 0, events: stored };
    } catch (error) {
      if (isUniqueViolation(error)) throw new ConcurrencyError(streamId, expected ?? -1);
      if (isClaimLost(error)) throw new ClaimTakenOverError();
      throw error;
    }
  }

  /** A new stream's events with their ids, for `startStream` and the inline writes that go with them. */
  pendingStream<E extends NewEvent>(streamId: string, events: E[]): PendingEvent<E>[] {
    return events.map((e, i) => ({ id: randomUUID(), streamId, version: i + 1, type: e.type, data: e.data }));
  }

  /**
   * Starts a stream (versions 1..n) and writes the inline read models of its events in the same statement:
   * no transaction around it, one round trip. When the stream exists already, its unique index fails the
   * whole statement, read models included (ConcurrencyError).
   */
  async startStream(
    pending: PendingEvent[],
    options: AppendOptions,
    writes: InlineWrites,
  ): Promise<{ events: StoredEvent[]; inline: unknown }> {
    const streamId = first(pending, 'an event to start a stream with').streamId;
    const records = eventRecords(
      pending,
      pending.map((e) => e.id),
      options,
    );
    // A keyed write's claim is marked committed by this very statement (docs/adr/0093-idempotent-writes.md).
    const claim = claimInFlight();
    const mark = claim ? claimMark(claim) : null;
    try {
      // Only what the database adds is read back; the events themselves are at hand.
      const { rows } = await executePrepared(
        this.db,
        sql<{ global_position: string; txid: string; created_at: Date; inline: unknown }>`
        with ${mark ? sql`${mark.cte}, ` : sql``}appended as (
          insert into events (event_id, stream_id, stream_version, type, data, metadata)
          select e.id, ${streamId}, e.n, e.type, e.data, e.metadata from ${RECORDS(records.json)}
          ${mark ? sql`where ${mark.held}` : sql``}
          returning global_position, transaction_id::text as txid, stream_version, created_at
        ), ${writes.ctes}
        select global_position, txid, created_at, ${writes.returning} as inline
        from appended order by stream_version`,
      );
      const events = zip(zip(pending, records.metadata), rows).map(
        ([[event, metadata], row]): StoredEvent => ({
          id: event.id,
          type: event.type,
          streamId,
          version: event.version,
          occurredAt: row.created_at.toISOString(),
          data: event.data ?? null,
          metadata,
          source: this.schema,
          position: { transactionId: row.txid, globalPosition: String(row.global_position) },
        }),
      );
      return { events, inline: rows[0]?.inline ?? null };
    } catch (error) {
      // Only the events' own index tells that the stream exists; a read model's would be a bug to surface.
      if (isUniqueViolation(error) && (error as { table?: string }).table === 'events') {
        throw new ConcurrencyError(streamId, 0);
      }
      if (isClaimLost(error)) throw new ClaimTakenOverError();
      throw error;
    }
  }

  /**
   * Writes imported events with their original times and versions (docs/adr/0094-importing-a-community.md), many
   * streams in one statement, in the caller's transaction. An event whose stream already has its version is left
   * as it is (an import run again, or resumed), so only what was written is returned, for the inline read models.
   */
  async appendImported(tx: Tx, events: ImportedEvent[], run: string): Promise<StoredEvent[]> {
    if (events.length === 0) return [];
    // In the caller's order: a stream's versions in turn, and across streams the order they happened in.
    const records = events.map((e, n) => ({
      id: randomUUID(),
      n,
      stream: e.streamId,
      version: e.version,
      type: e.type,
      data: e.data ?? null,
      metadata: {
        actorId: e.actorId,
        correlationId: run,
        causationId: null,
        schemaVersion: 1,
        imported: true,
      } satisfies StoredEvent['metadata'],
      at: e.occurredAt,
    }));
    const { rows } = await sql<EventRow>`
      insert into events (event_id, stream_id, stream_version, type, data, metadata, created_at)
      select e.id, e.stream, e.version, e.type, e.data, e.metadata, e.at
      from jsonb_to_recordset(${JSON.stringify(records)}::jsonb)
        as e(id uuid, n int, stream text, version int, type text, data jsonb, metadata jsonb, at timestamptz)
      order by e.n
      on conflict (stream_id, stream_version) do nothing
      returning ${EVENT_COLUMNS}`.execute(tx);
    return rows.map((row) => toStoredEvent(this.schema, row)).sort((a, b) => comparePositions(a.position, b.position));
  }

  async readStream(streamId: string, options: { fromVersion?: number } = {}, tx?: Tx): Promise<StoredEvent[]> {
    const { rows } = await sql<EventRow>`
      select ${EVENT_COLUMNS} from events
      where stream_id = ${streamId} and stream_version >= ${options.fromVersion ?? 1}
      order by stream_version`.execute(tx ?? this.db);
    return rows.map((row) => toStoredEvent(this.schema, row));
  }

  async currentVersion(streamId: string, tx?: Tx): Promise<number> {
    const { rows } = await sql<{ version: number }>`
      select coalesce(max(stream_version), 0)::int as version from events where stream_id = ${streamId}`.execute(
      tx ?? this.db,
    );
    return rows[0]?.version ?? 0;
  }

  /** The last version of each stream named (0 for a stream with no event yet), in one query. */
  async currentVersions(streamIds: readonly string[], tx?: Tx): Promise<Map<string, number>> {
    const versions = new Map(streamIds.map((id) => [id, 0]));
    if (versions.size === 0) return versions;
    const { rows } = await sql<{ stream_id: string; version: number }>`
      select stream_id, max(stream_version)::int as version from events
      where stream_id = any(${[...versions.keys()]}::text[]) group by stream_id`.execute(tx ?? this.db);
    for (const row of rows) versions.set(row.stream_id, row.version);
    return versions;
  }
}

export interface GlobalReadResult {
  events: StoredEvent[];
  /** Events exist past the fence: committed by transactions newer than the oldest one still running. */
  pendingBehindFence: boolean;
}

/** Where a read of the log starts, as a one-row `select` of `txid` and `position`: a position, or a checkpoint's. */
export function startingPoint(after: LogPosition | { checkpoint: string }) {
  return 'checkpoint' in after
    ? sql`select coalesce(c.transaction_id, '0'::xid8) as txid, coalesce(c.global_position, 0) as position
          from (select 1) as one left join checkpoints c on c.name = ${after.checkpoint}`
    : sql`select ${after.transactionId}::xid8 as txid, ${after.globalPosition}::bigint as position`;
}

/**
 * Reads up to `limit` events of a producer's log (`source` is its schema) after a position, or after the
 * one a checkpoint of the reader's `checkpoints` table holds, in commit-safe order, from any connection.
 * Only transactions older than the oldest still running are read, so an event that a slower transaction
 * commits later can never be skipped by a checkpoint that moved past it; `pendingBehindFence` tells that
 * such newer events exist. The position, the events and the head of the log come from one statement.
 */
/**
 * The gap-safe fence (docs/adr/0034-consumers-read-the-log-in-one-statement.md): only entries of transactions older
 * than the oldest one still running, so a slower transaction that commits later never lands behind a reader.
 */
export const BEFORE_FENCE = sql`transaction_id < pg_snapshot_xmin(pg_current_snapshot())`;

/**
 * The log's last entry in index order as a lateral join (`head_txid`, `head_position`): one index entry, whatever
 * the planner's statistics say (an EXISTS over the same range seq-scans the table while statistics are stale, as
 * after a bulk load).
 */
export const logHeadJoin = (table: RawBuilder<unknown>) => sql`left join lateral (
      select transaction_id::text as head_txid, global_position::text as head_position from ${table}
      order by transaction_id desc, global_position desc limit 1
    ) h on true`;

/** The columns a read with `startingPoint` and `logHeadJoin` answers besides its events. */
export interface ReadBounds {
  after_txid: string;
  after_position: string;
  head_txid: string | null;
  head_position: string | null;
}

/** Whether the log holds entries past `from` (or past where the read started): committed behind the fence. */
export function pendingPast(read: ReadBounds, from: LogPosition | null | undefined): boolean {
  const start = from ?? { transactionId: read.after_txid, globalPosition: read.after_position };
  if (read.head_txid === null || read.head_position === null) return false;
  return comparePositions({ transactionId: read.head_txid, globalPosition: read.head_position }, start) > 0;
}

export async function readLogAfter(
  db: Db | Tx,
  source: string,
  after: LogPosition | { checkpoint: string },
  limit: number,
): Promise<GlobalReadResult> {
  const table = sql.raw(`${quoteIdent(source)}.events`);
  const { rows } = await sql<Partial<EventRow> & ReadBounds>`
    with after as (${startingPoint(after)})
    select a.txid::text as after_txid, a.position::text as after_position, h.head_txid, h.head_position, e.*
    from after a
    ${logHeadJoin(table)}
    left join lateral (
      select transaction_id as log_order, ${EVENT_COLUMNS} from ${table}
      where (transaction_id, global_position) > (a.txid, a.position) and ${BEFORE_FENCE}
      order by transaction_id, global_position
      limit ${limit}
    ) e on true
    order by e.log_order, e.global_position`.execute(db);
  const read = first(rows, 'the position read with the log');
  const events = rows.filter((row) => row.event_id != null).map((row) => toStoredEvent(source, row as EventRow));
  if (events.length === limit) return { events, pendingBehindFence: false };
  return { events, pendingBehindFence: pendingPast(read, events.at(-1)?.position) };
}

/** The newest position of a log, for lag figures. */
export async function headOfLog(db: Db | Tx, source: string): Promise<string> {
  const table = sql.raw(`${quoteIdent(source)}.events`);
  const { rows } = await sql<{ head: string | null }>`select max(global_position)::text as head from ${table}`.execute(
    db,
  );
  return rows[0]?.head ?? '0';
}
