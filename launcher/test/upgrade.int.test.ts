/**
 * Upgrades (docs/adr/0061-upgrades.md): a database at an older schema (each service's last migrations not
 * run) is brought up to date with its data kept; a failing migration stops the upgrade naming the service and
 * the migration, and leaves that service's schema as it was; visitors meanwhile get /maintenance.
 */
import { connectDatabase, migrateService, type ServiceModule } from '@agora/platform';
import { createTestDatabase } from '@agora/test-support/database';
import { type Kysely, sql } from 'kysely';
import pg from 'pg';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALL_SERVICES } from '../src/services';
import { createMaintenanceApp } from '../src/upgrade/maintenance-app';
import { pendingMigrations } from '../src/upgrade/pending';
import { upgradeDatabase } from '../src/upgrade/upgrade';

const log = pino({ level: process.env.TEST_LOG_LEVEL ?? 'silent' });
let database: { url: string; drop: () => Promise<void> };

/** The service as an older release shipped it: without its newest `count` migrations. */
function olderRelease(module: ServiceModule, count: number): ServiceModule {
  const keys = Object.keys(module.migrations).sort();
  const kept = keys.slice(0, Math.max(0, keys.length - count));
  return { ...module, migrations: Object.fromEntries(kept.map((k) => [k, module.migrations[k]])) } as ServiceModule;
}

async function query<T>(text: string, values: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  try {
    return (await client.query(text, values)).rows as T[];
  } finally {
    await client.end();
  }
}

beforeAll(async () => {
  database = await createTestDatabase('upgrade');
  // The older release: every service's schema without its newest migration (platform ones included).
  for (const module of ALL_SERVICES) {
    const older = olderRelease(module, 1);
    const db = connectDatabase({ url: database.url, schema: module.name, maxConnections: 1 });
    try {
      await migrateService(db, older.migrations);
    } finally {
      await db.close();
    }
  }
  // Data written by the older release.
  await query(
    `insert into site.events (event_id, stream_id, stream_version, type, data, metadata)
     values (gen_random_uuid(), 'kept-stream', 1, 'site.kept', '{"kept": true}', '{}')`,
  );
});

afterAll(async () => {
  await database?.drop();
});

describe('an upgrade', () => {
  it('finds what the older schema lacks, runs it under the lock, and keeps the data', async () => {
    const pending = await pendingMigrations(database.url, ALL_SERVICES);
    expect(pending.length).toBeGreaterThan(0);
    for (const entry of pending) expect(entry.migrations.length).toBe(1);

    await upgradeDatabase(database.url, ALL_SERVICES, pending, log);
    expect(await pendingMigrations(database.url, ALL_SERVICES)).toEqual([]);
    const kept = await query<{ data: { kept: boolean } }>(
      "select data from site.events where stream_id = 'kept-stream'",
    );
    expect(kept).toEqual([{ data: { kept: true } }]);
  }, 120_000);

  it('stops at a failing migration, naming it, with that service schema left as it was', async () => {
    const [first] = ALL_SERVICES;
    if (!first) throw new Error('no services');
    const broken: ServiceModule = {
      ...first,
      migrations: {
        ...first.migrations,
        '9998_adds_a_table': {
          async up(db: Kysely<unknown>) {
            await sql`create table upgrade_probe (id integer)`.execute(db);
          },
        },
        '9999_breaks': {
          async up(db: Kysely<unknown>) {
            await sql`alter table no_such_table add column x integer`.execute(db);
          },
        },
      },
    } as ServiceModule;
    const services = [broken, ...ALL_SERVICES.slice(1)];
    const pending = await pendingMigrations(database.url, services);
    expect(pending).toEqual([{ service: first.name, migrations: ['9998_adds_a_table', '9999_breaks'] }]);

    await expect(upgradeDatabase(database.url, services, pending, log)).rejects.toThrow(
      new RegExp(`the upgrade stopped at ${first.name}: Migration 9999_breaks of schema ${first.name} failed`),
    );
    // The service's migrations run in one transaction: the table the first one made is gone with it.
    expect(await query(`select to_regclass('${first.name}.upgrade_probe') as probe`)).toEqual([{ probe: null }]);
    expect(await pendingMigrations(database.url, services)).toEqual(pending);
    expect(await query("select 1 from site.events where stream_id = 'kept-stream'")).toHaveLength(1);
  }, 60_000);
});

describe('while an upgrade runs', () => {
  it('shows visitors /maintenance in their language and answers the API with 503', async () => {
    const app = await createMaintenanceApp(log);
    try {
      const home = await app.inject({ url: '/questions' });
      expect(home.statusCode).toBe(302);
      expect(home.headers.location).toBe('/maintenance');
      const page = await app.inject({ url: '/maintenance' });
      expect(page.statusCode).toBe(503);
      expect(page.headers['retry-after']).toBe('5');
      expect(page.body).toContain("The site is under maintenance. We'll be back soon.".replace("'", '&#39;'));
      const zh = await app.inject({ url: '/maintenance', headers: { 'accept-language': 'zh-CN' } });
      expect(zh.body).toContain('网站正在维护中，我们很快回来。');
      const api = await app.inject({ url: '/answer/api/v1/siteinfo' });
      expect(api.statusCode).toBe(503);
      expect(JSON.parse(api.body)).toMatchObject({
        code: 503,
        msg: "The site is under maintenance. We'll be back soon.",
      });
    } finally {
      await app.close();
    }
  });
});
