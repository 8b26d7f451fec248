import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { memorySettings, startEmbeddedPostgres } from '../src/embedded-postgres';

const GB = 2 ** 30;

describe('the embedded PostgreSQL', () => {
  it('keeps 128 MB of shared buffers unless configured, and tells the planner of half the memory', () => {
    expect(memorySettings().shared_buffers).toBe('128MB');
    expect(memorySettings(512, 8 * GB).shared_buffers).toBe('512MB');
    expect(memorySettings(undefined, 8 * GB).effective_cache_size).toBe('4096MB');
    expect(memorySettings(undefined, 1 * GB).effective_cache_size).toBe('512MB');
  });

  it('runs with those settings, unless a setting is given', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'agora-embedded-'));
    chmodSync(dir, 0o755);
    const server = await startEmbeddedPostgres({
      dataDir: path.join(dir, 'data'),
      sharedBuffersMb: 96,
      settings: { work_mem: '8MB' },
    });
    const client = new pg.Client({ connectionString: server.adminUrl });
    try {
      await client.connect();
      const show = async (name: string) => (await client.query(`show ${name}`)).rows[0][name];
      expect(await show('shared_buffers')).toBe('96MB');
      expect(await show('work_mem')).toBe('8MB');
    } finally {
      await client.end();
      await server.stop();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
