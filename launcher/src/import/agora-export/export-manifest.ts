import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import {
  EXPORT_FORMAT,
  EXPORT_FORMAT_VERSION,
  type ExportManifest,
  MANIFEST_FILE,
  SIDE_FOLDER,
} from '../../export/manifest';
import { ImportInputError } from '../source';

const MANIFEST = `${SIDE_FOLDER}/${MANIFEST_FILE}`;

/** Whether a folder is an Agora export (`agora/manifest.json`), not a plain Stack Exchange dump. */
export function isAgoraExport(folder: string): boolean {
  return existsSync(join(folder, SIDE_FOLDER, MANIFEST_FILE));
}

/** An export's manifest, checked: its format, a version this launcher reads, its id style and counts. */
export async function readExportManifest(folder: string): Promise<ExportManifest> {
  let manifest: Partial<ExportManifest>;
  try {
    manifest = JSON.parse(await readFile(join(folder, SIDE_FOLDER, MANIFEST_FILE), 'utf8'));
  } catch (error) {
    throw new ImportInputError(MANIFEST, null, `not readable JSON (${(error as Error).message})`);
  }
  const problem = (what: string) => new ImportInputError(MANIFEST, null, what);
  if (manifest?.format !== EXPORT_FORMAT) throw problem(`not an Agora export (format ${String(manifest?.format)})`);
  if (typeof manifest.format_version !== 'number' || manifest.format_version > EXPORT_FORMAT_VERSION)
    throw problem(
      `format version ${String(manifest.format_version)}: this Agora reads up to ${EXPORT_FORMAT_VERSION}, upgrade it first`,
    );
  if (manifest.legacy_ids !== 'answer' && manifest.legacy_ids !== 'stackexchange')
    throw problem(`legacy_ids ${String(manifest.legacy_ids)} is neither answer nor stackexchange`);
  if (typeof manifest.counts !== 'object' || manifest.counts === null) throw problem('counts are missing');
  return manifest as ExportManifest;
}
