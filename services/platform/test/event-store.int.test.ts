import { setTimeout as sleep } from 'node:timers/promises';
import { createTestDatabase } from '@agora/test-support/database';
import { sql } from 'kysely';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PostgresEventBus } from '../src/bus/postgres/postgres-bus';
import { connectDatabase, type ServiceDatabase } from '../src/db/database';
import { migrateService } from '../src/db/migrate';
import { ConcurrencyError } from '../src/eventstore/errors';
import { EventStore, type PendingEvent } from '../src/eventstore/event-store';
import type { StoredEvent } from '../src/eventstore/types';

const log = pino({ level: process.env.TEST_LOG_LEVEL ?? 'silent' });
let drop: () => Promise<void>;
let url: string;
let producer: ServiceDatabase;
let consumer: ServiceDatabase;
let store: EventStore;

beforeAll(async () => {
  ({ url, drop } = await createTestDatabase('es'));
  producer = connectDatabase({ url, schema: 'producer', maxConnections: 12 });
  consumer = connectDatabase({ url, schema: 'consumer', maxConnections: 4 });
  await migrateService(producer, {});
  await migrateService(consumer, {});
  store = new EventStore(producer.db, 'producer');
});

afterAll(async () => {
  await producer?.close();
  await consumer?.close();
  await drop?.();
});

describe('event store', () => {
  it('appends with expected versions and reads a stream back in order', async () => {
    const first = await store.append('s-basic', 0, [
      { type: 'test.happened', data: { n: 1 } },
      { type: 'test.happened', data: { n: 2 } },
    ]);
    expect(first.nextExpectedVersion).toBe(2);
    await store.append('s-basic', 2, [{ type: 'test.happened', data: { n: 3 } }], { actorId: 'u1' });
    const events = await store.readStream('s-basic');
    expect(events.map((e) => [e.version, (e.data as { n: number }).n])).toEqual([
      [1, 1],
      [2, 2],
      [3, 3],
    ]);
    expect(events[2]?.metadata.actorId).toBe('u1');
    await expect(store.append('s-basic', 2, [{ type: 'test.happened', data: {} }])).rejects.toBeInstanceOf(
      ConcurrencyError,
    );
    await expect(store.append('s-basic', 7, [{ type: 'test.happened', data: {} }])).rejects.toBeInstanceOf(
      ConcurrencyError,
    );
  });

  it('gives exactly one winner among concurrent appends at the same expected version', async () => {
    await store.append('s-race', 0, [{ type: 'test.happened', data: {} }]);
    const attempts = await Promise.allSettled(
      Array.from({ length: 10 }, (_, i) => store.append('s-race', 1, [{ type: 'test.happened', data: { i } }])),
    );
    const winners = attempts.filter((a) => a.status === 'fulfilled');
    const losers = attempts.filter((a) => a.status === 'rejected');
    expect(winners).toHaveLength(1);
    expect(losers).toHaveLength(9);
    for (const loser of losers) expect((loser as PromiseRejectedResult).reason).toBeInstanceOf(ConcurrencyError);
    expect(await store.currentVersion('s-race')).toBe(2);
  });

  it('lets 8 concurrent writers append 2,000 events each over 50 streams while a consumer sees every event once, in stream order', async () => {
    const writers = 8;
    const perWriter = 2000;
    const streams = 50;
    const bus = new PostgresEventBus({ databaseUrl: url, log, pollIntervalMs: 200 });
    const seen = new Map<string, number>();
    const lastVersion = new Map<string, number>();
    const outOfOrder: string[] = [];
    const handle = await bus.consume({
      group: 'watcher',
      source: 'producer',
      consumer,
      batchSize: 300,
      handleBatch: async (_tx, events: StoredEvent[]) => {
        for (const event of events) {
          if (!event.streamId.startsWith('load-')) continue;
          seen.set(event.id, (seen.get(event.id) ?? 0) + 1);
          const previous = lastVersion.get(event.streamId) ?? 0;
          if (event.version !== previous + 1)
            outOfOrder.push(
              `${event.streamId}: ${previous} -> ${event.version} id=${event.id} pos=${event.position.transactionId}/${event.position.globalPosition} batch=${events[0]?.position.globalPosition}..${events.at(-1)?.position.globalPosition}`,
            );
          lastVersion.set(event.streamId, event.version);
        }
      },
    });

    const appendedIds: string[] = [];
    let conflicts = 0;
    const writer = async (w: number) => {
      for (let i = 0; i < perWriter; i++) {
        const streamId = `load-${(w * 7 + i) % streams}`;
        for (;;) {
          const version = await store.currentVersion(streamId);
          try {
            // Some transactions stay open after their insert, so that later transactions commit first.
            const result = await producer.db.transaction().execute(async (tx) => {
              const appended = await store.append(
                streamId,
                version,
                [{ type: 'load.appended', data: { w, i } }],
                {},
                tx,
              );
              if (i % 25 === 0) await sleep(5 + (i % 15));
              return appended;
            });
            appendedIds.push(result.events[0]!.id);
            break;
          } catch (error) {
            if (!(error instanceof ConcurrencyError)) throw error;
            conflicts++;
          }
        }
      }
    };
    await Promise.all(Array.from({ length: writers }, (_, w) => writer(w)));

    const deadline = Date.now() + 30_000;
    while (seen.size < appendedIds.length && Date.now() < deadline) await sleep(50);
    await handle.stop();
    await bus.close();

    expect(appendedIds).toHaveLength(writers * perWriter);
    expect(outOfOrder).toEqual([]);
    expect(seen.size).toBe(appendedIds.length);
    expect([...seen.values()].every((count) => count === 1)).toBe(true);
    expect(appendedIds.every((id) => seen.has(id))).toBe(true);
    // The clash path was exercised: writers really raced on the same streams.
    expect(conflicts).toBeGreaterThan(0);
  }, 180_000);

  describe('a new stream in one statement with its inline writes', () => {
    const notes = (pending: PendingEvent[], noteId: string) => ({
      ctes: sql`note as (
        insert into notes (id, event_id, body, at)
        values (${noteId}, ${pending[0]!.id}::uuid, ${(pending[0]!.data as { body: string }).body}, now())
        returning *)`,
      returning: sql`(select to_jsonb(note) from note)`,
    });
    const noteRows = async () =>
      (await sql<{ id: string }>`select id from notes order by id`.execute(producer.db)).rows.map((r) => r.id);

    beforeAll(async () => {
      await sql`create table notes (id text primary key, event_id uuid not null, body text not null, at timestamptz not null)`.execute(
        producer.db,
      );
    });

    it('stores the events at versions 1..n with the writes, and reads back what they returned', async () => {
      const pending = store.pendingStream('s-one', [
        { type: 'test.noted', data: { body: 'first' } },
        { type: 'test.noted', data: { body: 'second' } },
      ]);
      const started = await store.startStream(pending, { actorId: 'u9' }, notes(pending, 'n-1'));
      expect(started.events.map((e) => [e.id, e.version, e.type])).toEqual(
        pending.map((e) => [e.id, e.version, 'test.noted']),
      );
      expect(started.events[0]?.metadata.actorId).toBe('u9');
      const stored = await store.readStream('s-one');
      // What it gives back is what a read of the stream gives.
      expect(started.events).toEqual(stored);
      const note = started.inline as { id: string; event_id: string; body: string; at: string };
      expect(note).toMatchObject({ id: 'n-1', event_id: pending[0]!.id, body: 'first' });
      // The writes' now() is the events' time: a replay from the log writes the same row.
      expect(new Date(note.at).getTime()).toBe(new Date(stored[0]!.occurredAt).getTime());
    });

    it('writes nothing, read models included, when the stream exists already', async () => {
      const again = store.pendingStream('s-one', [{ type: 'test.noted', data: { body: 'clash' } }]);
      await expect(store.startStream(again, {}, notes(again, 'n-2'))).rejects.toBeInstanceOf(ConcurrencyError);
      expect(await noteRows()).toEqual(['n-1']);
      expect(await store.readStream('s-one')).toHaveLength(2);
    });

    it('writes no event when an inline write fails, and says what failed', async () => {
      const pending = store.pendingStream('s-two', [{ type: 'test.noted', data: { body: 'dup' } }]);
      const failure = store.startStream(pending, {}, notes(pending, 'n-1'));
      await expect(failure).rejects.not.toBeInstanceOf(ConcurrencyError);
      await expect(failure).rejects.toMatchObject({ code: '23505', table: 'notes' });
      expect(await store.readStream('s-two')).toEqual([]);
    });
  });
});
