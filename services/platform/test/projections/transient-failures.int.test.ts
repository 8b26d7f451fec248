import { defineEvent } from '@agora/contracts';
import { createTestDatabase } from '@agora/test-support/database';
import { eventually } from '@agora/test-support/eventually';
import { sql } from 'kysely';
import pg from 'pg';
import pino from 'pino';
import { Type } from 'typebox';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { PostgresEventBus } from '../../src/bus/postgres/postgres-bus';
import { connectDatabase, type ServiceDatabase, type Tx } from '../../src/db/database';
import { migrateService } from '../../src/db/migrate';
import { EventStore } from '../../src/eventstore/event-store';
import type { StoredEvent } from '../../src/eventstore/types';
import { createHttpApp } from '../../src/http/app';
import type { Projection } from '../../src/projections/projection';
import { ProjectionRunner, parkedSummary } from '../../src/projections/runner';

/**
 * docs/adr/0005-projection-batches.md: a transient database error (a real deadlock, a connection terminated
 * mid-batch) is retried in a new transaction for as long as it takes and parks nothing; only a failure
 * that repeats is set aside, and `retry` applies it once its cause is fixed.
 */
const log = pino({ level: process.env.TEST_LOG_LEVEL ?? 'silent' });

const Happened = defineEvent('test.happened', Type.Object({ n: Type.Integer() }));

/** More tries than the per-event attempts (3) that used to park an event. */
const FAILING_TRIES = 4;

describe('projection batches under transient and deterministic failures', () => {
  let url: string;
  let drop: () => Promise<void>;
  let producer: ServiceDatabase;
  let consumer: ServiceDatabase;
  let store: EventStore;
  let bus: PostgresEventBus;
  let runner: ProjectionRunner | null = null;
  const outsiders: pg.Client[] = [];

  const outsider = async () => {
    const client = new pg.Client({ connectionString: url });
    client.on('error', () => {});
    await client.connect();
    outsiders.push(client);
    return client;
  };

  /** A projection recording each application of an event, with a hook that may fail before it. */
  const projection = (name: string, before: (event: StoredEvent, tx: Tx) => Promise<void>): Projection => ({
    name,
    source: 'producer',
    events: [Happened],
    async apply(event, tx) {
      await before(event, tx);
      await sql`insert into applied (projection, event_id) values (${name}, ${event.id})`.execute(tx);
    },
    async reset(tx) {
      await sql`delete from applied where projection = ${name}`.execute(tx);
    },
  });

  const start = async (projections: Projection[]) => {
    runner = new ProjectionRunner({ bus, database: consumer, log, projections, batchSize: 50 });
    await runner.start();
    return runner;
  };

  const append = async (count: number) => {
    for (let n = 1; n <= count; n++) await store.append(`s-${n % 3}`, 'any', [{ type: Happened.type, data: { n } }]);
  };

  const appliedIds = async (name: string) =>
    (
      await sql<{ event_id: string }>`select event_id from applied where projection = ${name} order by seq`.execute(
        consumer.db,
      )
    ).rows.map((r) => r.event_id);

  const allIds = async () =>
    (
      await sql<{ id: string }>`select event_id::text as id from producer.events order by global_position`.execute(
        producer.db,
      )
    ).rows.map((r) => r.id);

  const parkedCount = async () =>
    (await sql<{ n: number }>`select count(*)::int as n from dead_letters`.execute(consumer.db)).rows[0]!.n;

  const expectEachAppliedOnce = async (name: string, count: number) => {
    await eventually(async () => (await appliedIds(name)).length >= count, 60_000, 25);
    await runner!.waitForCatchUp();
    const ids = await appliedIds(name);
    expect(ids).toHaveLength(count);
    expect([...ids].sort()).toEqual((await allIds()).sort());
  };

  beforeAll(async () => {
    ({ url, drop } = await createTestDatabase('projection_failures'));
    producer = connectDatabase({ url, schema: 'producer', maxConnections: 4 });
    consumer = connectDatabase({ url, schema: 'consumer', maxConnections: 6 });
    await migrateService(producer, {});
    await migrateService(consumer, {});
    await sql`create table applied (seq bigserial primary key, projection text not null, event_id text not null)`.execute(
      consumer.db,
    );
    await sql`create table hot (key text primary key, n integer not null default 0)`.execute(consumer.db);
    await sql`insert into hot (key) values ('a'), ('b')`.execute(consumer.db);
    store = new EventStore(producer.db, 'producer');
    bus = new PostgresEventBus({ databaseUrl: url, log, pollIntervalMs: 200 });
  });

  beforeEach(async () => {
    await sql`truncate producer.events`.execute(producer.db);
    await sql`truncate applied, dead_letters, checkpoints`.execute(consumer.db);
  });

  afterEach(async () => {
    await runner?.stop();
    runner = null;
    for (const client of outsiders.splice(0)) await client.end().catch(() => {});
  });

  afterAll(async () => {
    await bus?.close();
    await producer?.close();
    await consumer?.close();
    await drop?.();
  });

  it('PostgreSQL: a deadlock rolled back to a savepoint keeps the older locks, so trying again in that transaction deadlocks again', async () => {
    const victim = await outsider();
    const other = await outsider();
    await other.query(`set deadlock_timeout = '30s'`);
    await victim.query('begin');
    await victim.query(`set local deadlock_timeout = '50ms'`);
    await victim.query(`update consumer.hot set n = n + 1 where key = 'a'`);
    await other.query('begin');
    await other.query(`update consumer.hot set n = n + 1 where key = 'b'`);
    const otherWaits = other.query(`update consumer.hot set n = n + 1 where key = 'a'`);
    await waitUntilWaitingOnALock(other);

    await victim.query('savepoint s');
    await expect(victim.query(`update consumer.hot set n = n + 1 where key = 'b'`)).rejects.toMatchObject({
      code: '40P01',
    });
    await victim.query('rollback to savepoint s');
    // The transaction lives on, still holding 'a', which the other one still waits for: the same work deadlocks again.
    await victim.query('savepoint s');
    await expect(victim.query(`update consumer.hot set n = n + 1 where key = 'b'`)).rejects.toMatchObject({
      code: '40P01',
    });
    await victim.query('rollback');
    await otherWaits;
    await other.query('rollback');
  });

  it('retries a batch that hits a real deadlock with a concurrent transaction, in new transactions, and parks nothing', async () => {
    let deadlocks = 0;
    let target: string | null = null;
    await start([
      projection('deadlocking', async (event, tx) => {
        target ??= event.id;
        if (event.id !== target || deadlocks >= FAILING_TRIES) return;
        deadlocks++;
        // This transaction takes 'a'; a concurrent one takes 'b' and waits for 'a'; then this one asks for 'b'.
        await sql`set local deadlock_timeout = '50ms'`.execute(tx);
        await sql`update consumer.hot set n = n + 1 where key = 'a'`.execute(tx);
        const other = await outsider();
        await other.query(`set deadlock_timeout = '30s'`);
        await other.query('begin');
        await other.query(`update consumer.hot set n = n + 1 where key = 'b'`);
        const done = other.query(`update consumer.hot set n = n + 1 where key = 'a'`).then(() => other.query('commit'));
        await waitUntilWaitingOnALock(other);
        try {
          await sql`update consumer.hot set n = n + 1 where key = 'b'`.execute(tx);
        } finally {
          void done.catch(() => {});
        }
      }),
    ]);
    await append(30);
    await expectEachAppliedOnce('deadlocking', 30);
    expect(deadlocks).toBe(FAILING_TRIES);
    expect(await parkedCount()).toBe(0);
  });

  it('retries a batch whose connection is terminated mid-batch, and parks nothing', async () => {
    let terminations = 0;
    let target: string | null = null;
    const killer = await outsider();
    await start([
      projection('terminated', async (event, tx) => {
        target ??= event.id;
        if (event.id !== target || terminations >= FAILING_TRIES) return;
        terminations++;
        const { rows } = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(tx);
        await killer.query('select pg_terminate_backend($1, 5000)', [rows[0]!.pid]);
        await sql`select 1`.execute(tx);
      }),
    ]);
    await append(30);
    await expectEachAppliedOnce('terminated', 30);
    expect(terminations).toBe(FAILING_TRIES);
    expect(await parkedCount()).toBe(0);
  });

  it('sets aside an event that fails for a reason that repeats, reports it, and retry applies it once fixed', async () => {
    let fixed = false;
    let poisoned: string | null = null;
    const running = await start([
      projection('strict', async (event) => {
        if ((event.data as { n: number }).n !== 7 || fixed) return;
        poisoned = event.id;
        throw new Error('a contract this projection cannot meet yet');
      }),
    ]);
    await append(12);
    await eventually(async () => (await appliedIds('strict')).length === 11, 30_000, 25);
    await running.waitForCatchUp();
    expect(await parkedCount()).toBe(1);
    expect((await running.status())[0]).toMatchObject({ name: 'strict', deadLetters: 1, lag: 0 });
    expect(parkedSummary(await running.parked())).toMatchObject({ parkedEvents: 1, parked: { strict: 1 } });

    // Readiness says degraded (still 200: the service serves, one read model misses an event).
    const app = await createHttpApp({
      name: 'probe',
      log,
      degraded: async () => parkedSummary(await running.parked()),
    });
    const degraded = await app.inject({ method: 'GET', url: '/readyz' });
    expect(degraded.statusCode).toBe(200);
    expect(degraded.json()).toMatchObject({ status: 'degraded', parkedEvents: 1 });

    // Retried before the cause is fixed: it stays set aside.
    expect(await running.retryParked('strict')).toEqual({ applied: 0, stillFailing: 1 });
    expect(await parkedCount()).toBe(1);

    // Fixed: retry applies it (while the projection runs) and takes it out of dead_letters.
    fixed = true;
    expect(await running.retryParked('strict')).toEqual({ applied: 1, stillFailing: 0 });
    expect(await parkedCount()).toBe(0);
    const ids = await appliedIds('strict');
    expect(ids).toHaveLength(12);
    expect(ids.filter((id) => id === poisoned)).toHaveLength(1);
    expect([...ids].sort()).toEqual((await allIds()).sort());
    const ready = await app.inject({ method: 'GET', url: '/readyz' });
    expect(ready.json()).toEqual({ status: 'ready' });
    await app.close();

    // Nothing left: retrying again applies nothing twice.
    expect(await running.retryParked('strict')).toEqual({ applied: 0, stillFailing: 0 });
    expect(await appliedIds('strict')).toHaveLength(12);
  });

  async function waitUntilWaitingOnALock(client: pg.Client) {
    const pid = (client as unknown as { processID: number }).processID;
    const watcher = await outsider();
    await eventually(async () => {
      const { rows } = await watcher.query(
        `select 1 from pg_stat_activity where pid = $1 and wait_event_type = 'Lock'`,
        [pid],
      );
      return rows.length > 0;
    }, 10_000);
  }
});
