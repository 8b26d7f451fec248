import { setTimeout as sleep } from 'node:timers/promises';
import { createTestDatabase } from '@agora/test-support/database';
import { eventually } from '@agora/test-support/eventually';
import pg from 'pg';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PostgresEventBus } from '../../src/bus/postgres/postgres-bus';
import { connectDatabase, type ServiceDatabase } from '../../src/db/database';
import { migrateService } from '../../src/db/migrate';
import { EventStore } from '../../src/eventstore/event-store';

const log = pino({ level: process.env.TEST_LOG_LEVEL ?? 'silent' });

/**
 * An idle consumer asks the database nothing while the bus listens (docs/adr/0048-idle-costs-nothing.md), polls
 * only while the listening connection is down, and loses no event across the loss.
 */
describe('postgres bus: idle consumers', () => {
  let url: string;
  let drop: () => Promise<void>;
  let producer: ServiceDatabase;
  let consumer: ServiceDatabase;
  let store: EventStore;
  let bus: PostgresEventBus;
  let stop: () => Promise<void>;
  const seen: string[] = [];
  /** Transactions the consumer's pool served: each look at the log is one. */
  let looks = 0;

  beforeAll(async () => {
    const database = await createTestDatabase('idle_wakeups');
    url = database.url;
    drop = database.drop;
    producer = connectDatabase({ url, schema: 'producer', maxConnections: 2 });
    consumer = connectDatabase({ url, schema: 'consumer', maxConnections: 2 });
    await migrateService(producer, {});
    await migrateService(consumer, {});
    store = new EventStore(producer.db, 'producer');
    consumer.pool.on('acquire', () => {
      looks++;
    });
    bus = new PostgresEventBus({ databaseUrl: url, log, pollIntervalMs: 200 });
    const handle = await bus.consume({
      group: 'idle',
      source: 'producer',
      consumer,
      handleBatch: async (_tx, events) => {
        for (const event of events) seen.push(event.streamId);
      },
    });
    stop = () => handle.stop();
    await store.append('first', 0, [{ type: 'test.appended', data: {} }]);
    await eventually(() => seen.includes('first'));
  });

  afterAll(async () => {
    await stop?.();
    await bus?.close();
    await producer?.close();
    await consumer?.close();
    await drop?.();
  });

  it('reads nothing while it listens and nothing is appended, and wakes for an append', async () => {
    await sleep(200);
    const before = looks;
    await sleep(1500);
    expect(looks - before).toBe(0);
    await store.append('second', 0, [{ type: 'test.appended', data: {} }]);
    await eventually(() => seen.includes('second'), 2000, 10);
  });

  it('polls while the listening connection is down, loses no event appended then, and stops polling once back', async () => {
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    try {
      await admin.query(
        `select pg_terminate_backend(pid) from pg_stat_activity
         where application_name = 'agora-bus-listener' and datname = current_database()`,
      );
      // Nobody listens: this append notifies no one, and the consumer must find it by looking.
      await store.append('while-down', 0, [{ type: 'test.appended', data: {} }]);
      await eventually(() => seen.includes('while-down'), 5000, 20);
      // Listening again (a second later): the consumer is quiet once more.
      await eventually(
        async () =>
          (
            await admin.query(
              `select 1 from pg_stat_activity
               where application_name = 'agora-bus-listener' and datname = current_database()`,
            )
          ).rowCount === 1,
        5000,
        50,
      );
      await sleep(500);
      const before = looks;
      await sleep(1500);
      expect(looks - before).toBe(0);
      await store.append('after', 0, [{ type: 'test.appended', data: {} }]);
      await eventually(() => seen.includes('after'), 2000, 10);
      expect(seen.filter((id) => id === 'while-down')).toHaveLength(1);
    } finally {
      await admin.end();
    }
  });
});
