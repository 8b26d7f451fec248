import { eventually } from '@agora/test-support/eventually';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FollowedEvent } from '../../src/bus/port';
import { openProducerAndConsumer, type ProducerAndConsumer } from './producer-and-consumer';

const log = pino({ level: process.env.TEST_LOG_LEVEL ?? 'silent' });

/**
 * The PostgreSQL log's follower behind a fence (docs/adr/0099-live-pages.md): an event committed while an older
 * transaction is still open is handed over early at once, and in order, with that older one's, once it has ended.
 */
describe('postgres bus: a follower hands over early what waits behind the fence', () => {
  let databases: ProducerAndConsumer;

  beforeAll(async () => {
    databases = await openProducerAndConsumer('follow_early', log, { pollIntervalMs: 50 });
  });
  afterAll(async () => {
    await databases?.close();
  });

  it('early at once, in order once the older transaction commits', async () => {
    const { store, bus, producer } = databases;
    const inOrder: string[] = [];
    const early: string[] = [];
    const ids = (events: FollowedEvent[]) => events.map((e) => e.event.streamId);
    const follower = await bus.follow({
      sources: ['producer'],
      deliver: (_source, events) => inOrder.push(...ids(events)),
      early: (_source, events) => early.push(...ids(events)),
    });
    try {
      let release: () => void = () => {};
      const held = new Promise<void>((resolve) => {
        release = resolve;
      });
      let written: () => void = () => {};
      const wrote = new Promise<void>((resolve) => {
        written = resolve;
      });
      // An older transaction appends and stays open.
      const slow = producer.db.transaction().execute(async (tx) => {
        await store.append('slow', 0, [{ type: 'test.appended', data: { n: 1 } }], {}, tx);
        written();
        await held;
      });
      await wrote;
      await store.append('quick', 0, [{ type: 'test.appended', data: { n: 2 } }]);
      await eventually(() => early.includes('quick'), 5_000);
      expect(inOrder).toEqual([]);
      release();
      await slow;
      await eventually(() => inOrder.length === 2, 5_000);
      expect(inOrder).toEqual(['slow', 'quick']);
      // Handed over early once only ('slow' too, early, when another test's transaction in the same cluster held
      // the fence after it committed).
      expect(early[0]).toBe('quick');
      expect(early.filter((id) => id === 'quick')).toHaveLength(1);
      expect(early.filter((id) => id !== 'quick' && id !== 'slow')).toEqual([]);
    } finally {
      await follower.stop();
    }
  });
});
