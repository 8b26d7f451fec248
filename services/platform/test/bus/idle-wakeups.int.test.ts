import { setTimeout as sleep } from 'node:timers/promises';
import { eventually } from '@agora/test-support/eventually';
import pg from 'pg';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PostgresEventBus } from '../../src/bus/postgres/postgres-bus';
import type { ServiceDatabase } from '../../src/db/database';
import type { EventStore } from '../../src/eventstore/event-store';
import { openProducerAndConsumer, type ProducerAndConsumer } from './producer-and-consumer';

const log = pino({ level: process.env.TEST_LOG_LEVEL ?? 'silent' });

/**
 * An idle consumer asks the database nothing while the bus listens (docs/adr/0048-idle-costs-nothing.md), polls
 * only while the listening connection is down, and loses no event across the loss.
 */
describe('postgres bus: idle consumers', () => {
  let url: string;
  let databases: ProducerAndConsumer;
  let consumer: ServiceDatabase;
  let store: EventStore;
  let bus: PostgresEventBus;
  let stop: () => Promise<void>;
  const seen: string[] = [];
  /** Transactions the consumer's pool served: each look at the log is one. */
  let looks = 0;

  beforeAll(async () => {
    databases = await openProducerAndConsumer('idle_wakeups', log, { maxConnections: 2, pollIntervalMs: 200 });
    ({ url, consumer, store, bus } = databases);
    consumer.pool.on('acquire', () => {
      looks++;
    });
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
    await databases?.close();
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
