import { setTimeout as sleep } from 'node:timers/promises';
import { createTestDatabase } from '@agora/test-support/database';
import { sql } from 'kysely';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHANGE_TOPIC_SETTING, ChangeFeed, ReadModelCache, TALLIES_TOPIC, watchTables } from '../src/db/change-feed';
import { connectDatabase, type ServiceDatabase } from '../src/db/database';
import { migrateService } from '../src/db/migrate';

const log = pino({ level: 'silent' });

async function until(check: () => boolean, timeoutMs = 5000) {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await sleep(5);
  }
}

describe('read-model change feed', () => {
  let url: string;
  let drop: () => Promise<void>;
  let database: ServiceDatabase;
  let other: ServiceDatabase;
  const feeds: ChangeFeed[] = [];

  beforeAll(async () => {
    ({ url, drop } = await createTestDatabase('changes'));
    database = connectDatabase({ url, schema: 'alpha' });
    other = connectDatabase({ url, schema: 'beta' });
    await migrateService(database, {});
    await migrateService(other, {});
  });

  afterAll(async () => {
    for (const feed of feeds) await feed.stop();
    await database.close();
    await other.close();
    await drop();
  });

  async function feed(schema: string) {
    const f = new ChangeFeed({ url, schema, log, retryMs: 20 });
    feeds.push(f);
    await f.start();
    return f;
  }

  it("names its version apart from another process's, moves it with a change, and has none when it cannot hear", async () => {
    const one = await feed('alpha');
    const another = await feed('alpha');
    const token = one.token;
    expect(token).toMatch(/^[\w-]+\.\d+$/);
    // Two processes at the same count still answer different tokens (the page cache compares them).
    expect(another.token).not.toBe(token);
    expect(one.token).toBe(token);
    one.changed();
    expect(one.token).not.toBe(token);
    await one.stop();
    expect(one.token).toBeNull();
  });

  it("hears another replica's commit to a watched table, and only its own schema's", async () => {
    const replica = await feed('alpha');
    const bystander = await feed('beta');
    const before = replica.version!;
    const bystanderBefore = bystander.version;
    await sql`insert into site_settings (group_name, values, stream_version) values ('general', '{}', 1)`.execute(
      database.db,
    );
    await until(() => replica.version! > before);
    await sleep(50);
    expect(bystander.version).toBe(bystanderBefore);
  });

  it('keeps a topic version apart: only its own tables and commits that name it change it', async () => {
    const replica = await feed('alpha');
    const settings = replica.topic('site_settings');
    const actors = replica.topic('actors');
    const before = { all: replica.version!, settings: settings.version!, actors: actors.version! };
    replica.changed();
    expect(replica.version).toBe(before.all + 1);
    expect(settings.version).toBe(before.settings);
    replica.changed(['actors']);
    expect(actors.version).toBe(before.actors + 1);
    expect(settings.version).toBe(before.settings);
    // Another replica's write to a topic table is announced as that topic (and as a change of the whole).
    await sql`insert into site_settings (group_name, values, stream_version) values ('topic', '{}', 1)`.execute(
      database.db,
    );
    await until(() => settings.version! > before.settings);
    expect(actors.version).toBe(before.actors + 1);
    expect(replica.version).toBeGreaterThan(before.all + 2);
  });

  it('announces the topic a transaction names: tallies empty the caches that show counts and move no version', async () => {
    const replica = await feed('alpha');
    await sql`create table gauges (id int primary key, n int not null)`.execute(database.db);
    await watchTables(database.db, ['gauges']);
    const counting = replica.withTallies();
    const cache = new ReadModelCache<number>(counting);
    expect(await cache.get('n', async () => 1)).toBe(1);
    const before = { version: replica.version, token: replica.token, counting: counting.version! };

    // Another replica's flush of counts.
    await database.db.transaction().execute(async (tx) => {
      await sql`select set_config(${CHANGE_TOPIC_SETTING}, ${TALLIES_TOPIC}, true)`.execute(tx);
      await sql`insert into gauges values (1, 1)`.execute(tx);
    });
    await until(() => counting.version! > before.counting);
    expect(await cache.get('n', async () => 2)).toBe(2);
    expect(replica.version).toBe(before.version);
    expect(replica.token).toBe(before.token);
    // This process's own flush.
    replica.changed([TALLIES_TOPIC]);
    expect(await cache.get('n', async () => 3)).toBe(3);
    expect(replica.token).toBe(before.token);

    // The same write without the setting (the setting ended with its transaction) changes the read models.
    await sql`update gauges set n = 2`.execute(database.db);
    await until(() => replica.version! > before.version!);
    expect(await cache.get('n', async () => 4)).toBe(4);
  });

  it('hears nothing from a transaction that rolls back', async () => {
    const replica = await feed('alpha');
    const before = replica.version;
    await database.db
      .transaction()
      .execute(async (tx) => {
        await sql`update site_settings set stream_version = 2`.execute(tx);
        throw new Error('rolled back');
      })
      .catch(() => {});
    await sleep(100);
    expect(replica.version).toBe(before);
  });

  it('refuses to vouch for anything while its connection is down, and recovers', async () => {
    const replica = await feed('alpha');
    const admin = connectDatabase({ url, schema: 'alpha', maxConnections: 1 });
    await sql`select pg_terminate_backend(pid) from pg_stat_activity where application_name = 'agora-alpha-changes'`.execute(
      admin.db,
    );
    await until(() => replica.version === null);
    await until(() => replica.version !== null);
    await admin.close();
  });

  it('caches a result until the version moves, sharing one load among concurrent misses', async () => {
    const version = { version: 1 as number | null };
    const cache = new ReadModelCache<number>(version);
    let loads = 0;
    const load = async () => {
      loads++;
      await sleep(20);
      return loads;
    };
    const first = await Promise.all([cache.get('k', load), cache.get('k', load), cache.get('k', load)]);
    expect(first).toEqual([1, 1, 1]);
    expect(await cache.get('k', load)).toBe(1);
    version.version = 2;
    expect(await cache.get('k', load)).toBe(2);
    version.version = null;
    expect(await cache.get('k', load)).toBe(3);
    expect(await cache.get('k', load)).toBe(4);
  });

  it('keeps a result that goes stale by itself only until the time it names, though no version moved', async () => {
    const cache = new ReadModelCache<{ read: number; until: number }>({ version: 1 });
    let reads = 0;
    const load = async () => ({ read: ++reads, until: Date.now() + 50 });
    const get = () => cache.get('k', load, (value) => value.until);
    expect((await get()).read).toBe(1);
    expect((await get()).read).toBe(1);
    await sleep(60);
    expect((await get()).read).toBe(2);
    expect((await cache.get('forever', load)).read).toBe(3);
    await sleep(60);
    expect((await cache.get('forever', load)).read).toBe(3);
  });

  it('never keeps a result under a version that moved while it was loading', async () => {
    const version = { version: 1 as number | null };
    const cache = new ReadModelCache<string>(version);
    const stale = await cache.get('k', async () => {
      version.version = 2;
      return 'read before the change';
    });
    expect(stale).toBe('read before the change');
    expect(await cache.get('k', async () => 'fresh')).toBe('fresh');
  });

  it('drops every entry when the version moves, and keeps within its bounds of entries and bytes', async () => {
    const feed = new ChangeFeed({ url, schema: 'cache_bounds', log });
    await feed.start();
    try {
      const cache = new ReadModelCache<Buffer | string>(feed, 3, 1000);
      await cache.get('a', async () => Buffer.alloc(400));
      await cache.get('b', async () => Buffer.alloc(400));
      expect(cache.size).toEqual({ entries: 2, bytes: 800 });
      // Past the byte bound the oldest goes; past the entry bound too; a value bigger than the bound is not kept.
      await cache.get('c', async () => Buffer.alloc(400));
      expect(cache.size).toEqual({ entries: 2, bytes: 800 });
      await cache.get('d', async () => 'small');
      await cache.get('e', async () => 'small');
      expect(cache.size.entries).toBe(3);
      await cache.get('f', async () => Buffer.alloc(2000));
      expect(cache.size.entries).toBe(3);
      // A change: nothing stored could be hit again, so nothing stays.
      feed.changed();
      expect(cache.size).toEqual({ entries: 0, bytes: 0 });
      const topicCache = new ReadModelCache<string>(feed.topic('settings'), 10);
      await topicCache.get('x', async () => 'kept');
      feed.changed(['other']);
      expect(topicCache.size.entries).toBe(1);
      feed.changed(['settings']);
      expect(topicCache.size.entries).toBe(0);
    } finally {
      await feed.stop();
    }
  });
});
