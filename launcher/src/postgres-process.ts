import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { setTimeout as sleep } from 'node:timers/promises';
import { postgresBinaries, type ServerUser } from './postgres-cluster';
import { findServer, stopLeftover } from './postgres-leftovers';

export type Report = (level: 'info' | 'warn' | 'error', message: string) => void;

export interface SupervisedServer {
  pid(): number | undefined;
  stop(): Promise<void>;
}

export interface SuperviseOptions {
  dataDir: string;
  args: string[];
  user: ServerUser | null;
  /** PostgreSQL's own output lines. */
  output: (line: string) => void;
  report: Report;
  /** Called once when the server died and could not be started again. */
  onGone: (error: Error) => void;
  /** Pauses before each restart of one outage; the count starts afresh after a minute of service. */
  restartDelaysMs?: number[];
}

const RESTART_DELAYS_MS = [200, 500, 1_000, 2_000, 4_000];
const STABLE_MS = 60_000;

let pdeathsig: boolean | undefined;
/**
 * On Linux, util-linux's `setpriv` sets the parent-death signal and then runs postgres: if Agora dies,
 * even by SIGKILL, the kernel sends its server SIGINT (a fast, clean shutdown). Elsewhere (or without
 * setpriv) the next start finds and stops the leftover server instead.
 */
function dieWithParent(): boolean {
  pdeathsig ??=
    process.platform === 'linux' &&
    (spawnSync('setpriv', ['--help'], { encoding: 'utf8' }).stdout ?? '').includes('--pdeathsig');
  return pdeathsig;
}

/**
 * Runs `postgres` in a process group of its own, so that Ctrl-C in a terminal reaches only Agora, which
 * then stops the database last instead of racing it.
 */
async function spawnServer(options: SuperviseOptions): Promise<ChildProcess> {
  const { postgres } = await postgresBinaries();
  const [command, args] = dieWithParent()
    ? ['setpriv', ['--pdeathsig', 'INT', '--', postgres, ...options.args]]
    : [postgres, options.args];
  const child = spawn(command, args, {
    ...(options.user ? { uid: options.user.uid, gid: options.user.gid } : {}),
    detached: true,
    stdio: ['ignore', 'ignore', 'pipe'],
    env: { ...process.env, LC_MESSAGES: 'C' },
  });
  await new Promise<void>((resolve, reject) => {
    let output = '';
    const collect = (chunk: Buffer) => {
      output += chunk.toString('utf8');
      if (output.includes('database system is ready to accept connections')) {
        child.stderr?.off('data', collect);
        child.off('close', failed);
        resolve();
      }
    };
    const failed = (code: number | null, signal: string | null) =>
      reject(new Error(`PostgreSQL exited (${signal ?? code}) while starting:\n${output.slice(-2000)}`));
    child.stderr?.on('data', collect);
    child.once('error', reject);
    child.once('close', failed);
  });
  child.stderr?.on('data', (chunk: Buffer) => options.output(chunk.toString('utf8').trim()));
  return child;
}

/**
 * Starts the server and keeps it running: if it dies while Agora runs, it is started again on the same
 * port and data directory, a bounded number of times with growing pauses; if it cannot be, `onGone`.
 */
export async function superviseServer(options: SuperviseOptions): Promise<SupervisedServer> {
  const delays = options.restartDelaysMs ?? RESTART_DELAYS_MS;
  let stopping = false;
  let attempt = 0;
  let stableTimer: NodeJS.Timeout | undefined;
  let child = await spawnServer(options);

  const stopOnExit = () => child.kill('SIGINT');
  process.on('exit', stopOnExit);

  const watch = (server: ChildProcess) => {
    clearTimeout(stableTimer);
    stableTimer = setTimeout(() => (attempt = 0), STABLE_MS).unref();
    server.once('exit', (code, signal) => {
      if (!stopping) void recover(server.pid, signal ?? `exit code ${code}`);
    });
  };

  const recover = async (pid: number | undefined, how: string) => {
    clearTimeout(stableTimer);
    options.report('error', `PostgreSQL (pid ${pid}) stopped unexpectedly (${how}); starting it again`);
    let lastError: unknown;
    while (attempt < delays.length && !stopping) {
      await sleep(delays[attempt] ?? 0);
      attempt += 1;
      if (stopping) return;
      try {
        const leftover = findServer(options.dataDir);
        if (leftover) await stopLeftover(options.dataDir, leftover, (line) => options.report('warn', line));
        child = await spawnServer(options);
        if (stopping) {
          child.kill('SIGINT');
          return;
        }
        watch(child);
        options.report(
          'info',
          `PostgreSQL is running again (pid ${child.pid}, restart ${attempt} of ${delays.length})`,
        );
        return;
      } catch (error) {
        lastError = error;
        options.report('error', `restart ${attempt} of ${delays.length} of PostgreSQL failed: ${String(error)}`);
      }
    }
    if (stopping) return;
    process.off('exit', stopOnExit);
    options.onGone(
      new Error(
        `PostgreSQL of ${options.dataDir} died and could not be started again after ${delays.length} tries ` +
          `(last: ${String(lastError)})`,
      ),
    );
  };

  watch(child);
  return {
    pid: () => child.pid,
    async stop() {
      stopping = true;
      clearTimeout(stableTimer);
      process.off('exit', stopOnExit);
      const server = child;
      if (server.exitCode !== null || server.signalCode !== null) return;
      const exited = new Promise((resolve) => server.once('exit', resolve));
      server.kill('SIGINT');
      const slow = setTimeout(() => server.kill('SIGQUIT'), 60_000);
      await exited;
      clearTimeout(slow);
    },
  };
}
