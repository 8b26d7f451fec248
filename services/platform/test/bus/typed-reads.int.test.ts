import { eventually } from '@agora/test-support/eventually';
import { sql } from 'kysely';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readCheckpoint } from '../../src/bus/checkpoints';
import type { ServiceDatabase } from '../../src/db/database';
import { readLogAfter } from '../../src/eventstore/event-store';
import { readTypesAfter, TYPED_READ_SCAN_FACTOR } from '../../src/eventstore/typed-log-read';
import { LOG_START } from '../../src/eventstore/types';
import { ProjectionRunner } from '../../src/projections/runner';
import { openProducerAndConsumer, type ProducerAndConsumer } from './producer-and-consumer';
import { APPLIED_TABLE_SQL, recordingProjection } from './test-projection';

const log = pino({ level: process.env.TEST_LOG_LEVEL ?? 'silent' });
const WANTED = 'test.appended';
const OTHER = 'test.other';

describe('postgres bus: a reader of some types reads past the others in the database', () => {
  let databases: ProducerAndConsumer;
  let producer: ServiceDatabase;
  let consumer: ServiceDatabase;

  beforeAll(async () => {
    databases = await openProducerAndConsumer('typed_reads', log);
    ({ producer, consumer } = databases);
    // 3 of the first 100 entries are wanted (at 10, 50 and 99), then 200 others, then one wanted at the end.
    const types = Array.from({ length: 100 }, (_, i) => ([10, 50, 99].includes(i) ? WANTED : OTHER));
    for (const [i, type] of types.entries()) await databases.store.append(`s-${i}`, 0, [{ type, data: { n: i } }]);
    await databases.store.append(
      'others',
      0,
      Array.from({ length: 200 }, (_, n) => ({ type: OTHER, data: { n } })),
    );
    await databases.store.append('last', 0, [{ type: WANTED, data: { n: 1000 } }]);
  });

  afterAll(async () => {
    await databases?.close();
  });

  const whole = async () => (await readLogAfter(producer.db, 'producer', LOG_START, 10_000)).events;

  it('returns only the asked types, in log order, and says how far it looked', async () => {
    const log = await whole();
    const wanted = log.filter((event) => event.type === WANTED);
    // Three events of the asked type among at most 5 × 20 = 100 entries: the scan's bound stops it.
    const read = await readTypesAfter(producer.db, 'producer', LOG_START, [WANTED], 5);
    expect(TYPED_READ_SCAN_FACTOR).toBe(20);
    expect(read.events.map((event) => event.streamId)).toEqual(['s-10', 's-50', 's-99']);
    expect(read.events.map((event) => event.position)).toEqual(wanted.slice(0, 3).map((event) => event.position));
    expect(read.readTo).toEqual(log[99]?.position);
    expect(read.full).toBe(true);
    expect(read.pendingBehindFence).toBe(false);
  });

  it('stops at its last event when it has as many as asked, not at its last look', async () => {
    const log = await whole();
    // One asked for, found at entry 10 of the 20 it may look through.
    const read = await readTypesAfter(producer.db, 'producer', LOG_START, [WANTED], 1);
    expect(read.events.map((event) => event.streamId)).toEqual(['s-10']);
    expect(read.readTo).toEqual(log[10]?.position);
    expect(read.full).toBe(true);
  });

  it('reads on from a checkpoint past the others to the log end, then finds nothing', async () => {
    const log = await whole();
    let from = log[99]!.position;
    const seen: string[] = [];
    for (let rounds = 0; rounds < 10; rounds++) {
      const read = await readTypesAfter(producer.db, 'producer', from, [WANTED], 5);
      seen.push(...read.events.map((event) => event.streamId));
      if (!read.readTo) break;
      from = read.readTo;
    }
    expect(seen).toEqual(['last']);
    expect(from).toEqual(log.at(-1)?.position);
    const atEnd = await readTypesAfter(producer.db, 'producer', from, [WANTED], 5);
    expect(atEnd).toEqual({ events: [], readTo: null, full: false, pendingBehindFence: false });
  });

  it('reads from a checkpoint of the reader, and a reader of every type gets what the whole log has', async () => {
    await sql`insert into checkpoints (name, transaction_id, global_position) values ('typed', ${'0'}::xid8, 0)`.execute(
      consumer.db,
    );
    const fromCheckpoint = await readTypesAfter(consumer.db, 'producer', { checkpoint: 'typed' }, [WANTED, OTHER], 500);
    expect(fromCheckpoint.events.map((event) => event.id)).toEqual((await whole()).map((event) => event.id));
    expect(fromCheckpoint.full).toBe(false);
  });

  it('does not look past a transaction still running, and says newer events wait behind it', async () => {
    const before = (await whole()).at(-1)!.position;
    // An open transaction holds the fence: what commits after it starts waits until it ends.
    await producer.db.transaction().execute(async (open) => {
      await sql`select pg_current_xact_id()`.execute(open);
      await databases.store.append('later', 0, [{ type: WANTED, data: { n: 2000 } }]);
      const read = await readTypesAfter(consumer.db, 'producer', before, [WANTED], 5);
      expect(read.events).toEqual([]);
      expect(read.readTo).toBeNull();
      expect(read.pendingBehindFence).toBe(true);
    });
    const after = await readTypesAfter(consumer.db, 'producer', before, [WANTED], 5);
    expect(after.events.map((event) => event.streamId)).toEqual(['later']);
  });
});

describe('postgres bus: a projection of some types over a log of many', () => {
  let databases: ProducerAndConsumer;
  let runner: ProjectionRunner;

  beforeAll(async () => {
    databases = await openProducerAndConsumer('typed_consumer', log);
    await APPLIED_TABLE_SQL.execute(databases.consumer.db);
    runner = new ProjectionRunner({
      bus: databases.bus,
      database: databases.consumer,
      log,
      // Small batches: the log is many scans long.
      batchSize: 3,
      projections: [recordingProjection({ source: 'producer' })],
    });
  });

  afterAll(async () => {
    await runner?.stop();
    await databases?.close();
  });

  it('applies every event of its types once, in order, and its checkpoint reaches the log end past the others', async () => {
    const { store, consumer } = databases;
    const expected: string[] = [];
    for (let round = 0; round < 5; round++) {
      await store.append(
        `noise-${round}`,
        0,
        Array.from({ length: 150 }, (_, n) => ({ type: OTHER, data: { n } })),
      );
      await store.append(`wanted-${round}`, 0, [
        { type: WANTED, data: { n: round } },
        { type: WANTED, data: { n: round } },
      ]);
      expected.push(`wanted-${round}`, `wanted-${round}`);
    }
    await store.append(
      'tail',
      0,
      Array.from({ length: 70 }, (_, n) => ({ type: OTHER, data: { n } })),
    );
    await runner.start();
    await runner.startedUp;
    const applied = async () =>
      (await sql<{ stream_id: string }>`select stream_id from applied order by seq`.execute(consumer.db)).rows.map(
        (row) => row.stream_id,
      );
    await eventually(async () => (await applied()).length === expected.length);
    expect(await applied()).toEqual(expected);
    const end = (await readLogAfter(consumer.db, 'producer', LOG_START, 10_000)).events.at(-1)!.position;
    await eventually(async () => (await readCheckpoint(consumer.db, 'recorder')).globalPosition === end.globalPosition);
    expect(await runner.lagOf('recorder')).toBe(0);
  });
});
