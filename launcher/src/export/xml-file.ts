import { TextFile } from './text-file';

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

/**
 * What XML 1.0 cannot hold at all, not even as a character reference: control characters other than tab and line
 * breaks, unpaired surrogates, U+FFFE and U+FFFF. A text typed with one would make the whole file unreadable.
 */
const NOT_XML =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: these characters are what is left out
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** A value as a dump writes it in an attribute: line breaks as character references, as the real dumps do. */
export function attribute(value: string): string {
  const clean = value.replace(NOT_XML, '');
  return SPECIAL.test(clean) ? clean.replace(SPECIAL_ALL, (c) => ENTITIES[c] ?? c) : clean;
}

/**
 * One dump file written row by row (`<posts>`, then `  <row … />` lines, then `</posts>`), streamed in bounded
 * memory (`TextFile`).
 */
export class XmlFile {
  private readonly file: TextFile;
  rows = 0;

  constructor(
    path: string,
    private readonly root: string,
  ) {
    this.file = new TextFile(path);
    this.file.write(`<?xml version="1.0" encoding="utf-8"?>\n<${root}>\n`);
  }

  /** `attributes` is already escaped: `Id="1" PostTypeId="1" …`. */
  row(attributes: string): void {
    this.file.write(`  <row ${attributes} />\n`);
    this.rows++;
  }

  /** Writes what is buffered once it is large, waiting when the disk is behind. */
  flushIfFull(): Promise<void> {
    return this.file.flushIfFull();
  }

  async close(): Promise<void> {
    this.file.write(`</${this.root}>\n`);
    await this.file.close();
  }
}
