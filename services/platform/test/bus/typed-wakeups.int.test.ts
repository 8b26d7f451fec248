import { setTimeout as sleep } from 'node:timers/promises';
import { eventually } from '@agora/test-support/eventually';
import { sql } from 'kysely';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readCheckpoint } from '../../src/bus/checkpoints';
import type { PostgresEventBus } from '../../src/bus/postgres/postgres-bus';
import type { ServiceDatabase } from '../../src/db/database';
import type { EventStore } from '../../src/eventstore/event-store';
import type { LogPosition } from '../../src/eventstore/types';
import { ProjectionRunner } from '../../src/projections/runner';
import { openProducerAndConsumer, type ProducerAndConsumer } from './producer-and-consumer';
import { APPLIED_TABLE_SQL, recordingProjection } from './test-projection';

const log = pino({ level: process.env.TEST_LOG_LEVEL ?? 'silent' });

describe('postgres bus: wake-ups name the appended types', () => {
  let databases: ProducerAndConsumer;
  let producer: ServiceDatabase;
  let consumer: ServiceDatabase;
  let store: EventStore;
  let bus: PostgresEventBus;
  let runner: ProjectionRunner;
  let untypedWakes = 0;
  let startedAt: LogPosition;
  let stopUntyped: () => Promise<void>;

  beforeAll(async () => {
    databases = await openProducerAndConsumer('typed_wakeups', log);
    ({ producer, consumer, store, bus } = databases);
    await APPLIED_TABLE_SQL.execute(consumer.db);
    runner = new ProjectionRunner({
      bus,
      database: consumer,
      log,
      projections: [recordingProjection({ source: 'producer' })],
    });
    await runner.start();
    const untyped = await bus.consume({
      group: 'untyped',
      source: 'producer',
      consumer,
      handleBatch: async (_tx, events) => {
        untypedWakes += events.length;
      },
    });
    stopUntyped = () => untyped.stop();
    // Both consumers have read the log once and wait for a wake-up (their first read may come late).
    await store.append('wanted-0', 0, [{ type: 'test.appended', data: { n: 0 } }]);
    await eventually(async () => untypedWakes === 1 && (await appliedCount()) === 1);
    startedAt = await readCheckpoint(consumer.db, 'recorder');
  });

  const appliedCount = async () =>
    (await sql<{ n: number }>`select count(*)::int as n from applied`.execute(consumer.db)).rows[0]!.n;

  afterAll(async () => {
    await stopUntyped?.();
    await runner?.stop();
    await databases?.close();
  });

  it('leaves a consumer asleep when none of the appended types is one it applies, and counts no lag for them', async () => {
    await store.append('other-1', 0, [{ type: 'test.other', data: {} }]);
    // A consumer of every type wakes for it...
    await eventually(async () => untypedWakes === 2);
    // ...while the recorder, which applies only test.appended, is not woken and owes nothing.
    await sleep(300);
    expect(await readCheckpoint(consumer.db, 'recorder')).toEqual(startedAt);
    expect((await runner.status()).find((s) => s.name === 'recorder')?.lag).toBe(0);
    await runner.waitForCatchUp(1000);
  });

  it('wakes it for a type it applies, and it reads past the skipped events then', async () => {
    await store.append('wanted-1', 0, [{ type: 'test.appended', data: { n: 1 } }]);
    await eventually(async () => (await appliedCount()) === 2);
    const { rows } = await sql<{ position: string }>`
      select max(global_position)::text as position from producer.events`.execute(producer.db);
    await eventually(async () => (await readCheckpoint(consumer.db, 'recorder')).globalPosition === rows[0]!.position);
  });

  it('lets a catch-up pass events of types the consumer does not apply, and wait for one it applies', async () => {
    await runner.pause('recorder');
    try {
      await store.append('other-2', 0, [{ type: 'test.other', data: {} }]);
      // Paused, the recorder cannot move: only the type filter lets the catch-up answer that nothing is due.
      expect(await runner.catchUp('recorder', { timeoutMs: 300 })).toBe(true);
      await store.append('wanted-2', 0, [{ type: 'test.appended', data: { n: 3 } }]);
      expect(await runner.catchUp('recorder', { timeoutMs: 300 })).toBe(false);
    } finally {
      await runner.resume('recorder');
    }
    expect(await runner.catchUp('recorder', { timeoutMs: 10_000 })).toBe(true);
  });

  it('wakes every consumer when an append names too many types for one notification', async () => {
    const before = await appliedCount();
    const longTypes = Array.from({ length: 80 }, (_, i) => ({ type: `test.${'x'.repeat(100)}.${i}`, data: {} }));
    await store.append('many-types', 0, [...longTypes, { type: 'test.appended', data: { n: 2 } }]);
    await eventually(async () => (await appliedCount()) === before + 1);
  });
});
