import { createHash, randomUUID } from 'node:crypto';
import { createReadStream, type Dirent } from 'node:fs';
import { mkdir, open, readdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';

/** The image formats Agora stores, by the extension their keys end with. */
export const STORED_TYPES = {
  jpg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
} as const;
export type StoredExtension = keyof typeof STORED_TYPES;

/** A stored file's name: the sha256 of its bytes and its extension. Nothing else is ever a key. */
const KEY_PATTERN = /^([0-9a-f]{64})\.(jpg|png|webp)$/;

export function isStorageKey(key: string): boolean {
  return KEY_PATTERN.test(key);
}

/** Content addressing: the same bytes always get the same key, so a stored file never changes. */
export function contentKey(bytes: Uint8Array, extension: StoredExtension): string {
  return `${createHash('sha256').update(bytes).digest('hex')}.${extension}`;
}

/** The content type a key's extension stands for, or undefined for what is not a key. */
export function contentTypeOfKey(key: string): string | undefined {
  const match = KEY_PATTERN.exec(key);
  return match ? STORED_TYPES[match[2] as StoredExtension] : undefined;
}

export interface StoredFile {
  stream: Readable;
  contentType: string;
  size: number;
}

/**
 * Where uploaded files live: a port, so an object store (S3, GCS...) can replace the file system.
 * Keys are content addresses (`contentKey`): writing a key twice writes the same bytes.
 */
export interface FileStorage {
  put(key: string, bytes: Uint8Array, contentType: string): Promise<void>;
  /** Undefined for a key that is not stored, or is not a key at all. */
  get(key: string): Promise<StoredFile | undefined>;
  /** Bytes the stored files take (the admin dashboard's storage figure). */
  usedBytes(): Promise<number>;
}

/**
 * Files under one directory (`${dataDir}/uploads`), sharded by the first two byte pairs of the key
 * (`ab/cd/abcd....jpg`) to keep directories small. A write goes to a temporary file in the target
 * directory, is flushed, then renamed into place, so a reader never sees half a file.
 */
export class FsFileStorage implements FileStorage {
  constructor(readonly root: string) {}

  /** The file of a key; throws for anything that is not a key, so no path ever leaves the root. */
  pathOf(key: string): string {
    if (!isStorageKey(key)) throw new Error(`not a storage key: ${JSON.stringify(key)}`);
    return path.join(this.root, key.slice(0, 2), key.slice(2, 4), key);
  }

  async put(key: string, bytes: Uint8Array, contentType: string): Promise<void> {
    const target = this.pathOf(key);
    if (contentTypeOfKey(key) !== contentType) throw new Error(`key ${key} does not name a ${contentType} file`);
    if (await exists(target)) return; // same key, same bytes
    await mkdir(path.dirname(target), { recursive: true });
    const temporary = path.join(path.dirname(target), `.${key}.${randomUUID()}.tmp`);
    try {
      const handle = await open(temporary, 'wx', 0o644);
      try {
        await handle.writeFile(bytes);
        await handle.sync();
      } finally {
        await handle.close();
      }
      await rename(temporary, target);
    } catch (error) {
      await rm(temporary, { force: true });
      throw error;
    }
  }

  async get(key: string): Promise<StoredFile | undefined> {
    const contentType = contentTypeOfKey(key);
    if (!contentType) return undefined;
    const file = this.pathOf(key);
    let size: number;
    try {
      const info = await stat(file);
      if (!info.isFile()) return undefined;
      size = info.size;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      throw error;
    }
    return { stream: createReadStream(file), contentType, size };
  }

  async usedBytes(): Promise<number> {
    let total = 0;
    const walk = async (dir: string): Promise<void> => {
      let entries: Dirent[];
      try {
        entries = await readdir(dir, { withFileTypes: true });
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
        throw error;
      }
      for (const entry of entries) {
        const inner = path.join(dir, entry.name);
        if (entry.isDirectory()) await walk(inner);
        else if (entry.isFile() && isStorageKey(entry.name)) total += (await stat(inner)).size;
      }
    };
    await walk(this.root);
    return total;
  }
}

async function exists(file: string): Promise<boolean> {
  try {
    await stat(file);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return false;
    throw error;
  }
}
