import { setTimeout as sleep } from 'node:timers/promises';
import { type RawBuilder, sql } from 'kysely';
import type { Logger } from 'pino';
import type { CatchUpOptions, CaughtUpReading, ConsumerHandle, EventBus } from '../bus/port';
import type { ServiceDatabase } from '../db/database';
import { isDatabaseUnavailable } from '../db/unavailable';
import { collectOnScrape, projectionLag, projectionParked } from '../observability/metrics';
import { parkEvent, projectionBatchHandler, takeLockGroup } from './batch-handler';
import type { Projection } from './projection';
import { type RetryOutcome, retryParkedEvents } from './retry-parked';

/** How long one round of the start's catch-up waits before it says how far behind a projection still is. */
const STARTUP_CATCH_UP_ROUND_MS = 5_000;

export type { RetryOutcome };

export interface ProjectionStatus {
  name: string;
  source: string;
  running: boolean;
  paused: boolean;
  lag: number;
  deadLetters: number;
}

export interface ProjectionRunnerOptions {
  bus: EventBus;
  database: ServiceDatabase;
  projections: readonly Projection[];
  log: Logger;
  batchSize?: number;
  /**
   * Events per batch for every projection, over its own `batchSize`: for a catch-up no reply waits on (an import's,
   * docs/capacity.md §9), where larger batches mean fewer statements per event through `applyBatch`.
   */
  bulkBatchSize?: number;
  /** After each batch's transaction commits (caches learn their read models changed), with its topic tables. */
  onCommitted?: (topics: readonly string[]) => void;
  /** After a batch of a keyed projection commits: the keys its events changed (see Projection.keyed). */
  onKeysCommitted?: (topic: string, keys: readonly string[]) => void;
}

/**
 * What readiness reports while events are set aside (docs/adr/0005-projection-batches.md): the service
 * serves, but some read models miss those events until `projections retry` applies them.
 */
export function parkedSummary(parked: ReadonlyMap<string, number>): Record<string, unknown> | null {
  if (parked.size === 0) return null;
  let total = 0;
  for (const n of parked.values()) total += n;
  return {
    parkedEvents: total,
    parked: Object.fromEntries(parked),
    action: 'fix the cause (see the log), then run `npm run agora -- projections retry`',
  };
}

/** Runs a service's asynchronous projections on the bus: start, pause, resume, rebuild, lag. */
export class ProjectionRunner {
  private readonly consumers = new Map<string, ConsumerHandle>();
  private readonly byName: Map<string, Projection>;
  private stopCollecting: (() => void) | null = null;

  constructor(private readonly options: ProjectionRunnerOptions) {
    this.byName = new Map(options.projections.map((p) => [p.name, p]));
    if (this.byName.size !== options.projections.length) throw new Error('Projection names must be unique');
  }

  get names(): string[] {
    return [...this.byName.keys()];
  }

  private projection(name: string): Projection {
    const projection = this.byName.get(name);
    if (!projection) throw new Error(`No projection named ${name} in ${this.options.database.schema}`);
    return projection;
  }

  async start(): Promise<void> {
    const { rows } = await sql<{ name: string }>`select name from projection_state where paused`.execute(
      this.options.database.db,
    );
    const paused = new Set(rows.map((r) => r.name));
    for (const projection of this.options.projections) {
      await this.startOne(projection);
      if (paused.has(projection.name)) this.consumers.get(projection.name)?.pause();
    }
    // Lag and set-aside counts are read when the metrics are.
    this.stopCollecting = collectOnScrape(() => this.refreshLagMetrics());
    this.startedUp = this.catchUpWithStart();
  }

  private caughtUpWithStart = false;
  private stopping = false;
  /** Settles once every running projection has applied what its source held when it started. */
  startedUp: Promise<void> = Promise.resolve();

  /**
   * Whether every projection not paused has applied what its source had committed when this instance started:
   * until then the service is not ready, so it takes no command that depends on them
   * (docs/adr/0092-ready-when-caught-up.md).
   */
  get caughtUpSinceStart(): boolean {
    return this.caughtUpWithStart;
  }

  private async catchUpWithStart(): Promise<void> {
    const started = Date.now();
    await Promise.all(
      [...this.consumers].map(async ([name, consumer]) => {
        for (let attempt = 1; !this.stopping && !consumer.paused; attempt++) {
          try {
            if (await consumer.catchUp({ timeoutMs: STARTUP_CATCH_UP_ROUND_MS, maxMs: STARTUP_CATCH_UP_ROUND_MS }))
              return;
            const lag = await this.lagOf(name).catch(() => null);
            this.options.log.info({ projection: name, lag }, 'projection still catching up with the log as of start');
          } catch (error) {
            // A source that has no log yet (not deployed, or starting later) has nothing to catch up with.
            if (!isDatabaseUnavailable(error)) return;
            await sleep(Math.min(1000 * attempt, 5000));
          }
        }
      }),
    );
    if (this.stopping) return;
    this.caughtUpWithStart = true;
    const ms = Date.now() - started;
    if (ms > STARTUP_CATCH_UP_ROUND_MS) this.options.log.info({ ms }, 'projections caught up with the log as of start');
  }

  private async startOne(projection: Projection): Promise<void> {
    const { bus, database, log } = this.options;
    const apply = projectionBatchHandler(projection, { log });
    const understood = new Set(projection.events.map((event) => event.type));
    // Caches hear of a committed batch only when it held events this projection applies.
    let changed = false;
    const keys = new Set<string>();
    const handle = await bus.consume({
      group: projection.name,
      source: projection.source,
      consumer: database,
      types: [...understood],
      batchSize: this.options.bulkBatchSize ?? projection.batchSize ?? this.options.batchSize ?? 500,
      ...(projection.lingerMs ? { lingerMs: projection.lingerMs } : {}),
      handleBatch: async (tx, events, mode) => {
        changed = events.some((event) => understood.has(event.type));
        keys.clear();
        if (projection.keyed) {
          for (const event of events) {
            const key = understood.has(event.type) ? projection.keyed.keyOf(event) : undefined;
            if (key !== undefined) keys.add(key);
          }
        }
        await apply(tx, events, mode);
      },
      afterCommit: () => {
        if (changed) this.options.onCommitted?.(projection.topics ?? []);
        if (projection.keyed && keys.size > 0) this.options.onKeysCommitted?.(projection.keyed.topic, [...keys]);
        changed = false;
        keys.clear();
      },
      onUndecodable: (tx, raw, error) =>
        parkEvent(tx, projection.name, projection.source, { payload: { raw } }, error, 0),
    });
    this.consumers.set(projection.name, handle);
  }

  private async setPaused(name: string, paused: boolean): Promise<void> {
    await sql`
      insert into projection_state (name, paused, updated_at) values (${name}, ${paused}, now())
      on conflict (name) do update set paused = excluded.paused, updated_at = now()`.execute(this.options.database.db);
  }

  async pause(name: string): Promise<void> {
    this.projection(name);
    await this.setPaused(name, true);
    this.consumers.get(name)?.pause();
  }

  async resume(name: string): Promise<void> {
    this.projection(name);
    await this.setPaused(name, false);
    this.consumers.get(name)?.resume();
  }

  /** Replays a projection from position zero into emptied tables. */
  async rebuild(name: string): Promise<void> {
    const projection = this.projection(name);
    const running = this.consumers.get(name);
    await running?.stop();
    this.consumers.delete(name);
    const { database, bus } = this.options;
    await database.db.transaction().execute(async (tx) => {
      // The projections sharing its rows wait, as for a batch: emptying a table under one of their batches deadlocked.
      if (projection.lockGroup) await takeLockGroup(tx, projection.lockGroup);
      await projection.reset(tx);
      await sql`delete from dead_letters where projection = ${name}`.execute(tx);
    });
    await bus.resetPosition(database, name, projection.source);
    this.options.log.info({ projection: name }, 'rebuilding projection from position zero');
    if (running) await this.startOne(projection);
  }

  /**
   * Applies a projection's set-aside events again (`projections retry`), once their cause is fixed;
   * those that apply leave dead_letters.
   */
  async retryParked(name: string): Promise<RetryOutcome> {
    const projection = this.projection(name);
    const { database, bus, log } = this.options;
    const outcome = await retryParkedEvents(projection, database, bus, log.child({ projection: name }));
    log.info({ projection: name, ...outcome }, 'retried set-aside events');
    return outcome;
  }

  /** Events set aside per projection of this service (only those with any). */
  async parked(): Promise<Map<string, number>> {
    const { rows } = await sql<{ projection: string; n: number }>`
      select projection, count(*)::int as n from dead_letters group by projection`.execute(this.options.database.db);
    return new Map(rows.map((r) => [r.projection, r.n]));
  }

  async status(): Promise<ProjectionStatus[]> {
    const { database, bus } = this.options;
    const dead = await this.parked();
    return Promise.all(
      [...this.byName.values()].map(async (p) => ({
        name: p.name,
        source: p.source,
        running: this.consumers.has(p.name),
        paused: this.consumers.get(p.name)?.paused ?? false,
        lag: await bus.lag(
          database,
          p.name,
          p.source,
          p.events.map((event) => event.type),
        ),
        deadLetters: dead.get(p.name) ?? 0,
      })),
    );
  }

  /** How many events of its types the projection has not applied yet. */
  async lagOf(name: string): Promise<number> {
    const projection = this.projection(name);
    return this.options.bus.lag(
      this.options.database,
      projection.name,
      projection.source,
      projection.events.map((event) => event.type),
    );
  }

  async refreshLagMetrics(): Promise<void> {
    for (const s of await this.status()) {
      projectionLag.set({ projection: s.name }, s.lag);
      projectionParked.set({ projection: s.name }, s.deadLetters);
    }
  }

  /**
   * Waits, bounded, until a running projection has applied what its source had committed when called (of
   * `streams` only, when given): false when it could not in time (paused, far behind, not running).
   */
  async catchUp(name: string, options: CatchUpOptions): Promise<boolean> {
    const consumer = this.consumers.get(name);
    if (!consumer) return false;
    try {
      return await consumer.catchUp(options);
    } catch (error) {
      this.options.log.warn({ err: error, projection: name }, 'could not tell whether a projection has caught up');
      return false;
    }
  }

  /**
   * See ConsumerHandle.catchUpReading: the catch-up and a read in one statement where the bus can; elsewhere a
   * catch-up alone (no `rows`: the caller reads afterwards).
   */
  async catchUpReading<Row>(
    name: string,
    options: CatchUpOptions,
    read: RawBuilder<Row>,
  ): Promise<CaughtUpReading<Row>> {
    const consumer = this.consumers.get(name);
    if (!consumer) return { caughtUp: false };
    try {
      if (consumer.catchUpReading) return await consumer.catchUpReading(options, read);
      return { caughtUp: await consumer.catchUp(options) };
    } catch (error) {
      this.options.log.warn({ err: error, projection: name }, 'could not tell whether a projection has caught up');
      return { caughtUp: false };
    }
  }

  /**
   * Waits until every running projection has read all events (tests, benchmarks, rebuild commands); true when one
   * was behind (it waited).
   */
  async waitForCatchUp(timeoutMs = 30_000): Promise<boolean> {
    const deadline = Date.now() + timeoutMs;
    for (let round = 0; ; round++) {
      const lagging = (await this.status()).filter((s) => s.running && !s.paused && s.lag > 0);
      if (lagging.length === 0) return round > 0;
      if (Date.now() > deadline) {
        const behind = lagging.map((s) => `${s.name} (${s.lag})`).join(', ');
        throw new Error(
          `Projections still behind in ${this.options.database.schema}: ${behind}; ${await this.oldestTransactions()}`,
        );
      }
      // Waiting on them, rather than sleeping, also cuts short a lingering projection's pause.
      await Promise.all([sleep(5), ...lagging.map((s) => this.consumers.get(s.name)?.catchUp({ timeoutMs: 20 }))]);
    }
  }

  /**
   * The server's oldest open transactions, for a catch-up that timed out: a consumer reads only events
   * older than every transaction still running on the server (the log's fence), so one held open anywhere
   * on it holds every consumer back.
   */
  private async oldestTransactions(): Promise<string> {
    try {
      const { rows } = await sql<{ line: string }>`
        select format('%s/%s %s for %s s: %s', datname, pid, state,
                      round(extract(epoch from now() - xact_start)::numeric, 1), left(query, 100)) as line
        from pg_stat_activity
        where xact_start is not null and pid <> pg_backend_pid() and (backend_xid is not null or backend_xmin is not null)
        order by xact_start
        limit 3`.execute(this.options.database.db);
      return `oldest transactions on the server: ${rows.map((r) => r.line).join(' | ') || 'none'}`;
    } catch (error) {
      return `oldest transactions unknown (${(error as Error).message})`;
    }
  }

  async stop(): Promise<void> {
    this.stopping = true;
    this.stopCollecting?.();
    this.stopCollecting = null;
    await Promise.all([...this.consumers.values()].map((c) => c.stop()));
    this.consumers.clear();
  }
}
