/** `npm run agora -- migrate <service>...`: the Kubernetes migrations Job's command (infra/k8s). */
import { loadConfig } from '@agora/platform';
import { createTestDatabase } from '@agora/test-support/database';
import pg from 'pg';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { migrateCommand } from '../src/migrate-command';
import { ALL_SERVICES } from '../src/services';

const log = pino({ level: 'silent' });
let database: { url: string; drop: () => Promise<void> };

beforeAll(async () => {
  database = await createTestDatabase('migrate');
});

afterAll(async () => {
  await database?.drop();
});

async function migrationsRun(schema: string): Promise<string[]> {
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  try {
    const exists = await client.query('select to_regclass($1) as t', [`${schema}.kysely_migration`]);
    if (!exists.rows[0].t) return [];
    const { rows } = await client.query(`select name from ${schema}.kysely_migration order by name`);
    return rows.map((r) => r.name);
  } finally {
    await client.end();
  }
}

describe('migrate', () => {
  it("runs exactly the named services' migrations, and again is a no-op", async () => {
    const config = loadConfig({ env: { DATABASE_URL: database.url } });
    expect(await migrateCommand(config, log, ['tags', 'votes'])).toBe(0);
    for (const name of ['tags', 'votes']) {
      const module = ALL_SERVICES.find((s) => s.name === name);
      const run = await migrationsRun(name);
      for (const migration of Object.keys(module?.migrations ?? {})) expect(run).toContain(migration);
    }
    expect(await migrationsRun('posts')).toEqual([]);
    const before = await migrationsRun('tags');
    expect(await migrateCommand(config, log, ['tags'])).toBe(0);
    expect(await migrationsRun('tags')).toEqual(before);
  });

  it('refuses an unknown service or a missing DATABASE_URL, saying why', async () => {
    const stderr = vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
    try {
      expect(await migrateCommand(loadConfig({ env: { DATABASE_URL: database.url } }), log, ['shop'])).toBe(64);
      expect(await migrateCommand(loadConfig({ env: { DATABASE_URL: database.url } }), log, [])).toBe(64);
      expect(await migrateCommand(loadConfig({ env: {} }), log, ['tags'])).toBe(78);
      expect(stderr.mock.calls.map((c) => String(c[0])).join('')).toContain('DATABASE_URL');
    } finally {
      stderr.mockRestore();
    }
  });
});
