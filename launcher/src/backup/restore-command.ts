import { existsSync, readFileSync } from 'node:fs';
import { stat } from 'node:fs/promises';
import { type AgoraConfig, busSettingsOf, createEventBus } from '@agora/platform';
import type { Logger } from 'pino';
import { parseCommandLine, refuseUsage } from '../command-line';
import { type OpenedDatabase, runtimeFile, startEmbeddedDatabase } from '../embedded';
import { hasAgoraTables } from '../install/tables';
import type { BackupManifest } from './manifest';
import { emptyOrMissing, type RestoreOutcome, RestoreRefused, restoreBackup } from './restore-backup';
import { defaultUploadsDir } from './uploaded-files';
import { BackupInvalid, verifyBackup } from './verify-backup';

export const RESTORE_USAGE = `Usage:
  npm run agora -- restore <file> [--uploads <dir>]

Restores a backup made by \`backup\` into an empty data directory (the embedded default: AGORA_DATA_DIR) or an
empty database (DATABASE_URL): the whole file is read and checked first, and a damaged or cut-short one is refused
before anything is written. Then the event logs and state are loaded, every read model is rebuilt from the events
and the search index written, with progress; \`npm start\` then serves the same site. While it runs, a site started
on the database shows its maintenance page; a restore that fails leaves the target empty again.

Options:
  --uploads <dir>  where the uploaded files go, empty or missing (default: the data directory's uploads/)
  --help           this text
`;

/** The restore asked for, or the status the command ends with (`--help`, or a use refused). */
function parse(args: string[], config: AgoraConfig): { file: string; uploads: string } | { exit: number } {
  const line = parseCommandLine(args, {
    usage: RESTORE_USAGE,
    maxPositionals: 1,
    options: { uploads: { type: 'string' } },
  });
  if (line.exit !== undefined) return line;
  const [file] = line.positionals;
  if (file === undefined) return { exit: refuseUsage(RESTORE_USAGE, 'name the backup file to restore') };
  return { file, uploads: line.values.uploads ?? defaultUploadsDir(config.dataDir) };
}

/** Whether an Agora process is running on the data directory (its runtime file names a live process). */
function runningOn(config: AgoraConfig): boolean {
  const file = runtimeFile(config.dataDir);
  if (!existsSync(file)) return false;
  const { pid } = JSON.parse(readFileSync(file, 'utf8')) as { pid: number };
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function summary(file: string, manifest: BackupManifest, outcome: RestoreOutcome): string {
  const n = (value: number) => value.toLocaleString('en-US');
  const s = outcome.seconds;
  const lines = [
    `Restored ${file}: the site as of ${manifest.snapshot_at} (Agora ${manifest.agora_version}).`,
    `  events: ${n(outcome.events)}; uploaded files: ${n(outcome.files)}`,
    `  seconds: loading ${s.load.toFixed(1)}, own read models ${s.own_logs.toFixed(1)}, projections ${s.projections.toFixed(1)}, search index ${s.search.toFixed(1)}`,
  ];
  const appended = Object.values(outcome.appended).flatMap((types) => Object.entries(types));
  if (appended.length > 0) {
    lines.push(
      `  what the projections had not done by the snapshot, done now: ${appended.map(([type, n]) => `${type} ${n}`).join(', ')}`,
    );
  }
  return lines.join('\n');
}

/**
 * `restore <file>` (docs/adr/0101-backup-and-restore.md). Exit codes: 0 restored, 1 the target is not empty or the
 * restore failed, 64 usage, 65 the file is not a whole backup this Agora can restore.
 */
export async function restoreCommand(config: AgoraConfig, log: Logger, args: string[]): Promise<number> {
  const parsed = parse(args, config);
  if ('exit' in parsed) return parsed.exit;
  const refuse = (why: string, code = 1) => {
    process.stderr.write(`Restore refused: ${why}\n`);
    return code;
  };
  const isFile = await stat(parsed.file).then(
    (info) => info.isFile(),
    () => false,
  );
  if (!isFile) return refuse(`${parsed.file} is not a file`);
  if (!config.databaseUrl && runningOn(config)) {
    return refuse(`Agora is running on ${config.dataDir}: restore into a new, empty data directory (AGORA_DATA_DIR)`);
  }
  if (!(await emptyOrMissing(parsed.uploads))) {
    return refuse(`${parsed.uploads} holds files: restore into an empty uploads folder (--uploads)`);
  }
  let manifest: BackupManifest;
  try {
    manifest = await verifyBackup(parsed.file);
  } catch (error) {
    if (error instanceof BackupInvalid) return refuse(`${parsed.file} cannot be restored: ${error.message}`, 65);
    throw error;
  }

  const opened: OpenedDatabase = config.databaseUrl
    ? { url: config.databaseUrl, server: null }
    : await startEmbeddedDatabase(config, log);
  try {
    if (await hasAgoraTables(opened.url)) {
      return refuse(
        config.databaseUrl
          ? 'the database (DATABASE_URL) holds an Agora already: restore into an empty database'
          : `${config.dataDir} holds an Agora already: restore into a new, empty data directory (AGORA_DATA_DIR)`,
      );
    }
    const bus = await createEventBus({ ...busSettingsOf(config), databaseUrl: opened.url, log });
    try {
      const outcome = await restoreBackup({
        file: parsed.file,
        manifest,
        config,
        databaseUrl: opened.url,
        bus,
        log,
        uploadsDir: parsed.uploads,
      });
      process.stdout.write(`${summary(parsed.file, manifest, outcome)}\n`);
      return 0;
    } catch (error) {
      if (error instanceof RestoreRefused) return refuse(error.message);
      process.stderr.write(`Restore failed, the target is empty again: ${(error as Error).message}\n`);
      return 1;
    } finally {
      await bus.close();
    }
  } finally {
    await opened.server?.stop();
  }
}
