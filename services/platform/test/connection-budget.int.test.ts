import { setTimeout as sleep } from 'node:timers/promises';
import { createTestDatabase } from '@agora/test-support/database';
import { eventually } from '@agora/test-support/eventually';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectDatabase } from '../src/db/database';
import { executePrepared } from '../src/db/prepared';

let url: string;
let drop: () => Promise<void>;
let observer: pg.Pool;

beforeAll(async () => {
  ({ url, drop } = await createTestDatabase('budget'));
  observer = new pg.Pool({ connectionString: url, max: 1 });
});

afterAll(async () => {
  await observer?.end();
  await drop?.();
});

const openConnections = async (applicationName: string) =>
  Number(
    (
      await observer.query<{ n: string }>(
        'select count(*) as n from pg_stat_activity where application_name = $1 and datname = current_database()',
        [applicationName],
      )
    ).rows[0]?.n,
  );

describe('connection budget', () => {
  it('releases idle connections of the pool after the idle timeout, and never opens more than its size', async () => {
    const database = connectDatabase({
      url,
      schema: 'budget',
      maxConnections: 3,
      idleTimeoutMs: 300,
      applicationName: 'agora-budget-idle',
    });
    try {
      await Promise.all(Array.from({ length: 8 }, () => sql`select pg_sleep(0.05)`.execute(database.db)));
      expect(await openConnections('agora-budget-idle')).toBe(3);
      await sleep(300);
      await eventually(async () => (await openConnections('agora-budget-idle')) === 0, 2000);
    } finally {
      await database.close();
    }
  });

  it('keeps session state off the query pool: a lease on the session pool, which has its own name', async () => {
    const database = connectDatabase({ url, schema: 'budget', maxConnections: 2, applicationName: 'agora-budget-s' });
    try {
      const held = await database.sessionPool.connect();
      await sql`select 1`.execute(database.db);
      expect(await openConnections('agora-budget-s-session')).toBe(1);
      expect(await openConnections('agora-budget-s')).toBe(1);
      held.release();
    } finally {
      await database.close();
    }
    // The server ends a closed connection's backend a moment later.
    await eventually(async () => (await openConnections('agora-budget-s-session')) === 0, 2000);
  });

  it('runs hot statements unprepared when told to (a pooler that cannot keep them)', async () => {
    const database = connectDatabase({ url, schema: 'budget', maxConnections: 1, prepared: false });
    try {
      const doubled = sql<{ d: number }>`select ${4}::int * 2 as d /* budget unprepared */`;
      expect((await executePrepared(database.db, doubled)).rows).toEqual([{ d: 8 }]);
      const prepared = await sql<{ name: string }>`select name from pg_prepared_statements`.execute(database.db);
      expect(prepared.rows).toEqual([]);
    } finally {
      await database.close();
    }
  });
});
