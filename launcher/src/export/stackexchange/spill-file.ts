import { createReadStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import { createInterface } from 'node:readline';
import { TextFile } from '../text-file';

/**
 * Rows set aside on disk until what they name is known (a question's accepted answer comes after it), one JSON value
 * a line, read back in the order written: memory holds none of them.
 */
export class SpillFile<T> {
  private readonly file: TextFile;
  private closed = false;

  constructor(readonly path: string) {
    this.file = new TextFile(path);
  }

  async add(value: T): Promise<void> {
    this.file.write(`${JSON.stringify(value)}\n`);
    await this.file.flushIfFull();
  }

  /** Every value written, in order; the file is closed for writing first. */
  async *replay(): AsyncIterable<T> {
    if (!this.closed) {
      this.closed = true;
      await this.file.close();
    }
    const lines = createInterface({ input: createReadStream(this.path, 'utf8'), crlfDelay: Number.POSITIVE_INFINITY });
    for await (const line of lines) if (line) yield JSON.parse(line) as T;
  }

  async remove(): Promise<void> {
    if (!this.closed) {
      this.closed = true;
      await this.file.close().catch(() => {});
    }
    await rm(this.path, { force: true });
  }
}
