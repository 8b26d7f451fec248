import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { ImportedFile, ImportTally } from '@agora/contracts/import/records';
import { type ImportRun, skip, type Tx } from '@agora/platform';
import { detectFormat } from '../uploads/images';
import { contentKey, type FileStorage, STORED_TYPES, type StoredExtension } from '../uploads/storage';
import { keepImportedFile } from './imported-files';

/** The stored format a source file's name promises (`.jpeg` is stored as `jpg`), if Agora serves it. */
const FORMAT_OF_NAME: Record<string, StoredExtension> = { jpg: 'jpg', jpeg: 'jpg', png: 'png', webp: 'webp' };
const ALL_FORMATS = Object.keys(STORED_TYPES) as StoredExtension[];

/** The file a record names under the operator's uploads directory; undefined for a path that leaves it. */
export function sourcePathOf(uploadsFrom: string, relative: string): string | undefined {
  const root = path.resolve(uploadsFrom);
  const file = path.resolve(root, relative.replace(/^\/+/, ''));
  return file.startsWith(`${root}${path.sep}`) ? file : undefined;
}

/** The stored format of a file by its name, or undefined for one Agora does not serve (a GIF, an attachment). */
export function formatOfName(file: string): StoredExtension | undefined {
  return FORMAT_OF_NAME[path.extname(file).slice(1).toLowerCase()];
}

async function readSource(file: string): Promise<Buffer | undefined> {
  try {
    return await readFile(file);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'EISDIR') return undefined;
    throw error;
  }
}

/**
 * One imported file (docs/adr/0094-importing-a-community.md), kept byte for byte under its content address: the
 * address the source reader already wrote into texts, avatars and branding for it (`<UPLOADS_PATH>/<sha256>.<ext>`
 * of the same bytes), so nothing needs rewriting after. Its content must be the image its name says; it is not
 * re-encoded or held to the site's upload limits, as it was public at the source as it is. Its old URL is kept with
 * its key (`imported-files.ts`). A file Agora does not serve (a GIF, an attachment) is skipped: its old address stays.
 */
export async function importFile(
  storage: FileStorage,
  tx: Tx,
  record: ImportedFile,
  run: ImportRun,
  tally: ImportTally,
): Promise<void> {
  if (!run.uploadsFrom) return skip(tally, 'no uploads directory was named (--uploads)');
  const file = sourcePathOf(run.uploadsFrom, record.path);
  if (!file) return skip(tally, 'path outside the uploads directory');
  const format = formatOfName(file);
  if (!format) return skip(tally, 'not an image Agora serves (JPEG, PNG, WebP): its old address stays');
  const bytes = await readSource(file);
  if (!bytes) return skip(tally, 'not found in the uploads directory');
  const detected = await detectFormat(bytes, {
    maxBytes: Number.POSITIVE_INFINITY,
    maxMegapixel: 0,
    formats: ALL_FORMATS,
  }).catch(() => undefined);
  if (detected !== format) return skip(tally, 'content is not the image its name says');
  const key = contentKey(bytes, format);
  tally.imported += 1;
  if (run.dryRun) return;
  await storage.put(key, bytes, STORED_TYPES[format]);
  await keepImportedFile(tx, { url: record.url, key, source: record.source, userId: record.user_id });
}
