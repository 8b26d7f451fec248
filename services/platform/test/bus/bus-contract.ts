import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { createTestDatabase } from '@agora/test-support/database';
import { sql } from 'kysely';
import pino from 'pino';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createEventBus } from '../../src/bus/create-bus';
import type { EventBus, PublisherHandle } from '../../src/bus/port';
import { connectDatabase, type ServiceDatabase } from '../../src/db/database';
import { migrateService } from '../../src/db/migrate';
import { EventStore } from '../../src/eventstore/event-store';
import { ProjectionRunner } from '../../src/projections/runner';
import { APPLIED_TABLE_SQL, recordingProjection, TOTAL_TABLE_SQL } from './test-projection';

const log = pino({ level: process.env.TEST_LOG_LEVEL ?? 'silent' });
const repoRoot = path.resolve(import.meta.dirname, '../../../..');

interface AdapterUnderTest {
  kind: 'postgres' | 'kafka';
  brokers?: string[];
}

/** The one contract both event bus adapters pass (DESIGN §3). */
export function busContract(adapter: AdapterUnderTest) {
  describe(`event bus contract: ${adapter.kind}`, () => {
    let url: string;
    let drop: () => Promise<void>;
    let producer: ServiceDatabase;
    let consumer: ServiceDatabase;
    let store: EventStore;
    let kafkaPrefix: string;
    let publisherBus: EventBus;
    let publisher: PublisherHandle;
    const cleanups: Array<() => Promise<void>> = [];

    const newBus = () =>
      createEventBus({ kind: adapter.kind, databaseUrl: url, kafkaBrokers: adapter.brokers, kafkaPrefix, log });

    const startRunner = async (options: { delayMs?: number; total?: boolean } = {}) => {
      const bus = await newBus();
      const runner = new ProjectionRunner({
        bus,
        database: consumer,
        log,
        batchSize: 100,
        projections: [recordingProjection({ source: 'producer', ...options })],
      });
      await runner.start();
      const stop = async () => {
        await runner.stop();
        await bus.close();
      };
      cleanups.push(stop);
      return { runner, stop };
    };

    const appended = async () =>
      (
        await sql<{ n: number }>`select count(*)::int as n from producer.events where type = 'test.appended'`.execute(
          producer.db,
        )
      ).rows[0]!.n;

    const applied = async () =>
      (
        await sql<{ event_id: string; stream_id: string; version: number; seq: string }>`
          select event_id, stream_id, version, seq from applied order by seq`.execute(consumer.db)
      ).rows;

    const waitForApplied = async (count: number, timeoutMs = 30_000) => {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const n = (await sql<{ n: number }>`select count(*)::int as n from applied`.execute(consumer.db)).rows[0]!.n;
        if (n >= count) return n;
        if (Date.now() > deadline) throw new Error(`only ${n} of ${count} events applied`);
        await sleep(25);
      }
    };

    const expectExactlyOnce = async () => {
      const rows = await applied();
      const ids = rows.map((r) => r.event_id);
      expect(new Set(ids).size).toBe(ids.length);
      const { rows: all } = await sql<{ id: string }>`
        select event_id::text as id from producer.events where type = 'test.appended'
          and not coalesce((data->>'poison')::boolean, false)`.execute(producer.db);
      expect(ids.sort()).toEqual(all.map((r) => r.id).sort());
    };

    const appendMany = async (streams: number, perStream: number, prefix = 's') => {
      for (let v = 0; v < perStream; v++) {
        await Promise.all(
          Array.from({ length: streams }, (_, s) =>
            store.append(`${prefix}-${s}`, v, [{ type: 'test.appended', data: { n: v } }]),
          ),
        );
      }
    };

    beforeAll(async () => {
      ({ url, drop } = await createTestDatabase(`bus_${adapter.kind}`));
      kafkaPrefix = `agora-test-${randomBytes(4).toString('hex')}`;
      producer = connectDatabase({ url, schema: 'producer', maxConnections: 10 });
      consumer = connectDatabase({ url, schema: 'consumer', maxConnections: 6 });
      await migrateService(producer, {});
      await migrateService(consumer, {});
      await APPLIED_TABLE_SQL.execute(consumer.db);
      await TOTAL_TABLE_SQL.execute(consumer.db);
      store = new EventStore(producer.db, 'producer');
      publisherBus = await newBus();
      publisher = await publisherBus.publish(producer);
    });

    beforeEach(async () => {
      while (cleanups.length) await cleanups.pop()!();
      await sql`truncate applied, applied_total`.execute(consumer.db);
      await sql`truncate dead_letters`.execute(consumer.db);
      // Every test starts reading from zero again with an empty read model.
      await publisherBus.resetPosition(consumer, 'recorder', 'producer');
      await sql`truncate producer.events`.execute(producer.db);
      await publisher.stop();
      await publisherBus.close();
      kafkaPrefix = `agora-test-${randomBytes(4).toString('hex')}`;
      await sql`truncate producer.checkpoints`.execute(producer.db);
      publisherBus = await newBus();
      publisher = await publisherBus.publish(producer);
    });

    afterAll(async () => {
      while (cleanups.length) await cleanups.pop()!();
      await publisher?.stop();
      await publisherBus?.close();
      await producer?.close();
      await consumer?.close();
      await drop?.();
    });

    it('keeps the order of each stream', async () => {
      await startRunner();
      await appendMany(20, 25);
      await waitForApplied(500);
      const rows = await applied();
      const byStream = new Map<string, number[]>();
      for (const row of rows) byStream.set(row.stream_id, [...(byStream.get(row.stream_id) ?? []), row.version]);
      expect(byStream.size).toBe(20);
      for (const versions of byStream.values()) expect(versions).toEqual(Array.from({ length: 25 }, (_, i) => i + 1));
      await expectExactlyOnce();
    });

    it('resumes from its checkpoint after a restart, applying nothing twice', async () => {
      const first = await startRunner();
      await appendMany(10, 10, 'a');
      await waitForApplied(100);
      await first.stop();
      await appendMany(10, 10, 'b');
      await startRunner();
      await waitForApplied(200);
      await sleep(300);
      expect(await appended()).toBe(200);
      expect((await applied()).length).toBe(200);
      await expectExactlyOnce();
    });

    it('loses nothing and applies nothing twice when a consumer process is killed mid-batch', async () => {
      await appendMany(20, 60, 'k');
      const spawnConsumer = () => {
        // The loader runs in this very process: a kill must hit the consumer, not a wrapper around it.
        const child: ChildProcess = spawn(
          process.execPath,
          ['--import', 'tsx', path.join(import.meta.dirname, 'consumer-child.ts')],
          {
            cwd: repoRoot,
            env: {
              ...process.env,
              DATABASE_URL: url,
              BUS_KIND: adapter.kind,
              KAFKA_BROKERS: adapter.brokers?.join(',') ?? '',
              KAFKA_PREFIX: kafkaPrefix,
              DELAY_MS: '3',
            },
            stdio: ['ignore', 'pipe', 'inherit'],
          },
        );
        cleanups.push(async () => {
          child.kill('SIGKILL');
        });
        return child;
      };
      const first = spawnConsumer();
      await waitForApplied(150, 60_000);
      // Batches are 50 events of 3 ms each: the kill lands inside an open batch transaction.
      first.kill('SIGKILL');
      await new Promise((resolve) => first.once('exit', resolve));
      const afterKill = (await applied()).length;
      expect(afterKill).toBeLessThan(1200);
      // A batch commits whole or not at all: the killed one left no partial trace. (With Kafka this holds
      // because one transaction spans every partition of a fetch round, so batches are not cut per partition.)
      expect(afterKill % 50).toBe(0);
      spawnConsumer();
      await waitForApplied(1200, 90_000);
      await sleep(500);
      expect((await applied()).length).toBe(1200);
      await expectExactlyOnce();
    });

    it('applies one batch of a group at a time across replicas: a total read and written back loses nothing', async () => {
      // Two replicas of the consumer: on Kafka each owns some partitions, but their batches write the same row.
      await startRunner({ total: true, delayMs: 2 });
      await startRunner({ total: true, delayMs: 2 });
      await appendMany(20, 30, 't');
      await waitForApplied(600, 90_000);
      await sleep(300);
      const { rows } = await sql<{ n: number }>`select n from applied_total where id = 1`.execute(consumer.db);
      expect(rows[0]?.n).toBe(600);
      await expectExactlyOnce();
    }, 120_000);

    it('parks a poison event and a malformed one, and the rest of the stream goes on', async () => {
      await startRunner();
      for (let n = 0; n < 10; n++) {
        const data = n === 4 ? { n, poison: true } : n === 7 ? { n: 'not a number' } : { n };
        await store.append('p-1', n, [{ type: 'test.appended', data }]);
      }
      await waitForApplied(8);
      await sleep(300);
      const rows = await applied();
      expect(rows.map((r) => r.version)).toEqual([1, 2, 3, 4, 6, 7, 9, 10]);
      const { rows: parked } = await sql<{ stream_version: number; error: string; attempts: number }>`
        select stream_version, error, attempts from dead_letters where projection = 'recorder'
        order by stream_version`.execute(consumer.db);
      expect(parked).toHaveLength(2);
      expect(parked[0]).toMatchObject({ stream_version: 5, attempts: 3 });
      expect(parked[0]!.error).toContain('poison event');
      expect(parked[1]).toMatchObject({ stream_version: 8, attempts: 0 });
      expect(parked[1]!.error).toContain('MalformedEventError');
    });

    it('rebuilds a projection from zero into the same read model', async () => {
      const { runner } = await startRunner();
      await appendMany(5, 20, 'r');
      await waitForApplied(100);
      await runner.waitForCatchUp();
      const live = (await applied()).map((r) => `${r.stream_id}:${r.version}:${r.event_id}`).sort();
      await runner.rebuild('recorder');
      await waitForApplied(100);
      await runner.waitForCatchUp();
      const rebuilt = (await applied()).map((r) => `${r.stream_id}:${r.version}:${r.event_id}`).sort();
      expect(rebuilt).toEqual(live);
      const [status] = await runner.status();
      expect(status).toMatchObject({ name: 'recorder', lag: 0, deadLetters: 0, running: true });
    });
  });
}
