import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { LegacyIdStyle } from '@agora/contracts/import/legacy-ids';
import type { ImportKind, ImportRecord } from '@agora/contracts/import/records';
import { type ExportManifest, FILES_FOLDER, recordsFileOf, SIDE_FOLDER } from '../../export/manifest';
import { ImportInputError, type ImportSource } from '../source';
import { readExportManifest } from './export-manifest';
import { ndjsonRecords } from './ndjson-records';

/** Where an export's uploaded files are: what its import copies them from. */
export const exportUploadsOf = (folder: string) => join(folder, SIDE_FOLDER, FILES_FOLDER);

/**
 * An Agora export as an import source (docs/adr/0094-importing-a-community.md, "Export"): the records of its side
 * files as they were written, kind by kind, so the community comes back as it was, ids and all. Its Stack Exchange
 * dump files are left unread: they hold less.
 */
export function createAgoraExportSource(folder: string): ImportSource {
  let manifest: ExportManifest | undefined;
  const opened = () => {
    if (!manifest) throw new Error('the export is not open yet');
    return manifest;
  };
  return {
    description: `Agora export at ${folder}`,
    get legacyIds(): LegacyIdStyle {
      return manifest?.legacy_ids ?? 'answer';
    },
    async open() {
      manifest = await readExportManifest(folder);
      for (const [kind, count] of Object.entries(manifest.counts) as [ImportKind, number][]) {
        if (count > 0 && !existsSync(join(folder, recordsFileOf(kind))))
          throw new ImportInputError(recordsFileOf(kind), null, `missing: the manifest counts ${count} records`);
      }
    },
    async estimate(kind) {
      return opened().counts[kind] ?? 0;
    },
    records(kind): AsyncIterable<ImportRecord> {
      opened();
      const path = join(folder, recordsFileOf(kind));
      return existsSync(path) ? ndjsonRecords(path, recordsFileOf(kind), kind) : noRecords();
    },
    async close() {},
  };
}

async function* noRecords(): AsyncGenerator<ImportRecord> {}
