import { setTimeout as sleep } from 'node:timers/promises';
import { type RawBuilder, sql } from 'kysely';
import pg from 'pg';
import type { Logger } from 'pino';
import { connectDatabase, type ServiceDatabase, type Tx } from '../../db/database';
import { isTransientDatabaseError, retryDelayMs } from '../../db/transient-errors';
import { isDatabaseUnavailable } from '../../db/unavailable';
import { EVENTS_CHANNEL, readLogAfter } from '../../eventstore/event-store';
import { readTypesAfter, type TypedReadResult } from '../../eventstore/typed-log-read';
import { comparePositions, LOG_START, type LogPosition } from '../../eventstore/types';
import { projectionBatchDuration } from '../../observability/metrics';
import {
  countAfter,
  laterPosition,
  newestUnread,
  newestUnreadReading,
  readCheckpoint,
  writeCheckpoint,
} from '../checkpoints';
import { takeGroupTurn, tryGroupTurn } from '../group-turn';
import {
  type CatchUpOptions,
  type ConsumeOptions,
  type ConsumerHandle,
  type EventBus,
  type FollowerHandle,
  type FollowOptions,
  type PublisherHandle,
  type ReplayOptions,
  type ReplayResult,
  type SourceCursor,
  withEventByEventReplay,
} from '../port';
import { CROSS_REPLICA_RECHECK_MS, Progress } from '../progress';
import { concerns, parseEventsNotification, Wakeup } from '../wakeup';
import { logCursorOrder } from './log-cursors';
import { followLog, positionBefore, replayLog } from './log-follower';

export interface PostgresBusOptions {
  /** A connection for LISTEN; consumers read through their own service's pool. */
  databaseUrl: string;
  log: Logger;
  /**
   * How often consumers look at the log while the LISTEN connection is down. While it listens they wait
   * for notifications only: every append notifies (a statement trigger), and listening again wakes them all.
   */
  pollIntervalMs?: number;
}

const UNDEFINED_TABLE = '42P01';
/** How soon a lost LISTEN connection, or a consumer that found the database unreachable, tries again. */
const RELISTEN_MS = 1000;
const UNREACHABLE_RETRY_MS = 1000;

/**
 * The next batch of a group: only the types it applies, read past the others in the database, when it names them
 * (docs/adr/0097-typed-log-reads.md); the whole log otherwise.
 */
async function readForGroup(tx: Tx, options: ConsumeOptions, batchSize: number): Promise<TypedReadResult> {
  const after = { checkpoint: options.group };
  if (options.types) return readTypesAfter(tx, options.source, after, options.types, batchSize);
  const { events, pendingBehindFence } = await readLogAfter(tx, options.source, after, batchSize);
  return { events, readTo: events.at(-1)?.position ?? null, full: events.length === batchSize, pendingBehindFence };
}

/**
 * The embedded bus: a consumer reads the producer's event table directly with the gap-safe query,
 * woken by LISTEN/NOTIFY, with polling as the fallback while the listening connection is down
 * (docs/adr/0048-idle-costs-nothing.md). Requires every service in one database.
 */
export class PostgresEventBus implements EventBus {
  readonly kind = 'postgres' as const;
  readonly cursors = logCursorOrder;
  /** The followers' and replays' own small pool, opened by the first of them. */
  private readers: ServiceDatabase | null = null;
  /** Per producing schema: each consumer's latch and the types it applies (null: all). */
  private readonly wakeups = new Map<string, Map<Wakeup, ReadonlySet<string> | null>>();
  private listener: pg.Client | null = null;
  private listening: Promise<void> | null = null;
  private closed = false;
  private listenerDown = false;
  private readonly pollIntervalMs: number;
  /** Every consumer's latch, to wake them all when listening stops or starts. */
  private readonly allWakeups = new Set<Wakeup>();

  constructor(private readonly options: PostgresBusOptions) {
    this.pollIntervalMs = options.pollIntervalMs ?? 1000;
  }

  async publish(): Promise<PublisherHandle> {
    // The producer's table is the log: nothing to relay.
    return { stop: async () => {}, published: async () => true };
  }

  private listen(): Promise<void> {
    if (this.closed) return Promise.resolve();
    if (this.listening) return this.listening;
    this.listening = (async () => {
      const client = new pg.Client({
        connectionString: this.options.databaseUrl,
        application_name: 'agora-bus-listener',
        // Consumers trust this connection to wake them: a connection that died silently is found out.
        keepAlive: true,
        keepAliveInitialDelayMillis: 10_000,
      });
      client.on('notification', (message) => {
        const { source, types } = parseEventsNotification(message.payload ?? '');
        for (const [wakeup, applies] of this.wakeups.get(source) ?? []) if (concerns(applies, types)) wakeup.wake();
      });
      let listening = false;
      let lost = false;
      const onLost = (error?: Error) => {
        // A failed connect is handled below; a close is no loss.
        if (!listening || lost || this.closed) return;
        lost = true;
        this.options.log.warn({ err: error }, 'event bus listener lost its connection; polling until it is back');
        this.listenerDown = true;
        this.listener = null;
        this.listening = null;
        client.end().catch(() => {});
        // Consumers waiting for a notification go over to polling.
        this.wakeAll();
        setTimeout(() => void this.listen(), RELISTEN_MS).unref();
      };
      client.on('error', onLost);
      client.on('end', () => onLost(new Error('the listening connection ended')));
      try {
        await client.connect();
        await client.query(`listen ${EVENTS_CHANNEL}`);
      } catch (error) {
        await client.end().catch(() => {});
        throw error;
      }
      listening = true;
      this.listener = client;
      if (this.listenerDown) this.options.log.info('event bus listener is back');
      this.listenerDown = false;
      // Appends made while nobody listened notified no one: every consumer looks now.
      this.wakeAll();
    })().catch((error) => {
      this.listening = null;
      // Consumers poll meanwhile; keep trying until the database is back (logged once per outage).
      if (!this.listenerDown) this.options.log.warn({ err: error }, 'event bus listener could not connect; polling');
      this.listenerDown = true;
      if (!this.closed) setTimeout(() => void this.listen(), RELISTEN_MS).unref();
    });
    return this.listening;
  }

  private wakeAll(): void {
    for (const wakeup of this.allWakeups) wakeup.wake();
  }

  /**
   * A consumer with nothing to read waits for a notification; only while nobody listens does it look again
   * every `pollIntervalMs`. A wake-up while it works is remembered (Wakeup), so nothing is missed between its
   * read and its wait; losing or regaining the connection wakes every consumer.
   */
  private idle(wakeup: Wakeup): Promise<void> {
    return wakeup.wait(this.listener ? undefined : this.pollIntervalMs);
  }

  async consume(options: ConsumeOptions): Promise<ConsumerHandle> {
    await this.listen();
    const wakeup = new Wakeup();
    this.allWakeups.add(wakeup);
    const set = this.wakeups.get(options.source) ?? new Map();
    set.set(wakeup, options.types ? new Set(options.types) : null);
    this.wakeups.set(options.source, set);

    const batchSize = options.batchSize ?? 500;
    const log = this.options.log.child({ group: options.group, source: options.source });
    let stopped = false;
    let paused = false;
    /** Cuts a linger short: someone waits for this consumer (a catch-up), or it stops. */
    const hurry = new Wakeup();
    const progress = new Progress<LogPosition>(LOG_START, laterPosition);

    // One replica of a group works at a time: the others find the lock taken and wait.
    const step = () =>
      withEventByEventReplay((mode) =>
        options.consumer.db.transaction().execute(async (tx) => {
          if (!(await tryGroupTurn(tx, options.consumer.schema, options.group))) {
            return { full: false, pending: false, last: null };
          }
          const { events, readTo, full, pendingBehindFence } = await readForGroup(tx, options, batchSize);
          if (readTo) {
            const timer = projectionBatchDuration.startTimer({ projection: options.group });
            if (events.length > 0) await options.handleBatch(tx, events, mode);
            await writeCheckpoint(tx, options.group, readTo);
            timer();
          }
          return { full, pending: pendingBehindFence, last: readTo };
        }),
      );

    // The step under way, until what it committed is done with in memory (caches told, progress advanced).
    let stepping: Promise<unknown> | null = null;
    const stepAndSettle = async () => {
      const settled = step().then((result) => {
        if (result.last) {
          options.afterCommit?.();
          progress.advance(result.last);
        }
        return result;
      });
      stepping = settled;
      try {
        return await settled;
      } finally {
        if (stepping === settled) stepping = null;
      }
    };

    const loop = async () => {
      let failures = 0;
      let fenceWaits = 0;
      while (!stopped) {
        if (paused) {
          // Resuming wakes it.
          await wakeup.wait();
          continue;
        }
        try {
          const { full, pending, last } = await stepAndSettle();
          failures = 0;
          if (last) {
            fenceWaits = 0;
            // A short batch read the log to its end: anything committed since has notified the wake-up,
            // which remembers it, so waiting costs nothing and saves reading an empty log again.
            if (full) continue;
            if (options.lingerMs) await hurry.wait(options.lingerMs);
          }
          if (pending) {
            // Newer events wait on an older transaction still running somewhere: look again shortly.
            fenceWaits = Math.min(fenceWaits + 1, 6);
            await sleep(2 ** fenceWaits);
            continue;
          }
          fenceWaits = 0;
          await this.idle(wakeup);
        } catch (error) {
          if (stopped) break;
          if ((error as { code?: string }).code === UNDEFINED_TABLE) {
            // The producing service has not created its log yet (it starts later, or is not deployed): wait for
            // it quietly. Its first append notifies (the trigger is made with the table).
            if (failures++ === 0) log.info('waiting for the source service to create its event log');
            await this.idle(wakeup);
            continue;
          }
          failures++;
          // With the database gone, look again every second: the consumer resumes as soon as it is back.
          const unreachable = isDatabaseUnavailable(error);
          const delayMs = unreachable ? Math.min(retryDelayMs(failures), UNREACHABLE_RETRY_MS) : retryDelayMs(failures);
          if (unreachable) {
            if (failures === 1) log.warn({ err: error }, 'database unreachable; consumer retries until it is back');
          } else if (isTransientDatabaseError(error)) {
            log.warn(
              { err: error, failures, delayMs },
              'consumer batch hit a transient database error; retrying it whole',
            );
          } else {
            log.error({ err: error, failures, delayMs }, 'consumer batch failed; retrying');
          }
          await sleep(delayMs);
        }
      }
    };
    const running = loop();

    /** Waits until the group's position has passed `target`, woken by its commits and looking now and then. */
    const waitFor = (target: LogPosition, { timeoutMs, recheckMs, maxMs }: CatchUpOptions) => {
      // Its types may not have woken the consumer (it reads past those on its next useful batch).
      wakeup.wake();
      hurry.wake();
      return progress.until(
        (position) => comparePositions(position, target) >= 0,
        timeoutMs,
        {
          everyMs: recheckMs ?? CROSS_REPLICA_RECHECK_MS,
          read: () => readCheckpoint(options.consumer.db, options.group),
        },
        maxMs,
      );
    };
    const catchUp = async (catchUpOptions: CatchUpOptions) => {
      const target = await newestUnread(
        options.consumer.db,
        options.source,
        options.group,
        catchUpOptions.streams,
        options.types,
      );
      if (!target) {
        // The checkpoint has passed everything, but a step of this process may have committed it and not yet
        // told its caches: a read made now would still be answered from before the commit.
        const inFlight = stepping;
        if (inFlight) {
          let timer: NodeJS.Timeout | undefined;
          const bound = new Promise<void>((resolve) => {
            timer = setTimeout(resolve, catchUpOptions.timeoutMs);
          });
          await Promise.race([inFlight.catch(() => {}), bound]);
          clearTimeout(timer);
        }
        return true;
      }
      return waitFor(target, catchUpOptions);
    };

    return {
      get paused() {
        return paused;
      },
      pause: () => {
        paused = true;
      },
      resume: () => {
        paused = false;
        wakeup.wake();
      },
      catchUp,
      catchUpReading: async <Row>(catchUpOptions: CatchUpOptions, read: RawBuilder<Row>) => {
        const first = await newestUnreadReading(
          options.consumer.db,
          options.source,
          options.group,
          catchUpOptions.streams,
          options.types,
          read,
        );
        // Nothing unread in the read's own snapshot: the read is current (a step of this process still telling its
        // caches does not matter to a read of the database).
        if (!first.unread) return { caughtUp: true, ...(first.rows ? { rows: first.rows } : {}) };
        return { caughtUp: await waitFor(first.unread, catchUpOptions) };
      },
      stop: async () => {
        stopped = true;
        wakeup.wake();
        hurry.wake();
        await running;
        set.delete(wakeup);
        this.allWakeups.delete(wakeup);
      },
    };
  }

  async holdGroup(tx: Tx, consumer: ServiceDatabase, group: string): Promise<void> {
    await takeGroupTurn(tx, consumer.schema, group);
  }

  async resetPosition(consumer: ServiceDatabase, group: string): Promise<void> {
    await sql`delete from checkpoints where name = ${group}`.execute(consumer.db);
  }

  async lag(consumer: ServiceDatabase, group: string, source: string, types?: readonly string[]): Promise<number> {
    return countAfter(consumer.db, source, await readCheckpoint(consumer.db, group), types);
  }

  private readerPool(): ServiceDatabase {
    this.readers ??= connectDatabase({
      url: this.options.databaseUrl,
      schema: 'public',
      maxConnections: 2,
      applicationName: 'agora-bus-follower',
    });
    return this.readers;
  }

  async follow(options: FollowOptions): Promise<FollowerHandle> {
    await this.listen();
    return followLog(
      {
        db: this.readerPool().db,
        log: this.options.log,
        newWakeup: () => new Wakeup(),
        idle: (wakeup) => this.idle(wakeup),
        watch: (source, types, wakeup) => {
          this.allWakeups.add(wakeup);
          const set = this.wakeups.get(source) ?? new Map();
          set.set(wakeup, types ? new Set(types) : null);
          this.wakeups.set(source, set);
          return () => {
            set.delete(wakeup);
            this.allWakeups.delete(wakeup);
          };
        },
      },
      options,
    );
  }

  replay(source: string, from: SourceCursor, options: ReplayOptions): Promise<ReplayResult> {
    return replayLog(this.readerPool().db, source, from, options);
  }

  cursorBefore(source: string, until: SourceCursor, events: number): Promise<SourceCursor> {
    return positionBefore(this.readerPool().db, source, until, events);
  }

  async close(): Promise<void> {
    this.closed = true;
    // Consumers still running (a close before their stop) must not wait for a notification that never comes.
    this.wakeAll();
    const listener = this.listener;
    this.listener = null;
    await listener?.end().catch(() => {});
    const readers = this.readers;
    this.readers = null;
    await readers?.close().catch(() => {});
  }
}
