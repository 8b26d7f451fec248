import { randomBytes } from 'node:crypto';
import { createTestDatabase } from '@agora/test-support/database';
import { eventually } from '@agora/test-support/eventually';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEventBus } from '../../src/bus/create-bus';
import type { BusCursor, EventBus, FollowedEvent, FollowerHandle, PublisherHandle } from '../../src/bus/port';
import { connectDatabase, type ServiceDatabase } from '../../src/db/database';
import { migrateService } from '../../src/db/migrate';
import { EventStore } from '../../src/eventstore/event-store';
import { comparePositions } from '../../src/eventstore/types';

const log = pino({ level: process.env.TEST_LOG_LEVEL ?? 'silent' });

interface AdapterUnderTest {
  kind: 'postgres' | 'kafka';
  brokers?: string[];
}

/** What a follower handed over: its events in order, and each source's cursor after each delivery. */
class Recorder {
  readonly events: FollowedEvent[] = [];
  readonly cursors: BusCursor = {};
  deliver = (source: string, events: FollowedEvent[], cursor: string) => {
    this.events.push(...events);
    this.cursors[source] = cursor;
  };
  ids = () => this.events.map((e) => `${e.event.streamId}/${e.event.version}`);
}

/**
 * The tail follower and the bounded replay both buses offer (docs/adr/0099-live-pages.md): one contract, as
 * bus-contract.ts is for consumer groups.
 */
export function followContract(adapter: AdapterUnderTest) {
  describe(`event bus follower contract: ${adapter.kind}`, () => {
    let drop: () => Promise<void>;
    let producer: ServiceDatabase;
    let store: EventStore;
    let bus: EventBus;
    let publisher: PublisherHandle;
    const followers: FollowerHandle[] = [];

    const append = async (stream: string, count: number, type = 'test.appended') => {
      for (let n = 0; n < count; n++) await store.append(stream, 'any', [{ type, data: { n } }]);
    };
    const follow = async (options: { after?: BusCursor; types?: string[] } = {}) => {
      const recorder = new Recorder();
      const follower = await bus.follow({ sources: ['producer'], deliver: recorder.deliver, ...options });
      followers.push(follower);
      return { recorder, follower };
    };

    beforeAll(async () => {
      const database = await createTestDatabase(`follow_${adapter.kind}`);
      drop = database.drop;
      producer = connectDatabase({ url: database.url, schema: 'producer', maxConnections: 6 });
      await migrateService(producer, {});
      store = new EventStore(producer.db, 'producer');
      bus = await createEventBus({
        kind: adapter.kind,
        databaseUrl: database.url,
        kafkaBrokers: adapter.brokers,
        kafkaPrefix: `agora-follow-${randomBytes(4).toString('hex')}`,
        log,
      });
      publisher = await bus.publish(producer);
    });

    afterAll(async () => {
      for (const follower of followers) await follower.stop();
      await publisher?.stop();
      await bus?.close();
      await producer?.close();
      await drop?.();
    });

    it('delivers what is appended after it starts, in order, each event with its mark and the cursor past it', async () => {
      await append('before', 3);
      await publisher.published(10_000);
      const { recorder, follower } = await follow();
      expect(bus.cursors.valid(follower.started.producer ?? '')).toBe(true);
      await append('after-a', 5);
      await append('after-b', 5);
      await eventually(() => recorder.events.length >= 10, 20_000);
      // Its start is where a gap-safe read stands: with a transaction of another test still open in the same
      // cluster, that may be before the last of the earlier events (nothing at or before it comes, below).
      const before = recorder.ids().filter((id) => id.startsWith('before'));
      expect(before).toEqual(['before/1', 'before/2', 'before/3'].slice(3 - before.length));
      for (const stream of ['after-a', 'after-b']) {
        expect(recorder.ids().filter((id) => id.startsWith(stream))).toEqual(
          [1, 2, 3, 4, 5].map((v) => `${stream}/${v}`),
        );
      }
      const started = follower.started.producer ?? '';
      for (const followed of recorder.events) {
        expect(bus.cursors.isAfter(followed.mark, started)).toBe(true);
        // The cursor past an event is past its mark, and at or past where the follower started.
        expect(bus.cursors.isAfter(followed.mark, followed.cursor)).toBe(false);
        expect(bus.cursors.reaches(followed.cursor, started)).toBe(true);
      }
      expect(bus.cursors.reaches(recorder.cursors.producer ?? '', started)).toBe(true);
      expect(bus.cursors.reaches(started, recorder.cursors.producer ?? '')).toBe(false);
    });

    it('hands over only the types it names, its cursor moving past the others', async () => {
      const { recorder } = await follow({ types: ['test.wanted'] });
      const all = await follow();
      await append('typed', 4, 'test.other');
      await append('typed-w', 2, 'test.wanted');
      await append('typed-o', 3, 'test.other');
      await append('typed-z', 1, 'test.wanted');
      await eventually(() => all.recorder.ids().filter((id) => id.startsWith('typed')).length === 10, 20_000);
      await eventually(() => recorder.events.length === 3, 20_000);
      expect(recorder.ids()).toEqual(['typed-w/1', 'typed-w/2', 'typed-z/1']);
      // Both have read as far: the typed one past the entries of other types between.
      expect(recorder.cursors.producer).toBe(all.recorder.cursors.producer);
    });

    it('starts after a given cursor: exactly what came after it, nothing twice', async () => {
      const first = await follow();
      await append('resume-a', 4);
      await eventually(() => first.recorder.events.length === 4, 20_000);
      const middle = first.recorder.cursors.producer ?? '';
      await append('resume-b', 4);
      await eventually(() => first.recorder.events.length === 8, 20_000);
      const second = await follow({ after: { producer: middle } });
      await append('resume-c', 2);
      await eventually(() => second.recorder.events.length >= 6, 20_000);
      const ids = second.recorder.ids();
      expect(ids.filter((id) => id.startsWith('resume-b/'))).toEqual([1, 2, 3, 4].map((v) => `resume-b/${v}`));
      expect(ids.filter((id) => id.startsWith('resume-c/'))).toEqual([1, 2].map((v) => `resume-c/${v}`));
      expect(ids).toHaveLength(6);
    });

    it('replays what lies between two cursors, and answers too far past its bound', async () => {
      const { recorder, follower } = await follow();
      await append('replay', 6);
      await append('replay-other', 2, 'test.other');
      await eventually(() => recorder.events.length === 8, 20_000);
      const from = follower.started.producer ?? '';
      const third = recorder.events.filter((e) => e.event.streamId === 'replay')[2];
      if (!third) throw new Error('three events');
      const until = recorder.cursors.producer ?? '';

      const whole = await bus.replay('producer', from, { until, limit: 100 });
      if (whole.tooFar) throw new Error('within the bound');
      // The same events, each stream in its order (Kafka keeps order per partition, not across them).
      const ids = whole.events.map((e) => `${e.event.streamId}/${e.event.version}`);
      expect([...ids].sort()).toEqual([...recorder.ids()].sort());
      expect(ids.filter((id) => id.startsWith('replay/'))).toEqual([1, 2, 3, 4, 5, 6].map((v) => `replay/${v}`));
      expect(whole.events.map((e) => e.mark).sort()).toEqual(recorder.events.map((e) => e.mark).sort());

      const rest = await bus.replay('producer', third.cursor, { until, limit: 100, types: ['test.appended'] });
      if (rest.tooFar) throw new Error('within the bound');
      expect(rest.events.map((e) => e.event.version)).toEqual([4, 5, 6]);
      for (const e of rest.events) expect(bus.cursors.isAfter(e.mark, third.cursor)).toBe(true);

      expect(await bus.replay('producer', until, { until, limit: 100 })).toEqual({ tooFar: false, events: [] });
      expect((await bus.replay('producer', from, { until, limit: 5 })).tooFar).toBe(true);

      // The recent past: a replay from `cursorBefore` ends with the last events before `until`.
      const before = await bus.cursorBefore('producer', until, 3);
      const recent = await bus.replay('producer', before, { until, limit: 100 });
      if (recent.tooFar) throw new Error('within the bound');
      expect(recent.events.length).toBeGreaterThanOrEqual(3);
      const newest = [...recorder.events].sort((a, b) => comparePositions(a.event.position, b.event.position)).at(-1);
      expect(recent.events.map((e) => e.mark)).toContain(newest?.mark);
      expect(bus.cursors.reaches(until, before)).toBe(true);
      expect(bus.cursors.earliest(before, until)).toBe(bus.cursors.reaches(before, until) ? until : before);
    });
  });
}
