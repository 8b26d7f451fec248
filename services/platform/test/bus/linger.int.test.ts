/**
 * A lingering consumer (ConsumeOptions.lingerMs, for read models no reply waits on) lets a pause pass after each
 * batch, so that the writes of that pause are applied in one transaction; a catch-up or a stop cuts it short.
 */
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { eventually } from '@agora/test-support/eventually';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ConsumerHandle } from '../../src/bus/port';
import type { PostgresEventBus } from '../../src/bus/postgres/postgres-bus';
import type { ServiceDatabase } from '../../src/db/database';
import type { EventStore } from '../../src/eventstore/event-store';
import { openProducerAndConsumer, type ProducerAndConsumer } from './producer-and-consumer';

const log = pino({ level: process.env.TEST_LOG_LEVEL ?? 'silent' });
const LINGER_MS = 3000;

describe('postgres bus: a lingering consumer', () => {
  let databases: ProducerAndConsumer;
  let consumer: ServiceDatabase;
  let store: EventStore;
  let bus: PostgresEventBus;
  let handle: ConsumerHandle;
  /** The events of each transaction the consumer applied, in order. */
  const batches: number[][] = [];
  const append = (n: number) => store.append(`s-${n}`, 0, [{ type: 'test.appended', data: { n } }]);
  const applied = () => batches.flat();

  beforeAll(async () => {
    databases = await openProducerAndConsumer('linger', log);
    ({ consumer, store, bus } = databases);
    handle = await bus.consume({
      group: 'lingering',
      source: 'producer',
      consumer,
      lingerMs: LINGER_MS,
      handleBatch: async (_tx, events) => {
        batches.push(events.map((event) => (event.data as { n: number }).n));
      },
    });
  });

  afterAll(async () => {
    await databases?.close();
  });

  it('applies what arrives during its pause in one transaction after it', async () => {
    await append(1);
    await eventually(async () => applied().includes(1));
    for (const n of [2, 3, 4]) await append(n);
    await sleep(300);
    expect(applied()).toEqual([1]);
    await eventually(async () => applied().length === 4, LINGER_MS + 5000);
    expect(batches).toEqual([[1], [2, 3, 4]]);
  });

  it('cuts its pause short for a catch-up, which then waits no longer than the batch', async () => {
    await append(5);
    await eventually(async () => applied().includes(5), LINGER_MS + 5000);
    await append(6);
    const started = performance.now();
    expect(await handle.catchUp({ timeoutMs: LINGER_MS * 2 })).toBe(true);
    expect(performance.now() - started).toBeLessThan(LINGER_MS / 2);
    expect(applied().at(-1)).toBe(6);
  });

  it('stops without waiting out its pause', async () => {
    await append(7);
    await eventually(async () => applied().includes(7), LINGER_MS + 5000);
    const started = performance.now();
    await handle.stop();
    expect(performance.now() - started).toBeLessThan(LINGER_MS / 2);
  });
});
