import { once } from 'node:events';
import { createWriteStream, type WriteStream } from 'node:fs';

const FLUSH_AT = 1 << 20;

/**
 * A text file written piece by piece, buffered into large writes that wait for the disk when it is behind, so memory
 * stays bounded whatever the file's size (an export's files, a generated dump's).
 */
export class TextFile {
  private readonly stream: WriteStream;
  private buffer: string[] = [];
  private buffered = 0;
  private failure: Error | undefined;

  constructor(readonly path: string) {
    this.stream = createWriteStream(path, { encoding: 'utf8' });
    // Kept until the next write or flush, which throws it: an unheard stream error would end the process.
    this.stream.on('error', (error) => {
      this.failure ??= error;
    });
  }

  write(text: string): void {
    if (this.failure) throw this.failure;
    this.buffer.push(text);
    this.buffered += text.length;
  }

  /** Writes what is buffered once it is large, waiting when the disk is behind. */
  async flushIfFull(): Promise<void> {
    if (this.buffered >= FLUSH_AT) await this.flush();
  }

  private async flush(): Promise<void> {
    if (this.failure) throw this.failure;
    if (this.buffered === 0) return;
    const text = this.buffer.join('');
    this.buffer = [];
    this.buffered = 0;
    if (!this.stream.write(text)) await once(this.stream, 'drain');
  }

  async close(): Promise<void> {
    await this.flush();
    this.stream.end();
    await once(this.stream, 'finish');
    if (this.failure) throw this.failure;
  }
}
