import { mkdtemp, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { AGORA_VERSION } from '@agora/contracts';
import type { ServiceModule } from '@agora/platform';
import type pg from 'pg';
import { importUnfinished } from '../import/import-state';
import { ProgressBar } from '../progress-bar';
import { ALL_SERVICES } from '../services';
import { ArchiveWriter } from './archive';
import {
  BACKUP_FORMAT,
  BACKUP_FORMAT_VERSION,
  type BackupManifest,
  MANIFEST_ENTRY,
  type ServiceManifest,
  type TableManifest,
  tableEntry,
  UPLOADS_PREFIX,
} from './manifest';
import { keptTables } from './plan';
import { SharedSnapshot } from './snapshot';
import { columnsOf, dumpTable } from './table-copy';
import { storedUploads } from './uploaded-files';

export interface BackupOptions {
  databaseUrl: string;
  /** The backup file to write: it must not exist. */
  file: string;
  /** The uploads folder; none: no files (a site whose uploads live elsewhere). */
  uploadsDir?: string;
  /** Tables read at once, each on its own connection in the one snapshot. */
  jobs?: number;
  modules?: readonly ServiceModule[];
  /** Where progress goes (stderr by default). */
  progress?: NodeJS.WriteStream;
  /** Asked between tables and files: true abandons the backup. */
  stopRequested?: () => boolean;
}

/** Why a backup could not begin, as a sentence for the operator. */
export class BackupRefused extends Error {
  override name = 'BackupRefused';
}

export class BackupStopped extends Error {
  override name = 'BackupStopped';
}

/** The database's events transaction ids are the loading transaction's after a restore: not kept. */
const NOT_KEPT_COLUMNS: Record<string, string[]> = { events: ['transaction_id'] };

interface TableTask {
  service: string;
  table: string;
  columns: string[];
  estimate: number;
}

async function presentServices(client: pg.Client, modules: readonly ServiceModule[]): Promise<ServiceModule[]> {
  const { rows } = await client.query<{ name: string }>(
    `select table_schema as name from information_schema.tables where table_name = 'events' and table_schema = any($1)`,
    [modules.map((m) => m.name)],
  );
  const present = new Set(rows.map((r) => r.name));
  return modules.filter((m) => present.has(m.name));
}

async function plan(client: pg.Client, modules: readonly ServiceModule[]) {
  const services: { name: string; migrations: string[] }[] = [];
  const tasks: TableTask[] = [];
  for (const module of await presentServices(client, modules)) {
    const schema = client.escapeIdentifier(module.name);
    const { rows } = await client.query<{ name: string }>(`select name from ${schema}.kysely_migration order by name`);
    services.push({ name: module.name, migrations: rows.map((r) => r.name) });
    for (const table of keptTables(module.name)) {
      const columns = await columnsOf(client, module.name, table, NOT_KEPT_COLUMNS[table]);
      if (columns.length === 0) continue;
      const { rows: sizes } = await client.query<{ n: string }>(
        `select greatest(reltuples, 0)::bigint as n from pg_class where oid = to_regclass($1)`,
        [`${module.name}.${table}`],
      );
      tasks.push({ service: module.name, table, columns, estimate: Number(sizes[0]?.n ?? 0) });
    }
  }
  return { services, tasks };
}

const exists = (file: string) =>
  stat(file).then(
    () => true,
    (error: NodeJS.ErrnoException) => (error.code === 'ENOENT' ? false : Promise.reject(error)),
  );

/**
 * Takes a consistent backup of a running site (docs/adr/0101-backup-and-restore.md): every service's event log and
 * the tables of state no event holds (`plan.ts`), read in one snapshot by `jobs` connections at once, each table
 * gzipped to a spool file beside the backup and added to the archive as it is done; then the uploaded files; the
 * manifest last. The archive is written under `<file>.partial` and renamed when whole, so a file of that name is
 * always a whole backup.
 */
export async function takeBackup(options: BackupOptions): Promise<BackupManifest> {
  const { file } = options;
  if (await exists(file)) throw new BackupRefused(`${file} exists: a backup never overwrites a file`);
  const partial = `${file}.partial`;
  if (await exists(partial)) throw new BackupRefused(`${partial} exists: another backup is being written to it`);
  const unfinished = await importUnfinished(options.databaseUrl);
  if (unfinished) throw new BackupRefused(`an import of ${unfinished} is unfinished: back up once it has finished`);

  const startedAt = new Date().toISOString();
  const jobs = Math.max(1, options.jobs ?? 2);
  const spool = await mkdtemp(path.join(path.dirname(path.resolve(file)), '.agora-backup-'));
  const writer = ArchiveWriter.create(partial);
  let snapshot: SharedSnapshot | null = null;
  try {
    snapshot = await SharedSnapshot.open(options.databaseUrl, jobs);
    const snapshotAt = snapshot.takenAt.toISOString();
    const { services, tasks } = await plan(snapshot.client, options.modules ?? ALL_SERVICES);
    const tables = new Map<string, TableManifest[]>(services.map((s) => [s.name, []]));

    const bar = new ProgressBar('backup rows ', options.progress);
    const total = tasks.reduce((sum, t) => sum + t.estimate, 0);
    const counted = new Map<TableTask, number>();
    const report = () => {
      const done = [...counted.values()].reduce((sum, n) => sum + n, 0);
      bar.update(done, Math.max(total, done));
    };
    // The archive takes one entry at a time, in the order the tables are done.
    let packing = Promise.resolve();
    let failure: unknown = null;
    const queue = [...tasks].sort((a, b) => b.estimate - a.estimate);
    const fail = (error: unknown) => {
      failure ??= error;
      queue.length = 0;
    };
    const worker = async (client: pg.Client) => {
      for (let task = queue.shift(); task; task = queue.shift()) {
        if (options.stopRequested?.()) throw new BackupStopped('stopped');
        const spooled = path.join(spool, `${task.service}.${task.table}.copy.gz`);
        const current = task;
        const dumped = await dumpTable(
          client,
          { schema: task.service, name: task.table, columns: task.columns },
          spooled,
          (rows) => {
            counted.set(current, rows);
            report();
          },
        );
        const entry = tableEntry(task.service, task.table);
        tables.get(task.service)?.push({ name: task.table, entry, columns: task.columns, ...dumped });
        packing = packing
          .then(async () => {
            if (failure) return;
            await writer.addFile(entry, spooled, dumped.bytes);
            await rm(spooled);
          })
          .catch(fail);
      }
    };
    await Promise.all(snapshot.clients.map((client) => worker(client).catch(fail)));
    await packing;
    if (failure) throw failure;
    if (tasks.length > 0) {
      report();
      bar.finish();
    }
    await snapshot.close();
    snapshot = null;

    const uploads = { files: 0, bytes: 0 };
    if (options.uploadsDir) {
      const files = new ProgressBar('backup files', options.progress);
      for await (const upload of storedUploads(options.uploadsDir)) {
        if (options.stopRequested?.()) throw new BackupStopped('stopped');
        // A file of the snapshot is never deleted but by a purge, which may have run since: skipped then.
        const added = await writer.addFile(`${UPLOADS_PREFIX}${upload.key}`, upload.path, upload.size).then(
          () => true,
          (error: NodeJS.ErrnoException) => (error.code === 'ENOENT' ? false : Promise.reject(error)),
        );
        if (!added) continue;
        uploads.files += 1;
        uploads.bytes += upload.size;
        files.update(uploads.files, uploads.files);
      }
      if (uploads.files > 0) files.finish();
    }

    const manifest: BackupManifest = {
      format: BACKUP_FORMAT,
      format_version: BACKUP_FORMAT_VERSION,
      agora_version: AGORA_VERSION,
      started_at: startedAt,
      snapshot_at: snapshotAt,
      finished_at: new Date().toISOString(),
      services: services.map(
        (s): ServiceManifest => ({
          ...s,
          // Its log first, then its state, as the plan lists them: the order a restore loads them in.
          tables: keptTables(s.name).flatMap((name) => tables.get(s.name)?.filter((t) => t.name === name) ?? []),
        }),
      ),
      uploads,
    };
    await writer.addText(MANIFEST_ENTRY, `${JSON.stringify(manifest, null, 2)}\n`);
    await writer.finish();
    await rename(partial, file);
    return manifest;
  } catch (error) {
    await writer.abandon().catch(() => {});
    throw error;
  } finally {
    await snapshot?.close();
    await rm(spool, { recursive: true, force: true });
  }
}
