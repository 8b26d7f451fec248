import { createWriteStream } from 'node:fs';
import { mkdir, readdir, rename, rm, rmdir } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { type AgoraConfig, type EventBus, rebuildInlineReadModel, type ServiceModule } from '@agora/platform';
import { createSearchIndex, reindex } from '@agora/search';
import pg from 'pg';
import type { Logger } from 'pino';
import { ImportState } from '../import/import-state';
import { catchUpProjections, type ImportServices, openImportServices } from '../import/open-services';
import { dropAgoraTables } from '../install/tables';
import { ProgressBar } from '../progress-bar';
import { ALL_SERVICES } from '../services';
import { readArchive } from './archive';
import { type BackupManifest, MANIFEST_ENTRY, type TableManifest, UPLOADS_PREFIX } from './manifest';
import { ownLogModelOf } from './plan';
import { columnsOf, loadTable } from './table-copy';
import { uploadPathOf } from './uploaded-files';

export interface RestoreOptions {
  file: string;
  /** What `verifyBackup` read from the file. */
  manifest: BackupManifest;
  config: AgoraConfig;
  /** A database without Agora's tables. */
  databaseUrl: string;
  bus: EventBus;
  log: Logger;
  /** An empty (or missing) folder the uploaded files go to; none: they are not restored. */
  uploadsDir?: string;
  modules?: readonly ServiceModule[];
  progress?: NodeJS.WriteStream;
  /** Progress lines of the rebuild (stderr by default). */
  say?: (line: string) => void;
}

export interface RestoreOutcome {
  events: number;
  files: number;
  /** Seconds of each step. */
  seconds: { load: number; own_logs: number; projections: number; search: number };
  /**
   * Per service and type, the events its log gained while the projections replayed: what they had not yet done when
   * the snapshot was taken (a notification opened), never what they had (docs/adr/0101-backup-and-restore.md).
   */
  appended: Record<string, Record<string, number>>;
  caughtUp: Record<string, number>;
}

/** A restore that refused a target or a backup, with the reason as a sentence. */
export class RestoreRefused extends Error {
  override name = 'RestoreRefused';
}

const since = (started: number) => (performance.now() - started) / 1000;

/** Refuses a target folder that holds anything: a restore never mixes with other files. */
export async function emptyOrMissing(folder: string): Promise<boolean> {
  const entries = await readdir(folder).catch((error: NodeJS.ErrnoException) =>
    error.code === 'ENOENT' ? [] : Promise.reject(error),
  );
  return entries.length === 0;
}

async function checkColumns(client: pg.Client, manifest: BackupManifest): Promise<void> {
  for (const service of manifest.services) {
    for (const table of service.tables) {
      const present = new Set(await columnsOf(client, service.name, table.name));
      const gone = table.columns.filter((column) => !present.has(column));
      if (gone.length > 0) {
        throw new RestoreRefused(
          `${service.name}.${table.name} no longer has ${gone.join(', ')}: restore this backup with the Agora that made it`,
        );
      }
    }
  }
}

/** Moves each serial column's sequence past the rows loaded, so new rows get new numbers. */
async function advanceSequences(client: pg.Client, schema: string, table: string): Promise<void> {
  const { rows } = await client.query<{ column: string }>(
    `select column_name as column from information_schema.columns
      where table_schema = $1 and table_name = $2 and column_default like 'nextval(%'`,
    [schema, table],
  );
  const qualified = `${client.escapeIdentifier(schema)}.${client.escapeIdentifier(table)}`;
  for (const { column } of rows) {
    const name = client.escapeIdentifier(column);
    await client.query(
      `select setval(pg_get_serial_sequence($1, $2), coalesce(max(${name}), 0) + 1, false) from ${qualified}`,
      [qualified, column],
    );
  }
}

/**
 * Loads the log and state tables and the uploaded files (into `staging`) from the archive, in its order: each table by
 * one COPY, so that a service's whole log has one transaction id and replays in the order of its positions.
 */
async function load(options: RestoreOptions, client: pg.Client, staging: string | null) {
  const tables = new Map<string, { service: string; table: TableManifest }>();
  for (const service of options.manifest.services)
    for (const table of service.tables) tables.set(table.entry, { service: service.name, table });
  const total = [...tables.values()].reduce((sum, { table }) => sum + table.rows, 0);
  const rowsBar = new ProgressBar('restore rows ', options.progress);
  const filesBar = new ProgressBar('restore files', options.progress);
  let done = 0;
  let files = 0;
  for await (const entry of readArchive(options.file)) {
    const known = tables.get(entry.name);
    if (known) {
      const { service, table } = known;
      const before = done;
      // What a service's setup made as it was opened (a secret, say) gives way to the backup's rows.
      await client.query(`truncate ${client.escapeIdentifier(service)}.${client.escapeIdentifier(table.name)}`);
      const rows = await loadTable(
        client,
        { schema: service, name: table.name, columns: table.columns },
        entry.content,
        (n) => rowsBar.update(before + n, total),
      );
      if (rows !== table.rows) {
        throw new Error(`${entry.name} held ${rows} rows where the manifest says ${table.rows}`);
      }
      done += rows;
      await advanceSequences(client, service, table.name);
      await client.query(`analyze ${client.escapeIdentifier(service)}.${client.escapeIdentifier(table.name)}`);
    } else if (entry.name.startsWith(UPLOADS_PREFIX) && staging) {
      const target = uploadPathOf(staging, entry.name.slice(UPLOADS_PREFIX.length));
      await mkdir(path.dirname(target), { recursive: true });
      await pipeline(entry.content, createWriteStream(target, { flags: 'wx', mode: 0o644 }));
      files += 1;
      filesBar.update(files, options.manifest.uploads.files);
    } else if (entry.name !== MANIFEST_ENTRY && !entry.name.startsWith(UPLOADS_PREFIX)) {
      throw new Error(`${entry.name} is not in the manifest`);
    }
  }
  if (total > 0) {
    rowsBar.update(done, total);
    rowsBar.finish();
  }
  if (files > 0) filesBar.finish();
  return { events: eventsOf(options.manifest), files };
}

const eventsOf = (manifest: BackupManifest) =>
  manifest.services.reduce((sum, s) => sum + (s.tables.find((t) => t.name === 'events')?.rows ?? 0), 0);

/** Each service's inline read models from its own log (docs/adr/0101-backup-and-restore.md). */
async function rebuildOwnLogs(services: ImportServices, say: (line: string) => void): Promise<void> {
  for (const { module, projections } of services.opened) {
    const model = ownLogModelOf(module.name);
    if (!model) continue;
    const started = performance.now();
    const events = await rebuildInlineReadModel(projections.context.database, model);
    say(
      `${module.name}: read models rebuilt from ${events.toLocaleString('en-US')} events in ${since(started).toFixed(1)} s`,
    );
  }
}

/** The search index written from the rebuilt read model, as `search reindex` does. */
async function reindexSearch(options: RestoreOptions, services: ImportServices): Promise<void> {
  const search = services.opened.find(({ module }) => module.name === 'search');
  if (!search) return;
  const db = search.projections.context.database.db;
  const index = await createSearchIndex(options.config, db);
  try {
    await index.prepare();
    const bar = new ProgressBar('search index ', options.progress);
    const result = await reindex({ db, index, restart: true, onProgress: (done, total) => bar.update(done, total) });
    bar.finish();
    if (!result.completed) throw new Error('the search index was not completed');
  } finally {
    await index.close();
  }
}

/** Each service's last position once its log is loaded: what a replay appends comes after it. */
async function logEnds(client: pg.Client, manifest: BackupManifest): Promise<Map<string, string>> {
  const ends = new Map<string, string>();
  for (const service of manifest.services) {
    const { rows } = await client.query<{ end: string }>(
      `select coalesce(max(global_position), 0)::text as end from ${client.escapeIdentifier(service.name)}.events`,
    );
    ends.set(service.name, rows[0]?.end ?? '0');
  }
  return ends;
}

/** The events each service's log gained after `ends`, by type. */
async function appendedEvents(client: pg.Client, ends: Map<string, string>) {
  const appended: Record<string, Record<string, number>> = {};
  for (const [service, end] of ends) {
    const { rows } = await client.query<{ type: string; n: number }>(
      `select type, count(*)::int as n from ${client.escapeIdentifier(service)}.events
        where global_position > $1 group by type order by type`,
      [end],
    );
    if (rows.length > 0) appended[service] = Object.fromEntries(rows.map((r) => [r.type, r.n]));
  }
  return appended;
}

/**
 * Restores a verified backup into a database without Agora's tables (docs/adr/0101-backup-and-restore.md): every
 * service's schema made by its migrations, the logs and state loaded, each service's inline read models rebuilt from
 * its own log, every asynchronous projection replayed from position zero (PostgreSQL bus), the search index written,
 * the uploaded files moved into place. While it runs, `npm start` on the database shows the maintenance page. A
 * restore that fails leaves the database and the uploads folder as empty as it found them.
 */
export async function restoreBackup(options: RestoreOptions): Promise<RestoreOutcome> {
  const say = options.say ?? ((line: string) => process.stderr.write(`${line}\n`));
  const { manifest } = options;
  const staging = options.uploadsDir ? `${path.resolve(options.uploadsDir)}.restoring-${process.pid}` : null;
  const client = new pg.Client({ connectionString: options.databaseUrl, application_name: 'agora restore' });
  await client.connect();
  let state: ImportState | null = null;
  let services: ImportServices | null = null;
  try {
    // The maintenance page while it runs, as for an import (docs/adr/0094-importing-a-community.md).
    state = await ImportState.open(options.databaseUrl);
    const run = await state.begin(`the backup ${path.basename(options.file)} (a restore)`);
    services = await openImportServices({
      config: options.config,
      databaseUrl: options.databaseUrl,
      bus: options.bus,
      log: options.log,
      modules: options.modules ?? ALL_SERVICES,
    });
    await checkColumns(client, manifest);

    let started = performance.now();
    const loaded = await load(options, client, staging);
    const loadSeconds = since(started);
    const ends = await logEnds(client, manifest);

    started = performance.now();
    await rebuildOwnLogs(services, say);
    const ownLogSeconds = since(started);

    started = performance.now();
    let caughtUp: Record<string, number> = {};
    if (options.config.bus === 'postgres') {
      caughtUp = await catchUpProjections(services, (line) => say(`catching up: ${line}`));
    } else {
      say("The services' projections read the restored events from Kafka once they run.");
    }
    const projectionSeconds = since(started);

    started = performance.now();
    await reindexSearch(options, services);
    const searchSeconds = since(started);

    const appended = await appendedEvents(client, ends);
    if (staging && options.uploadsDir && loaded.files > 0) {
      // The folder was checked empty (or missing) before: the staged files take its place.
      await rmdir(options.uploadsDir).catch((error: NodeJS.ErrnoException) =>
        error.code === 'ENOENT' ? undefined : Promise.reject(error),
      );
      await mkdir(path.dirname(path.resolve(options.uploadsDir)), { recursive: true });
      await rename(staging, options.uploadsDir);
    }
    await state.finish(run);
    return {
      events: loaded.events,
      files: loaded.files,
      seconds: { load: loadSeconds, own_logs: ownLogSeconds, projections: projectionSeconds, search: searchSeconds },
      appended,
      caughtUp,
    };
  } catch (error) {
    await services?.close();
    services = null;
    await state?.close();
    state = null;
    await dropAgoraTables(options.databaseUrl);
    await client.query('drop schema if exists agora_import cascade').catch(() => {});
    throw error;
  } finally {
    await services?.close();
    await state?.close();
    await client.end();
    if (staging) await rm(staging, { recursive: true, force: true });
  }
}
