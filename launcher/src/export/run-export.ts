import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { AGORA_VERSION, type ObjectTypeName } from '@agora/contracts';
import type { LegacyIdStyle } from '@agora/contracts/import/legacy-ids';
import { IMPORT_KINDS } from '@agora/contracts/import/records';
import { ProgressBar } from '../progress-bar';
import { EXPORT_FORMAT, EXPORT_FORMAT_VERSION, type ExportManifest, MANIFEST_FILE, SIDE_FOLDER } from './manifest';
import type { OpenExportSource } from './open-export-sources';
import { SideFiles } from './side-files';
import { StackExchangeDump } from './stackexchange/stackexchange-dump';
import { copyUploadedFile } from './uploaded-files';

export interface ExportOptions {
  /** An empty folder that exists. */
  folder: string;
  sources: OpenExportSource[];
  legacyIds: LegacyIdStyle;
  withSecrets: boolean;
  /** Asked between records: true stops the export there (Ctrl-C). */
  stopRequested?: () => boolean;
  /** Where progress lines go (stderr by default). */
  progress?: NodeJS.WriteStream;
}

export type ExportOutcome = { kind: 'finished'; manifest: ExportManifest } | { kind: 'stopped' };

const PROGRESS_EVERY = 1000;

/** The highest number each type's imported objects kept, over every service (the dump numbers the rest above). */
async function highestNumbers(sources: OpenExportSource[]): Promise<Partial<Record<ObjectTypeName, number>>> {
  const highest: Partial<Record<ObjectTypeName, number>> = {};
  for (const { source } of sources) {
    for (const [type, n] of Object.entries((await source.highestNumbers?.()) ?? {}) as [ObjectTypeName, number][])
      highest[type] = Math.max(highest[type] ?? 0, n);
  }
  return highest;
}

/**
 * Exports the community (docs/adr/0094-importing-a-community.md, "Export"): kind by kind in `IMPORT_KINDS` order, each
 * service's records of the kind streamed once into the side files and the Stack Exchange dump, uploaded files copied
 * beside them; the manifest is written last, so a folder with one holds a whole export.
 */
export async function runExport(options: ExportOptions): Promise<ExportOutcome> {
  const { folder, sources } = options;
  const exportedAt = new Date().toISOString();
  const plan = { highest: await highestNumbers(sources), postsKeepNumbers: options.legacyIds === 'stackexchange' };
  const side = await SideFiles.open(folder);
  const dump = await StackExchangeDump.open(folder, plan);
  let files = 0;
  try {
    for (const kind of IMPORT_KINDS) {
      const givers = sources.filter(({ source }) => source.kinds.includes(kind));
      if (givers.length === 0) continue;
      const bar = new ProgressBar(`export ${kind}`, options.progress);
      let total = 0;
      for (const { source } of givers) total += await source.estimate(kind);
      let done = 0;
      for (const { source } of givers) {
        for await (const item of source.records(kind, { withSecrets: options.withSecrets })) {
          await side.add(item.record);
          await dump.add(item);
          if (item.record.kind === 'file' && (await copyUploadedFile(folder, item.record, source))) files += 1;
          done += 1;
          if (done % PROGRESS_EVERY === 0) bar.update(done, Math.max(total, done));
          if (options.stopRequested?.()) {
            await Promise.all([side.abandon(), dump.abandon()]);
            return { kind: 'stopped' };
          }
        }
      }
      if (done > 0) {
        bar.update(done, done);
        bar.finish();
      }
    }
  } catch (error) {
    await Promise.all([side.abandon(), dump.abandon()]);
    throw error;
  }
  await side.close();
  const dumpRows = await dump.close();
  const manifest: ExportManifest = {
    format: EXPORT_FORMAT,
    format_version: EXPORT_FORMAT_VERSION,
    agora_version: AGORA_VERSION,
    exported_at: exportedAt,
    legacy_ids: options.legacyIds,
    with_secrets: options.withSecrets,
    counts: { ...side.counts },
    dump_rows: dumpRows,
    files,
  };
  await writeFile(join(folder, SIDE_FOLDER, MANIFEST_FILE), `${JSON.stringify(manifest, null, 2)}\n`);
  return { kind: 'finished', manifest };
}
