import { spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { eventually } from '@agora/test-support/eventually';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { startEmbeddedPostgres } from '../src/embedded-postgres';
import { initCluster, postgresBinaries, serverUser } from '../src/postgres-cluster';
import { LEGACY_PASSWORD, passwordFileOf, signsIn } from '../src/postgres-credentials';

const root = mkdtempSync(path.join(os.tmpdir(), 'agora-pg-safety-'));
// The folder of these clusters, as Agora's own data directory would be (0711 as root, see protectDataDir).
chmodSync(root, 0o711);
afterAll(() => rmSync(root, { recursive: true, force: true }));

const clusterDir = (name: string) => path.join(root, name);
const portOf = (url: string) => Number(new URL(url).port);
const postmasterOf = (dataDir: string) =>
  Number(readFileSync(path.join(dataDir, 'postmaster.pid'), 'utf8').split('\n')[0]);

function alive(pid: number) {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function rowsOf(url: string, sql: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(sql)).rows;
  } finally {
    await client.end();
  }
}

describe('the embedded PostgreSQL credentials', () => {
  it('has a generated password in a 0600 file, refuses the old default, signs in by scram-sha-256 only, keeps its cluster 0700', async () => {
    const dataDir = clusterDir('fresh');
    const server = await startEmbeddedPostgres({ dataDir, ephemeral: true });
    try {
      const port = portOf(server.adminUrl);
      const password = readFileSync(passwordFileOf(dataDir), 'utf8').trim();
      expect(password.length).toBeGreaterThanOrEqual(40);
      expect(decodeURIComponent(new URL(server.adminUrl).password)).toBe(password);
      expect(statSync(passwordFileOf(dataDir)).mode & 0o777).toBe(0o600);
      expect(statSync(dataDir).mode & 0o777).toBe(0o700);
      expect(await signsIn(port, 'postgres', LEGACY_PASSWORD)).toBe(false);
      expect(await signsIn(port, 'postgres', password)).toBe(true);
      const rules = await rowsOf(server.adminUrl, 'select type, auth_method from pg_hba_file_rules');
      expect(rules.map((r) => r.type).sort()).toEqual(['host', 'host', 'local']);
      expect(new Set(rules.map((r) => r.auth_method))).toEqual(new Set(['scram-sha-256']));
    } finally {
      await server.stop();
    }
  });

  it('gives a cluster made with the old default password its own, keeping its data', async () => {
    const dataDir = clusterDir('legacy');
    // What earlier versions made: initdb with the superuser password "postgres", no password file.
    await initCluster(dataDir, LEGACY_PASSWORD, await serverUser());
    expect(existsSync(passwordFileOf(dataDir))).toBe(false);
    const first = await startEmbeddedPostgres({ dataDir, ephemeral: true });
    const port = portOf(first.adminUrl);
    const password = readFileSync(passwordFileOf(dataDir), 'utf8').trim();
    try {
      expect(statSync(passwordFileOf(dataDir)).mode & 0o777).toBe(0o600);
      expect(await signsIn(port, 'postgres', LEGACY_PASSWORD)).toBe(false);
      await rowsOf(first.adminUrl, 'create table kept as select 42 as answer');
    } finally {
      await first.stop();
    }
    const again = await startEmbeddedPostgres({ dataDir, ephemeral: true });
    try {
      expect(readFileSync(passwordFileOf(dataDir), 'utf8').trim()).toBe(password);
      expect(await rowsOf(again.adminUrl, 'select answer from kept')).toEqual([{ answer: 42 }]);
    } finally {
      await again.stop();
    }
  });

  it.runIf(process.getuid?.() === 0)(
    'as root, names the folder its server user cannot enter and the fix, instead of failing in initdb',
    async () => {
      const closed = mkdtempSync(path.join(os.tmpdir(), 'agora-closed-'));
      try {
        expect(statSync(closed).mode & 0o777).toBe(0o700);
        await expect(startEmbeddedPostgres({ dataDir: path.join(closed, 'data'), ephemeral: true })).rejects.toThrow(
          `PostgreSQL runs as the system user "postgres" because Agora runs as root, and that user cannot enter ${closed}. Let it pass (chmod o+x ${closed})`,
        );
      } finally {
        rmSync(closed, { recursive: true, force: true });
      }
    },
  );
});

describe('a leftover embedded server', () => {
  it('left running by a dead launcher is stopped by the next start, which keeps its data', async () => {
    const dataDir = clusterDir('leftover');
    const first = await startEmbeddedPostgres({ dataDir, ephemeral: true });
    const port = portOf(first.adminUrl);
    await rowsOf(first.adminUrl, 'create table kept as select 7 as answer');
    await first.stop();
    // A server no Agora process owns, started the way a launcher killed between spawn and hook leaves it.
    const { postgres } = await postgresBinaries();
    const user = await serverUser();
    const orphan = spawn(postgres, ['-D', dataDir, '-p', String(port), '-c', 'listen_addresses=127.0.0.1'], {
      ...(user ? { uid: user.uid, gid: user.gid } : {}),
      detached: true,
      stdio: 'ignore',
    });
    await eventually(async () => !(await signsIn(port, 'postgres', 'wrong').catch(() => true)), 10_000, 100);

    const second = await startEmbeddedPostgres({ dataDir, ephemeral: true, port });
    try {
      expect(orphan.exitCode !== null || orphan.signalCode !== null || !alive(orphan.pid!)).toBe(true);
      expect(await rowsOf(second.adminUrl, 'select answer from kept')).toEqual([{ answer: 7 }]);
    } finally {
      await second.stop();
    }
  });

  it('is told from the server of another cluster whose pid a stale postmaster.pid names: that one is never touched', async () => {
    const dataDir = clusterDir('stale-pid');
    const mine = await startEmbeddedPostgres({ dataDir, ephemeral: true });
    await mine.stop();
    const bystanderDir = clusterDir('bystander');
    const bystander = await startEmbeddedPostgres({ dataDir: bystanderDir, ephemeral: true });
    try {
      const bystanderPid = postmasterOf(bystanderDir);
      const stale = readFileSync(path.join(bystanderDir, 'postmaster.pid'), 'utf8').split('\n');
      stale[1] = dataDir;
      writeFileSync(path.join(dataDir, 'postmaster.pid'), stale.join('\n'));
      const started = await startEmbeddedPostgres({ dataDir, ephemeral: true });
      await started.stop();
      expect(alive(bystanderPid)).toBe(true);
      expect(await rowsOf(bystander.adminUrl, 'select 1 as up')).toEqual([{ up: 1 }]);
    } finally {
      await bystander.stop();
    }
  });
});

describe('supervision of the embedded server', () => {
  it('starts the server again on the same port when it is killed', async () => {
    const dataDir = clusterDir('restarted');
    const server = await startEmbeddedPostgres({ dataDir, ephemeral: true });
    try {
      const before = postmasterOf(dataDir);
      process.kill(before, 'SIGKILL');
      const up = () =>
        rowsOf(server.adminUrl, 'select 1 as up').then(
          () => true,
          () => false,
        );
      await eventually(up, 10_000, 100);
      expect(postmasterOf(dataDir)).not.toBe(before);
    } finally {
      await server.stop();
    }
  });

  it('reports the server gone when it cannot be started again', async () => {
    const dataDir = clusterDir('gone');
    let gone: Error | undefined;
    const server = await startEmbeddedPostgres({
      dataDir,
      ephemeral: true,
      restartDelaysMs: [300, 300],
      report: () => {},
      onGone: (error) => (gone = error),
    });
    const port = portOf(server.adminUrl);
    const squatter = net.createServer();
    try {
      process.kill(postmasterOf(dataDir), 'SIGKILL');
      // Someone takes the port before the first restart.
      const squat = () =>
        new Promise<boolean>((resolve) => {
          squatter.once('error', () => resolve(false));
          squatter.listen(port, '127.0.0.1', () => resolve(true));
        });
      await eventually(squat, 250, 5);
      await eventually(() => gone !== undefined, 10_000, 50);
      expect(gone?.message).toContain('could not be started again after 2 tries');
    } finally {
      squatter.close();
      await server.stop();
    }
  });
});
