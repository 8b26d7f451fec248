import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, readlinkSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

/**
 * Finding and stopping a PostgreSQL server that an earlier Agora process left running on the same data
 * directory (docs/adr/0043-embedded-database.md). A server is only ever
 * recognised by its data directory: a postgres serving any other cluster is never touched.
 */

/** Who started the server now running on a cluster: the pid of that Agora process. */
export const ownerFileOf = (dataDir: string) => `${dataDir}.owner`;

export function recordOwner(dataDir: string): void {
  writeFileSync(ownerFileOf(dataDir), `${process.pid}\n`);
}

export function forgetOwner(dataDir: string): void {
  rmSync(ownerFileOf(dataDir), { force: true });
}

export interface RunningServer {
  /** The postmaster, if alive. */
  postmaster: number | null;
  /** Every live postgres process of this cluster (the postmaster, backends orphaned by its death). */
  processes: number[];
  port: number | null;
  /** The Agora process that started it, when that process is alive and still its parent. */
  owner: number | null;
}

interface ProcessInfo {
  ppid: number;
  isPostgres: boolean;
  /** The folder it works in: a postmaster and its backends work in their data directory. */
  cwd: string | null;
}

const HAS_PROC = existsSync('/proc/self/stat');

function processInfo(pid: number): ProcessInfo | null {
  try {
    if (HAS_PROC) {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      const name = path.basename(readlinkSync(`/proc/${pid}/exe`));
      return { ppid, isPostgres: name === 'postgres', cwd: readlinkSync(`/proc/${pid}/cwd`) };
    }
    const [ppid, ...command] = execFileSync('ps', ['-o', 'ppid=,comm=', '-p', String(pid)], { encoding: 'utf8' })
      .trim()
      .split(/\s+/);
    return { ppid: Number(ppid), isPostgres: path.basename(command.join(' ')) === 'postgres', cwd: null };
  } catch {
    return null;
  }
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** postmaster.pid: pid, data directory, start time, port, ... */
function readPidFile(dataDir: string): { pid: number; dataDir: string; port: number } | null {
  try {
    const [pid, dir, , port] = readFileSync(path.join(dataDir, 'postmaster.pid'), 'utf8').split('\n');
    return { pid: Number(pid), dataDir: dir ?? '', port: Number(port) };
  } catch {
    return null;
  }
}

function serves(pid: number, info: ProcessInfo, dataDir: string, pidFile: { pid: number; dataDir: string } | null) {
  if (!info.isPostgres) return false;
  if (info.cwd !== null) return info.cwd === dataDir;
  return pidFile?.pid === pid && path.resolve(pidFile.dataDir) === dataDir;
}

/** The server running on `dataDir`, or null when none is. */
export function findServer(dataDir: string): RunningServer | null {
  if (!existsSync(dataDir)) return null;
  const dir = realpathSync(dataDir);
  const pidFile = readPidFile(dir);
  const candidates = HAS_PROC
    ? readdirSync('/proc')
        .filter((name) => /^\d+$/.test(name))
        .map(Number)
    : pidFile
      ? [pidFile.pid]
      : [];
  const processes = new Map<number, ProcessInfo>();
  for (const pid of candidates) {
    if (pid === process.pid) continue;
    const info = processInfo(pid);
    if (info && serves(pid, info, dir, pidFile)) processes.set(pid, info);
  }
  if (processes.size === 0) return null;
  const postmaster =
    pidFile && processes.has(pidFile.pid)
      ? pidFile.pid
      : ([...processes].find(([, info]) => !processes.has(info.ppid))?.[0] ?? null);
  let owner: number | null = null;
  try {
    const recorded = Number(readFileSync(ownerFileOf(dataDir), 'utf8').trim());
    if (postmaster !== null && processes.get(postmaster)?.ppid === recorded && alive(recorded)) owner = recorded;
  } catch {}
  return {
    postmaster,
    processes: [...processes.keys()],
    port: postmaster !== null && pidFile?.pid === postmaster ? pidFile.port : null,
    owner,
  };
}

async function gone(pids: number[], timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (pids.some(alive)) {
    if (Date.now() > deadline) return false;
    await sleep(100);
  }
  return true;
}

function signal(pid: number, name: NodeJS.Signals) {
  try {
    process.kill(pid, name);
  } catch {}
}

/**
 * Stops a server no live Agora process owns: a fast shutdown (SIGINT) first, which finishes with a
 * checkpoint; an immediate one (SIGQUIT) if that takes too long; SIGKILL last, and at once for backends
 * whose postmaster is already dead (crash recovery on the next start makes the cluster whole).
 */
export async function stopLeftover(
  dataDir: string,
  server: RunningServer,
  log: (line: string) => void,
  { fastMs = 5_000, immediateMs = 5_000 } = {},
): Promise<void> {
  if (server.postmaster !== null) {
    log(
      `PostgreSQL of ${dataDir} (pid ${server.postmaster}) was left running by an Agora process that ended ` +
        'without stopping it; stopping it',
    );
    signal(server.postmaster, 'SIGINT');
    if (!(await gone(server.processes, fastMs))) {
      signal(server.postmaster, 'SIGQUIT');
      await gone(server.processes, immediateMs);
    }
  } else {
    log(`stopping ${server.processes.length} PostgreSQL process(es) of ${dataDir} whose server has died`);
  }
  for (const pid of server.processes) signal(pid, 'SIGKILL');
  if (!(await gone(server.processes, 5_000))) {
    throw new Error(`PostgreSQL processes ${server.processes.join(', ')} of ${dataDir} would not stop`);
  }
  forgetOwner(dataDir);
}

/**
 * With no process of the cluster left, its postmaster.pid is stale. PostgreSQL ignores a stale one only
 * while its pid is free: if that pid now belongs to another process of the server's user (another
 * cluster's backend, say), it would refuse to start. Where /proc shows every process, the file goes.
 */
export function removeStalePidFile(dataDir: string): void {
  if (HAS_PROC && findServer(dataDir) === null) rmSync(path.join(dataDir, 'postmaster.pid'), { force: true });
}
