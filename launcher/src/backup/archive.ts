/** The backup file's container: a tar archive written and read as a stream (tar-stream), never held in memory. */
import { createReadStream, createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import tar from 'tar-stream';

/** Owner only: a backup holds password hashes, sessions and secrets. */
const PRIVATE_FILE = 0o600;

/** Writes entries one after another into a new file; `finish` completes it, `abandon` removes it. */
export class ArchiveWriter {
  private readonly pack = tar.pack();
  private readonly written: Promise<void>;
  private failure: Error | null = null;

  private constructor(readonly file: string) {
    this.written = pipeline(this.pack, createWriteStream(file, { flags: 'wx', mode: PRIVATE_FILE })).catch(
      (error: Error) => {
        this.failure = error;
      },
    );
  }

  /** Refuses a file that exists: a backup never overwrites one. */
  static create(file: string): ArchiveWriter {
    return new ArchiveWriter(file);
  }

  /** An entry of `size` bytes from a stream that gives exactly that many. */
  async add(name: string, size: number, content: Readable): Promise<void> {
    this.check();
    await new Promise<void>((resolve, reject) => {
      const entry = this.pack.entry({ name, size, mode: PRIVATE_FILE }, (error) => (error ? reject(error) : resolve()));
      content.on('error', (error) => {
        entry.destroy(error);
        reject(error);
      });
      content.pipe(entry);
    });
    this.check();
  }

  async addFile(name: string, path: string, size: number): Promise<void> {
    await this.add(name, size, createReadStream(path));
  }

  async addText(name: string, text: string): Promise<void> {
    this.check();
    await new Promise<void>((resolve, reject) =>
      this.pack.entry({ name, mode: PRIVATE_FILE }, text, (error) => (error ? reject(error) : resolve())),
    );
  }

  async finish(): Promise<void> {
    this.pack.finalize();
    await this.written;
    this.check();
  }

  async abandon(): Promise<void> {
    this.pack.destroy();
    await this.written;
    await rm(this.file, { force: true });
  }

  private check(): void {
    if (this.failure) throw this.failure;
  }
}

export interface ArchiveEntry {
  name: string;
  size: number;
  /** The entry's bytes: read whole (or left, to be skipped) before the next entry comes. */
  content: AsyncIterable<Buffer>;
}

/**
 * The entries of an archive in order. A file cut short or with a damaged header throws where it is found, with
 * tar-stream's reason; `onBytes` hears how far into the file the reading is.
 */
export async function* readArchive(file: string, onBytes?: (bytes: number) => void): AsyncGenerator<ArchiveEntry> {
  const source = createReadStream(file);
  let read = 0;
  if (onBytes)
    source.on('data', (chunk) => {
      read += chunk.length;
      onBytes(read);
    });
  const extract = tar.extract();
  source.on('error', (error) => extract.destroy(error));
  source.pipe(extract);
  try {
    for await (const entry of extract) {
      if (entry.header.type !== 'file') {
        entry.resume();
        continue;
      }
      // tar-stream's entries give Buffers.
      yield { name: entry.header.name, size: entry.header.size ?? 0, content: entry as AsyncIterable<Buffer> };
      // The consumer may have stopped early: what is left of the entry is skipped.
      entry.resume();
    }
  } finally {
    source.destroy();
  }
}
