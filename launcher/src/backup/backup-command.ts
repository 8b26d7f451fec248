import { existsSync } from 'node:fs';
import path from 'node:path';
import type { AgoraConfig } from '@agora/platform';
import type { Logger } from 'pino';
import { listenForStop, parseCommandLine, refuseUsage } from '../command-line';
import { reachDatabase } from '../database-access';
import type { BackupManifest } from './manifest';
import { BackupRefused, BackupStopped, takeBackup } from './take-backup';
import { defaultUploadsDir } from './uploaded-files';

export const BACKUP_USAGE = `Usage:
  npm run agora -- backup <file> [--uploads <dir>] [--jobs <n>]

Takes a consistent backup of the site, while it runs or not, into <file> (a new file): every service's event
log and what no event holds (password hashes, sessions, API keys' last use, secrets, mail already sent), all read
at one instant while writes go on, then the uploaded files, in one archive with a manifest of checksums. Read
models and the search index are not in it: \`restore\` rebuilds them.

Options:
  --uploads <dir>  where the uploaded files are (default: the data directory's uploads/)
  --jobs <n>       tables read at once, each on its own connection (default 2)
  --help           this text
`;

interface Parsed {
  file: string;
  uploads: string;
  jobs: number;
}

/** The backup asked for, or the status the command ends with (`--help`, or a use refused). */
function parse(args: string[], config: AgoraConfig): Parsed | { exit: number } {
  const line = parseCommandLine(args, {
    usage: BACKUP_USAGE,
    maxPositionals: 1,
    options: { uploads: { type: 'string' }, jobs: { type: 'string' } },
  });
  if (line.exit !== undefined) return line;
  const [file] = line.positionals;
  if (file === undefined) return { exit: refuseUsage(BACKUP_USAGE, 'name the file to write the backup to') };
  const jobs = line.values.jobs === undefined ? 2 : Number(line.values.jobs);
  if (!Number.isInteger(jobs) || jobs < 1 || jobs > 16) {
    return { exit: refuseUsage(BACKUP_USAGE, '--jobs must be a whole number from 1 to 16') };
  }
  return { file, uploads: line.values.uploads ?? defaultUploadsDir(config.dataDir), jobs };
}

export function backupSummary(file: string, manifest: BackupManifest, seconds: number): string {
  const n = (value: number) => value.toLocaleString('en-US');
  const events = manifest.services.reduce((sum, s) => sum + (s.tables.find((t) => t.name === 'events')?.rows ?? 0), 0);
  const bytes = manifest.services.flatMap((s) => s.tables).reduce((sum, t) => sum + t.bytes, 0);
  return [
    `Backed up to ${file} in ${seconds.toFixed(1)} s: the site as of ${manifest.snapshot_at}.`,
    `  events: ${n(events)} of ${manifest.services.length} services (${n(Math.round(bytes / 1024))} KiB compressed, with the state)`,
    `  uploaded files: ${n(manifest.uploads.files)} (${n(Math.round(manifest.uploads.bytes / 1024))} KiB)`,
  ].join('\n');
}

/** `backup <file>` (docs/adr/0101-backup-and-restore.md). Exit codes: 0 done, 1 refused or failed, 64 usage, 130 stopped. */
export async function backupCommand(config: AgoraConfig, log: Logger, args: string[]): Promise<number> {
  const parsed = parse(args, config);
  if ('exit' in parsed) return parsed.exit;
  if (!config.databaseUrl && !existsSync(path.join(config.dataDir, 'postgres', 'PG_VERSION'))) {
    process.stderr.write(`Backup refused: there is no site in ${config.dataDir} (AGORA_DATA_DIR, or DATABASE_URL)\n`);
    return 1;
  }
  const stop = listenForStop('Stopping (Ctrl-C again stops at once).');
  const database = await reachDatabase(config, log);
  const started = performance.now();
  try {
    const manifest = await takeBackup({
      databaseUrl: database.url,
      file: parsed.file,
      uploadsDir: parsed.uploads,
      jobs: parsed.jobs,
      stopRequested: () => stop.requested,
    });
    process.stdout.write(`${backupSummary(parsed.file, manifest, (performance.now() - started) / 1000)}\n`);
    return 0;
  } catch (error) {
    if (error instanceof BackupStopped) {
      process.stderr.write('Backup stopped: nothing was written.\n');
      return 130;
    }
    if (error instanceof BackupRefused) {
      process.stderr.write(`Backup refused: ${error.message}\n`);
      return 1;
    }
    throw error;
  } finally {
    stop.release();
    await database.stop();
  }
}
