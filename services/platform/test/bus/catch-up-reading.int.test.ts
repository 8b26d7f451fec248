import { sql } from 'kysely';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ProjectionRunner } from '../../src/projections/runner';
import { openProducerAndConsumer, type ProducerAndConsumer } from './producer-and-consumer';
import { APPLIED_TABLE_SQL, recordingProjection } from './test-projection';

const log = pino({ level: process.env.TEST_LOG_LEVEL ?? 'silent' });

/**
 * A command that reads the database after catching up (votes' target, say) may have the read made with the
 * catch-up's first look, in one statement: when nothing is unread, the rows are those of that snapshot; when the
 * group is behind, it waits and gives no rows, so the caller reads after (docs/adr/0044-catching-up.md).
 */
describe('postgres bus: a read made with the catch-up', () => {
  let databases: ProducerAndConsumer;
  let runner: ProjectionRunner;
  const append = (stream: string, n: number) =>
    databases.store.append(stream, 0, [{ type: 'test.appended', data: { n } }]);
  const applied = (stream: string) =>
    sql<{ n: number }>`select count(*)::int as n from applied where stream_id = ${stream}`;

  beforeAll(async () => {
    databases = await openProducerAndConsumer('catch_up_reading', log);
    await APPLIED_TABLE_SQL.execute(databases.consumer.db);
    runner = new ProjectionRunner({
      bus: databases.bus,
      database: databases.consumer,
      log,
      projections: [recordingProjection({ source: 'producer', delayMs: 150 })],
    });
    await runner.start();
  });

  afterAll(async () => {
    await runner?.stop();
    await databases?.close();
  });

  it('gives the rows of its own snapshot when nothing is unread, and none while the group is behind', async () => {
    await append('s-1', 1);
    // Behind: the projection takes 150 ms an event. The catch-up waits, and the caller must read afterwards.
    const behind = await runner.catchUpReading('recorder', { streams: ['s-1'], timeoutMs: 5000 }, applied('s-1'));
    expect(behind).toEqual({ caughtUp: true });
    // Caught up: one statement both looks and reads, and the read sees what the group applied.
    const current = await runner.catchUpReading('recorder', { streams: ['s-1'], timeoutMs: 5000 }, applied('s-1'));
    expect(current).toEqual({ caughtUp: true, rows: [{ n: 1 }] });
    // Another stream's events do not hold it up.
    await append('s-2', 2);
    const other = await runner.catchUpReading('recorder', { streams: ['s-1'], timeoutMs: 5000 }, applied('s-1'));
    expect(other).toEqual({ caughtUp: true, rows: [{ n: 1 }] });
  });

  it('reads nothing and says so when the wait runs out', async () => {
    await runner.pause('recorder');
    await append('s-3', 3);
    const late = await runner.catchUpReading('recorder', { streams: ['s-3'], timeoutMs: 200 }, applied('s-3'));
    expect(late).toEqual({ caughtUp: false });
    await runner.resume('recorder');
  });
});
