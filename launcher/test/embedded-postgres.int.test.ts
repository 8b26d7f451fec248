import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { memorySettings, startEmbeddedPostgres } from '../src/embedded-postgres';

const GB = 2 ** 30;

describe('the embedded PostgreSQL', () => {
  it('sizes its shared buffers from the memory: a sixteenth, between 128 MB and 1 GB', () => {
    expect(memorySettings(1 * GB).shared_buffers).toBe('128MB');
    expect(memorySettings(8 * GB).shared_buffers).toBe('512MB');
    expect(memorySettings(24 * GB).shared_buffers).toBe('1024MB');
    expect(memorySettings(256 * GB).shared_buffers).toBe('1024MB');
    expect(memorySettings(8 * GB).effective_cache_size).toBe('4096MB');
  });

  it('runs with those settings, unless a setting is given', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'agora-embedded-'));
    chmodSync(dir, 0o755);
    const server = await startEmbeddedPostgres({ dataDir: path.join(dir, 'data'), settings: { work_mem: '8MB' } });
    const client = new pg.Client({ connectionString: server.adminUrl });
    try {
      await client.connect();
      const show = async (name: string) => (await client.query(`show ${name}`)).rows[0][name];
      const expected = memorySettings().shared_buffers!.replace('1024MB', '1GB');
      expect(await show('shared_buffers')).toBe(expected);
      expect(await show('work_mem')).toBe('8MB');
    } finally {
      await client.end();
      await server.stop();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
