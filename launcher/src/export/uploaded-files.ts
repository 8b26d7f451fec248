import { createWriteStream } from 'node:fs';
import { basename, join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { ImportedFile } from '@agora/contracts/import/records';
import type { ExportSource } from '@agora/platform/export/export-source';
import { FILES_FOLDER, SIDE_FOLDER } from './manifest';

/** A file record's path is a storage key: a plain name, never one that leaves `agora/files/`. */
const isPlainName = (path: string) => path !== '' && basename(path) === path && !path.startsWith('.');

/**
 * Copies an uploaded file's bytes to `agora/files/<path>`, where an import of the export finds it (its `--uploads`);
 * false when the service no longer has it.
 */
export async function copyUploadedFile(folder: string, record: ImportedFile, source: ExportSource): Promise<boolean> {
  if (!source.fileContent || !isPlainName(record.path)) return false;
  const content = await source.fileContent(record.path);
  if (!content) return false;
  await pipeline(content, createWriteStream(join(folder, SIDE_FOLDER, FILES_FOLDER, record.path), { flags: 'wx' }));
  return true;
}
