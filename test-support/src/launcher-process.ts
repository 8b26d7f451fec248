import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';

const REPO = path.resolve(import.meta.dirname, '../..');

export interface LauncherProcess {
  child: ChildProcess;
  /** Everything it has printed so far, both streams. */
  output: () => string;
  /** Its exit code once it has ended. */
  exited: Promise<number | null>;
}

/** Launchers started and not yet ended, for `killLaunchers` after a test file. */
const running = new Set<ChildProcess>();

/**
 * The real launcher (`node launcher/agora.mjs start`, as `npm start` runs it, or another of its commands) in its
 * own process group.
 */
export function startLauncher(env: Record<string, string>, command: string[] = ['start']): LauncherProcess {
  let output = '';
  const child = spawn(process.execPath, ['launcher/agora.mjs', ...command], {
    cwd: REPO,
    env: { ...process.env, LOG_LEVEL: 'info', ...env },
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.add(child);
  child.stdout?.on('data', (chunk) => (output += chunk));
  child.stderr?.on('data', (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) =>
    child.once('exit', (code) => {
      running.delete(child);
      resolve(code);
    }),
  );
  return { child, output: () => output, exited };
}

/** SIGKILL to the launcher's whole process group, as a crash or the OOM killer would. */
export function killGroup(child: ChildProcess): void {
  try {
    process.kill(-(child.pid as number), 'SIGKILL');
  } catch {}
}

/** Kills every launcher this process started that is still running (a test file's `afterAll`). */
export function killLaunchers(): void {
  for (const child of running) killGroup(child);
}
