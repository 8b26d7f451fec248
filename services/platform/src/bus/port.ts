import type { RawBuilder } from 'kysely';
import type { ServiceDatabase, Tx } from '../db/database';
import type { StoredEvent } from '../eventstore/types';

/**
 * Applies a batch of events inside the consumer's transaction. The bus commits its position in that
 * same transaction, so a read model and the position that produced it can never disagree.
 * A handler that cannot apply the batch whole throws `ReplayEventByEvent`: the bus rolls the transaction
 * back and at once hands it the same position again with `eventByEvent` set (see withEventByEventReplay).
 */
export type BatchHandler = (tx: Tx, events: StoredEvent[], mode?: { eventByEvent: boolean }) => Promise<void>;

/** Thrown by a batch handler whose batch failed whole for a reason other than a transient database error. */
export class ReplayEventByEvent extends Error {
  constructor(cause: unknown) {
    super('the batch failed whole: replay it event by event', { cause });
    this.name = 'ReplayEventByEvent';
  }
}

/**
 * Runs a consumer's transaction, and once more event by event when its handler asked for that. Trying
 * the batch whole first without a savepoint keeps the common case at the fewest statements.
 */
export async function withEventByEventReplay<T>(run: (mode: { eventByEvent: boolean }) => Promise<T>): Promise<T> {
  try {
    return await run({ eventByEvent: false });
  } catch (error) {
    if (!(error instanceof ReplayEventByEvent)) throw error;
    return run({ eventByEvent: true });
  }
}

export interface ConsumeOptions {
  /** Consumer group: one logical reader, however many replicas run it. Unique per consuming service. */
  group: string;
  /** The producing service (its schema and topic name). */
  source: string;
  /** The consuming service's database: read model and position live there. */
  consumer: ServiceDatabase;
  handleBatch: BatchHandler;
  /**
   * The event types the consumer applies, when it applies only some: appends of other types need not wake
   * it (it still reads past them, at the latest on its next poll).
   */
  types?: readonly string[];
  batchSize?: number;
  /**
   * For a read model no reply waits on (the admin dashboard's counts): after a batch it lets this long pass before
   * the next, so that what arrives meanwhile goes in one transaction, not one per write. A catch-up or a stop
   * cuts the pause short. The PostgreSQL log's consumers honour it; Kafka's batch by their fetches.
   */
  lingerMs?: number;
  /** Called after each transaction that applied events has committed. */
  afterCommit?: () => void;
  /** Called when a message cannot even be decoded into an event (Kafka only). */
  onUndecodable?: (tx: Tx, raw: string, error: Error) => Promise<void>;
}

export interface CatchUpOptions {
  /** Only events of these streams matter (the object a command names, say); every event when absent. */
  streams?: readonly string[];
  timeoutMs: number;
  /**
   * With it, `timeoutMs` bounds only a wait in which the consumer does not move: while it applies events the wait
   * goes on, up to this in all (a consumer working through a backlog is behind, not stuck).
   */
  maxMs?: number;
  /**
   * How often to look at the stored position while another replica is the one applying: CROSS_REPLICA_RECHECK_MS
   * unless the caller reads the database itself after the wait, not a cache (FRESH_READ_RECHECK_MS).
   */
  recheckMs?: number;
}

export interface ConsumerHandle {
  stop(): Promise<void>;
  pause(): void;
  resume(): void;
  readonly paused: boolean;
  /**
   * Waits until the group has applied every event of its source that was on the bus when called (of
   * `streams` only, when given): true then, false if `timeoutMs` passed first. Woken by the group's
   * commits, so it answers at once when nothing is unread (docs/adr/0044-catching-up.md).
   */
  catchUp(options: CatchUpOptions): Promise<boolean>;
  /**
   * As `catchUp`, with `read` (a query of the consumer's database) run in the same statement as the first look:
   * when that look finds nothing unread, `rows` is what the read saw in the snapshot that found it, so a command that
   * reads after catching up pays one round trip, not two. `rows` is absent when the caller must read afterwards (the
   * group had to be waited for). The PostgreSQL log only; where absent, callers catch up and then read.
   */
  catchUpReading?<Row>(options: CatchUpOptions, read: RawBuilder<Row>): Promise<CaughtUpReading<Row>>;
}

/** What `catchUpReading` found: whether the group caught up, and the read when made in the same snapshot. */
export interface CaughtUpReading<Row> {
  caughtUp: boolean;
  /**
   * The read's rows as the statement carried them, as JSON (`json_agg`): text, numbers, booleans and nulls come back
   * as they are, timestamps as ISO strings and bigints as numbers, so a read meant for this names columns of the first
   * kinds.
   */
  rows?: Row[];
}

export interface PublisherHandle {
  stop(): Promise<void>;
  /**
   * Waits until every event the producer had committed when called is on the bus (its relay published
   * it): true then, false if `timeoutMs` passed first. The PostgreSQL log is its own bus: always true.
   */
  published(timeoutMs: number): Promise<boolean>;
}

/**
 * Where a reader stands in one source's log, in the bus's own spelling (docs/adr/0099-live-pages.md): on the
 * PostgreSQL log the position of the last event read (`txid:global_position`), on Kafka each partition's next offset
 * (comma-separated, partition 0 first). Positions are the log's, so any process of any replica reads them alike.
 */
export type SourceCursor = string;
/** A cursor per source. */
export type BusCursor = Record<string, SourceCursor>;

/** An event as a follower or a replay hands it over: with where it sits and the cursor just past it. */
export interface FollowedEvent {
  event: StoredEvent;
  /** Where the event sits in its source's log (`cursors.isAfter` compares it with a cursor). */
  mark: string;
  /** The source's cursor just past this event. */
  cursor: SourceCursor;
}

export interface FollowOptions {
  sources: readonly string[];
  /** Only events of these types are handed over; the cursor still moves past the others. */
  types?: readonly string[];
  /** Per source, the cursor to start after; a source not named starts at its log's current end. */
  after?: BusCursor;
  /**
   * One source's next events in log order, and its cursor after them (past them when it read past entries of other
   * types, with `events` then possibly empty). Called again only after it returned.
   */
  deliver(source: string, events: FollowedEvent[], cursor: SourceCursor): void;
  /**
   * Events already committed past the fence (a slower transaction still running may yet commit an older one), handed
   * over at once and once: `deliver` hands them over again, in order, when the fence has passed them. The PostgreSQL
   * log only (on Kafka the relay publishes in order).
   */
  early?(source: string, events: FollowedEvent[]): void;
}

export interface FollowerHandle {
  /** Each source's cursor where the follower started: nothing at or before it is delivered. */
  readonly started: BusCursor;
  stop(): Promise<void>;
}

export interface ReplayOptions {
  /** The last place to read: the cursor a follower started at, say (inclusive). */
  until: SourceCursor;
  types?: readonly string[];
  /** More events than this between the two cursors (of every type): answered `tooFar` without them. */
  limit: number;
}

/** A replay's answer: the events after `from` up to `until`, or that the log cannot give them within the bound. */
export type ReplayResult = { tooFar: false; events: FollowedEvent[] } | { tooFar: true };

/** How the bus compares its cursors and marks (the same in every process: they are the log's positions). */
export interface CursorOrder {
  /** Whether a cursor is spelled as this bus spells them. */
  valid(cursor: string): boolean;
  /** Whether an event (its mark) lies after a cursor. */
  isAfter(mark: string, cursor: SourceCursor): boolean;
  /** Whether cursor `a` is at or past `b`: every event at or before `b` is at or before `a`. */
  reaches(a: SourceCursor, b: SourceCursor): boolean;
  /** A cursor both `a` and `b` reach: what is after it holds what is after either. */
  earliest(a: SourceCursor, b: SourceCursor): SourceCursor;
}

/** How events travel between services (DESIGN §3): the PostgreSQL log itself, or Kafka via an outbox relay. */
export interface EventBus {
  readonly kind: 'postgres' | 'kafka';
  /** Makes a producing service's appended events visible to other services. */
  publish(producer: ServiceDatabase): Promise<PublisherHandle>;
  consume(options: ConsumeOptions): Promise<ConsumerHandle>;
  /**
   * Holds off the group's live consumers (any replica, any process) until `tx` ends, so that events
   * applied in `tx` (set-aside events retried) are not applied concurrently by the group.
   */
  holdGroup(tx: Tx, consumer: ServiceDatabase, group: string, source: string): Promise<void>;
  /** Forgets a group's position so that it reads from the start (used by a rebuild; the group must be stopped). */
  resetPosition(consumer: ServiceDatabase, group: string, source: string): Promise<void>;
  /** How many events the group has still to read: of `types` only, when given (those it would apply). */
  lag(consumer: ServiceDatabase, group: string, source: string, types?: readonly string[]): Promise<number>;
  /**
   * Follows sources' logs from a cursor (or their current end) for as long as it runs: no consumer group, no
   * checkpoint, each process its own (the gateway's live pages, docs/adr/0099-live-pages.md).
   */
  follow(options: FollowOptions): Promise<FollowerHandle>;
  /** Reads one source's log between two cursors, bounded: what a follower had not been running for. */
  replay(source: string, from: SourceCursor, options: ReplayOptions): Promise<ReplayResult>;
  /**
   * The cursor about `events` entries of the log before `until` (at most so many; the log's start when it holds
   * fewer): where a replay starts that reads the recent past (a follower's memory warmed at its start).
   */
  cursorBefore(source: string, until: SourceCursor, events: number): Promise<SourceCursor>;
  readonly cursors: CursorOrder;
  close(): Promise<void>;
}
