import { createTestDatabase } from '@agora/test-support/database';
import { eventually } from '@agora/test-support/eventually';
import { sql } from 'kysely';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { announceKeys, ChangeFeed } from '../src/db/change-feed';
import { connectDatabase, type ServiceDatabase } from '../src/db/database';
import { migrateService } from '../src/db/migrate';
import { UserCache } from '../src/db/user-cache';

const log = pino({ level: 'silent' });

/** Rows per user in a table whose changes announce their user, cached per user as services do. */
describe('a user cache on the change feed', () => {
  let drop: () => Promise<void>;
  let database: ServiceDatabase;
  let feed: ChangeFeed;
  let cache: UserCache<number>;
  /** How many announcements of each user the feed has delivered. */
  const heard = new Map<string, number>();
  const heardOf = (userId: string) => heard.get(userId) ?? 0;
  /** Writes, and waits until the feed has delivered the write's announcement (it comes asynchronously). */
  const setAndHear = async (userId: string, n: number) => {
    const before = heardOf(userId);
    await set(userId, n);
    await eventually(() => heardOf(userId) > before);
  };

  const load = (userId: string) => async () =>
    (await sql<{ n: number }>`select n from counters where user_id = ${userId}`.execute(database.db)).rows[0]?.n ?? 0;
  const set = (userId: string, n: number) =>
    sql`insert into counters (user_id, n) values (${userId}, ${n})
        on conflict (user_id) do update set n = excluded.n`.execute(database.db);

  beforeAll(async () => {
    const created = await createTestDatabase('user_cache');
    drop = created.drop;
    database = connectDatabase({ url: created.url, schema: 'svc' });
    await migrateService(database, {
      '20990101_counters': {
        async up(db) {
          await sql`create table counters (user_id text primary key, n integer not null)`.execute(db);
          await announceKeys(db, 'counters', ['counters'], 'user_id');
        },
      },
    });
    feed = new ChangeFeed({ url: created.url, schema: 'svc', log, retryMs: 20 });
    await feed.start();
    cache = new UserCache<number>(feed);
    feed.onKeyChanged('counters', (userId) => cache.evict(userId));
    feed.onKeyChanged('counters', (userId) => heard.set(userId, heardOf(userId) + 1));
  });

  afterAll(async () => {
    await feed?.stop();
    await database?.close();
    await drop?.();
  });

  it("answers from memory until a change of the user is announced, and another user's change leaves it", async () => {
    // Heard first: an announcement arriving after the load below would rightly evict it.
    await setAndHear('u1', 1);
    await setAndHear('u2', 1);
    expect(await cache.get('u1', '', load('u1'))).toBe(1);
    let loads = 0;
    const counted = (userId: string) => async () => {
      loads++;
      return load(userId)();
    };
    expect(await cache.get('u1', '', counted('u1'))).toBe(1);
    expect(loads).toBe(0);
    await setAndHear('u2', 2);
    expect(await cache.get('u2', '', load('u2'))).toBe(2);
    expect(await cache.get('u1', '', counted('u1'))).toBe(1);
    expect(loads).toBe(0);
    await set('u1', 3);
    await eventually(async () => (await cache.get('u1', '', counted('u1'))) === 3);
  });

  it('evicts every sub-key of a user together, and everyone when the table is emptied', async () => {
    expect(await cache.get('u1', 'session-a', load('u1'))).toBe(3);
    await set('u1', 4);
    await eventually(async () => (await cache.get('u1', 'session-a', load('u1'))) === 4);
    expect(await cache.get('u2', '', load('u2'))).toBe(2);
    await sql`truncate counters`.execute(database.db);
    await eventually(async () => (await cache.get('u2', '', load('u2'))) === 0);
    expect(await cache.get('u1', '', load('u1'))).toBe(0);
  });

  it('does not keep a load that an eviction of its user overlapped', async () => {
    let release: () => void = () => {};
    const slow = cache.get('u3', '', async () => {
      await new Promise<void>((resolve) => {
        release = resolve;
      });
      return 5;
    });
    cache.evict('u3');
    release();
    expect(await slow).toBe(5);
    expect(await cache.get('u3', '', async () => 6)).toBe(6);
  });

  it('caches nothing while it cannot hear announcements', async () => {
    await feed.stop();
    let loads = 0;
    const counted = async () => ++loads;
    await cache.get('u4', '', counted);
    await cache.get('u4', '', counted);
    expect(loads).toBe(2);
  });
});
