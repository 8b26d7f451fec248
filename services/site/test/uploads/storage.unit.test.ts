import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { text } from 'node:stream/consumers';
import { afterAll, describe, expect, it } from 'vitest';
import { contentKey, contentTypeOfKey, FsFileStorage, isStorageKey } from '../../src/uploads/storage';

const root = mkdtempSync(path.join(os.tmpdir(), 'agora-uploads-'));
const storage = new FsFileStorage(root);
const sha = 'a'.repeat(64);

afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('storage keys', () => {
  it('are the sha256 of the bytes and the extension', () => {
    expect(contentKey(Buffer.from('hello'), 'png')).toBe(
      '2cf24dba5fb0a30e26e83b2ac5b9e29e1b161e5c1fa7425e73043362938b9824.png',
    );
    expect(contentTypeOfKey(`${sha}.jpg`)).toBe('image/jpeg');
    expect(contentTypeOfKey(`${sha}.webp`)).toBe('image/webp');
  });

  it('accept nothing else: no traversal, separators, other extensions or case', () => {
    for (const bad of [
      '../../etc/passwd',
      `../${sha}.png`,
      `${sha}.png/..`,
      `aa/${sha}.png`,
      `${sha}.svg`,
      `${sha}.html`,
      `${sha.toUpperCase()}.png`,
      `${sha}.png\0.txt`,
      `${sha.slice(1)}.png`,
      '',
    ]) {
      expect(isStorageKey(bad), bad).toBe(false);
      expect(() => storage.pathOf(bad)).toThrow();
    }
  });
});

describe('file system storage', () => {
  it('writes into sharded folders under its root and reads back with the content type', async () => {
    const bytes = Buffer.from('not really a png, the storage does not care');
    const key = contentKey(bytes, 'png');
    await storage.put(key, bytes, 'image/png');
    expect(storage.pathOf(key)).toBe(path.join(root, key.slice(0, 2), key.slice(2, 4), key));
    expect(readFileSync(storage.pathOf(key))).toEqual(bytes);
    // No temporary file is left behind.
    expect(readdirSync(path.dirname(storage.pathOf(key)))).toEqual([key]);

    const stored = await storage.get(key);
    expect(stored).toMatchObject({ contentType: 'image/png', size: bytes.length });
    expect(await text(stored!.stream)).toBe(bytes.toString());

    await storage.put(key, bytes, 'image/png'); // idempotent
    expect(readdirSync(path.dirname(storage.pathOf(key)))).toEqual([key]);
  });

  it('answers undefined for keys it does not hold and for non-keys', async () => {
    expect(await storage.get(`${sha}.png`)).toBeUndefined();
    expect(await storage.get('../../etc/passwd')).toBeUndefined();
  });

  it('refuses a key whose extension does not match the content type', async () => {
    const bytes = Buffer.from('x');
    await expect(storage.put(contentKey(bytes, 'png'), bytes, 'image/jpeg')).rejects.toThrow();
  });

  it('stores many writers of one key as one complete file', async () => {
    const bytes = Buffer.alloc(256 * 1024, 7);
    const key = contentKey(bytes, 'webp');
    await Promise.all(Array.from({ length: 8 }, () => storage.put(key, bytes, 'image/webp')));
    expect(readFileSync(storage.pathOf(key))).toEqual(bytes);
    expect(readdirSync(path.dirname(storage.pathOf(key)))).toEqual([key]);
  });
});
