import type { Dirent } from 'node:fs';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { type FileStorage, FsFileStorage, isStorageKey } from '../uploads/storage';

/**
 * The keys of the files a storage holds, one directory at a time (the storage shards its files in two levels of
 * directories), in name order. The storage port lists nothing: a storage other than the file system's gives none.
 */
export async function* storedKeys(storage: FileStorage): AsyncIterable<string> {
  if (!(storage instanceof FsFileStorage)) return;
  const entries = async (dir: string): Promise<Dirent[]> => {
    try {
      return (await readdir(dir, { withFileTypes: true })).sort((a, b) => a.name.localeCompare(b.name));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
      throw error;
    }
  };
  async function* walk(dir: string, depth: number): AsyncIterable<string> {
    for (const entry of await entries(dir)) {
      if (entry.isDirectory() && depth < 2) yield* walk(path.join(dir, entry.name), depth + 1);
      else if (entry.isFile() && isStorageKey(entry.name)) yield entry.name;
    }
  }
  yield* walk(storage.root, 0);
}
