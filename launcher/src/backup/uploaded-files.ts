import type { Dirent } from 'node:fs';
import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { FsFileStorage, isStorageKey } from '@agora/site/uploads/storage';

/** Where uploads are kept when nothing says otherwise: the site service's `${dataDir}/uploads`. */
export const defaultUploadsDir = (dataDir: string) => path.join(dataDir, 'uploads');

export interface StoredUpload {
  key: string;
  path: string;
  size: number;
}

/** Each stored file under the uploads folder, by its key (temporary files of a write in progress are not keys). */
export async function* storedUploads(root: string): AsyncGenerator<StoredUpload> {
  const storage = new FsFileStorage(root);
  const walk = async function* (dir: string): AsyncGenerator<StoredUpload> {
    let entries: Dirent[];
    try {
      entries = await readdir(dir, { withFileTypes: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
      throw error;
    }
    for (const entry of entries.sort((a, b) => a.name.localeCompare(b.name))) {
      const inner = path.join(dir, entry.name);
      if (entry.isDirectory()) yield* walk(inner);
      else if (entry.isFile() && isStorageKey(entry.name) && storage.pathOf(entry.name) === inner) {
        yield { key: entry.name, path: inner, size: (await stat(inner)).size };
      }
    }
  };
  yield* walk(root);
}

/** Where a key's file goes under `root`, as the site's storage lays it out; throws for what is not a key. */
export const uploadPathOf = (root: string, key: string) => new FsFileStorage(root).pathOf(key);

export { isStorageKey };
