import { chmodSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort, startEmbeddedPostgres } from '@agora/launcher/embedded-postgres';
import pg from 'pg';

/**
 * A PostgreSQL server of a test's own (not the shared test cluster, which other test files use), run
 * under the launcher's supervision, for tests that kill it: after a kill the supervision starts it again
 * on the same port and data directory once `outageMs` has passed, as the embedded launcher does.
 */
export interface OwnPostgres {
  /** A database on it, to hand to `startStack({ database })`. */
  database: { url: string; drop(): Promise<void> };
  /** SIGKILL to the server process (the postmaster), as a crash or an OOM killer would. */
  kill(): void;
  /** Whether it accepts a connection and answers `select 1` now. */
  accepts(): Promise<boolean>;
  close(): Promise<void>;
}

export async function startOwnPostgres(options: { outageMs: number }): Promise<OwnPostgres> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'agora-own-pg-'));
  // As root, PostgreSQL runs as its own system user, which must be able to enter the folder.
  chmodSync(dir, 0o755);
  const dataDir = path.join(dir, 'data');
  const server = await startEmbeddedPostgres({
    dataDir,
    port: await freePort(),
    settings: { shared_buffers: '128MB' },
    restartDelaysMs: [options.outageMs],
    report: () => {},
  });
  const admin = new pg.Client({ connectionString: server.adminUrl });
  await admin.connect();
  await admin.query('create database agora');
  await admin.end();
  return {
    database: { url: server.urlFor('agora'), drop: async () => {} },
    kill() {
      const pid = Number(readFileSync(path.join(dataDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
      process.kill(pid, 'SIGKILL');
    },
    async accepts() {
      const client = new pg.Client({ connectionString: server.adminUrl, connectionTimeoutMillis: 1000 });
      client.on('error', () => {});
      try {
        await client.connect();
        await client.query('select 1');
        return true;
      } catch {
        return false;
      } finally {
        await client.end().catch(() => {});
      }
    },
    async close() {
      await server.stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
