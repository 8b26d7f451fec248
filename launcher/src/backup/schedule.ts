import { mkdir, readdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { Writable } from 'node:stream';
import type { AgoraConfig } from '@agora/platform';
import type { Logger } from 'pino';
import { backupSummary } from './backup-command';
import { takeBackup } from './take-backup';
import { defaultUploadsDir } from './uploaded-files';

/** A scheduled backup's name: the UTC time it began, so that names sort as times do. */
const SCHEDULED = /^agora-backup-\d{8}T\d{6}Z\.tar$/;

export const scheduledBackupName = (at: Date) =>
  `agora-backup-${at
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '')}.tar`;

/** Deletes the oldest scheduled backups beyond `keep`; the names deleted. Other files in the folder are left alone. */
export async function pruneBackups(dir: string, keep: number): Promise<string[]> {
  const names = (await readdir(dir)).filter((name) => SCHEDULED.test(name)).sort();
  const old = names.slice(0, Math.max(0, names.length - keep));
  for (const name of old) await rm(path.join(dir, name), { force: true });
  return old;
}

export interface BackupSchedule {
  /** Waits for a backup being written to stop (it is abandoned), then no more are taken. */
  stop(): Promise<void>;
}

/** Progress of a scheduled backup goes nowhere: the log says when one is done. */
const quiet = () => new Writable({ write: (_chunk, _encoding, done) => done() }) as unknown as NodeJS.WriteStream;

/**
 * Backups while `npm start` runs (docs/adr/0101-backup-and-restore.md): every `backupEveryMinutes` into `backupDir`
 * (the data directory's `backups/` by default), keeping the newest `backupKeep`. A failed one is logged and the next
 * is taken on time. Null when the setting is 0.
 */
export function scheduleBackups(
  config: AgoraConfig,
  log: Logger,
  databaseUrl: string,
  timing: { everyMs?: number } = {},
): BackupSchedule | null {
  if (config.backupEveryMinutes <= 0) return null;
  const dir = config.backupDir ?? path.join(config.dataDir, 'backups');
  // Tests take them faster than a minute apart.
  const everyMs = timing.everyMs ?? config.backupEveryMinutes * 60_000;
  let stopping = false;
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> = Promise.resolve();

  const takeOne = async () => {
    const at = new Date();
    const file = path.join(dir, scheduledBackupName(at));
    try {
      await mkdir(dir, { recursive: true, mode: 0o700 });
      const manifest = await takeBackup({
        databaseUrl,
        file,
        uploadsDir: defaultUploadsDir(config.dataDir),
        jobs: 1,
        progress: quiet(),
        stopRequested: () => stopping,
      });
      const pruned = await pruneBackups(dir, config.backupKeep);
      log.info(
        { backup: file, pruned },
        backupSummary(file, manifest, (Date.now() - at.getTime()) / 1000)
          .split('\n')
          .join(';'),
      );
    } catch (error) {
      if (!stopping)
        log.error({ err: error, backup: file }, `the scheduled backup failed: ${(error as Error).message}`);
    }
  };
  const next = () => {
    if (stopping) return;
    timer = setTimeout(() => {
      running = takeOne().finally(next);
    }, everyMs);
    timer.unref();
  };
  log.info(`backups every ${config.backupEveryMinutes} minutes into ${dir}, the newest ${config.backupKeep} kept`);
  next();
  return {
    async stop() {
      stopping = true;
      if (timer) clearTimeout(timer);
      await running;
    },
  };
}
