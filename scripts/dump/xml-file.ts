import { once } from 'node:events';
import { createWriteStream, type WriteStream } from 'node:fs';

const SPECIAL = /[&<>"\n\r\t]/;
const SPECIAL_ALL = /[&<>"\n\r\t]/g;
const ENTITIES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  '\n': '&#xA;',
  '\r': '&#xD;',
  '\t': '&#x9;',
};

/** A value as a dump writes it in an attribute: line breaks as character references, as the real dumps do. */
export function attribute(value: string): string {
  return SPECIAL.test(value) ? value.replace(SPECIAL_ALL, (c) => ENTITIES[c] ?? c) : value;
}

/**
 * One dump file written row by row (`<posts>`, then `  <row … />` lines, then `</posts>`), buffered into large
 * writes that wait for the disk, so memory stays bounded whatever the dump's size.
 */
export class XmlFile {
  private readonly stream: WriteStream;
  private buffer: string[] = [];
  private buffered = 0;
  rows = 0;

  constructor(
    path: string,
    private readonly root: string,
  ) {
    this.stream = createWriteStream(path, { encoding: 'utf8' });
    this.push(`<?xml version="1.0" encoding="utf-8"?>\n<${root}>\n`);
  }

  /** `attributes` is already escaped: `Id="1" PostTypeId="1" …`. */
  row(attributes: string): void {
    this.push(`  <row ${attributes} />\n`);
    this.rows++;
  }

  private push(text: string): void {
    this.buffer.push(text);
    this.buffered += text.length;
  }

  /** Writes what is buffered once it is large, waiting when the disk is behind. */
  async flushIfFull(): Promise<void> {
    if (this.buffered >= 1 << 20) await this.flush();
  }

  private async flush(): Promise<void> {
    if (this.buffered === 0) return;
    const text = this.buffer.join('');
    this.buffer = [];
    this.buffered = 0;
    if (!this.stream.write(text)) await once(this.stream, 'drain');
  }

  async close(): Promise<void> {
    this.push(`</${this.root}>\n`);
    await this.flush();
    this.stream.end();
    await once(this.stream, 'finish');
  }
}
