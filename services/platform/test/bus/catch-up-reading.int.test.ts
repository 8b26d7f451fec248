import { createTestDatabase } from '@agora/test-support/database';
import { sql } from 'kysely';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PostgresEventBus } from '../../src/bus/postgres/postgres-bus';
import { connectDatabase, type ServiceDatabase } from '../../src/db/database';
import { migrateService } from '../../src/db/migrate';
import { EventStore } from '../../src/eventstore/event-store';
import { ProjectionRunner } from '../../src/projections/runner';
import { APPLIED_TABLE_SQL, recordingProjection } from './test-projection';

const log = pino({ level: process.env.TEST_LOG_LEVEL ?? 'silent' });

/**
 * A command that reads the database after catching up (votes' target, say) may have the read made with the
 * catch-up's first look, in one statement: when nothing is unread, the rows are those of that snapshot; when the
 * group is behind, it waits and gives no rows, so the caller reads after (docs/adr/0044-catching-up.md).
 */
describe('postgres bus: a read made with the catch-up', () => {
  let drop: () => Promise<void>;
  let producer: ServiceDatabase;
  let consumer: ServiceDatabase;
  let store: EventStore;
  let bus: PostgresEventBus;
  let runner: ProjectionRunner;
  const applied = (stream: string) =>
    sql<{ n: number }>`select count(*)::int as n from applied where stream_id = ${stream}`;

  beforeAll(async () => {
    const database = await createTestDatabase('catch_up_reading');
    drop = database.drop;
    producer = connectDatabase({ url: database.url, schema: 'producer', maxConnections: 4 });
    consumer = connectDatabase({ url: database.url, schema: 'consumer', maxConnections: 4 });
    await migrateService(producer, {});
    await migrateService(consumer, {});
    await APPLIED_TABLE_SQL.execute(consumer.db);
    store = new EventStore(producer.db, 'producer');
    bus = new PostgresEventBus({ databaseUrl: database.url, log, pollIntervalMs: 600_000 });
    runner = new ProjectionRunner({
      bus,
      database: consumer,
      log,
      projections: [recordingProjection({ source: 'producer', delayMs: 150 })],
    });
    await runner.start();
  });

  afterAll(async () => {
    await runner?.stop();
    await bus?.close();
    await producer?.close();
    await consumer?.close();
    await drop?.();
  });

  it('gives the rows of its own snapshot when nothing is unread, and none while the group is behind', async () => {
    await store.append('s-1', 0, [{ type: 'test.appended', data: { n: 1 } }]);
    // Behind: the projection takes 150 ms an event. The catch-up waits, and the caller must read afterwards.
    const behind = await runner.catchUpReading('recorder', { streams: ['s-1'], timeoutMs: 5000 }, applied('s-1'));
    expect(behind).toEqual({ caughtUp: true });
    // Caught up: one statement both looks and reads, and the read sees what the group applied.
    const current = await runner.catchUpReading('recorder', { streams: ['s-1'], timeoutMs: 5000 }, applied('s-1'));
    expect(current).toEqual({ caughtUp: true, rows: [{ n: 1 }] });
    // Another stream's events do not hold it up.
    await store.append('s-2', 0, [{ type: 'test.appended', data: { n: 2 } }]);
    const other = await runner.catchUpReading('recorder', { streams: ['s-1'], timeoutMs: 5000 }, applied('s-1'));
    expect(other).toEqual({ caughtUp: true, rows: [{ n: 1 }] });
  });

  it('reads nothing and says so when the wait runs out', async () => {
    await runner.pause('recorder');
    await store.append('s-3', 0, [{ type: 'test.appended', data: { n: 3 } }]);
    const late = await runner.catchUpReading('recorder', { streams: ['s-3'], timeoutMs: 200 }, applied('s-3'));
    expect(late).toEqual({ caughtUp: false });
    await runner.resume('recorder');
  });
});
