import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { IMPORT_KINDS, type ImportKind, type ImportRecord } from '@agora/contracts/import/records';
import { FILES_FOLDER, recordsFileOf, SIDE_FOLDER } from './manifest';
import { TextFile } from './text-file';

/**
 * `agora/<kind>.ndjson`: every exported record verbatim, one JSON object a line, in the order it was read (what an
 * import reads back losslessly, docs/adr/0094-importing-a-community.md, "Export"). Every kind has its file, empty
 * when the site has none of it.
 */
export class SideFiles {
  private readonly files = new Map<ImportKind, TextFile>();
  readonly counts: Partial<Record<ImportKind, number>> = {};

  private constructor(folder: string) {
    for (const kind of IMPORT_KINDS) {
      this.files.set(kind, new TextFile(join(folder, recordsFileOf(kind))));
      this.counts[kind] = 0;
    }
  }

  static async open(folder: string): Promise<SideFiles> {
    await mkdir(join(folder, SIDE_FOLDER, FILES_FOLDER), { recursive: true });
    return new SideFiles(folder);
  }

  async add(record: ImportRecord): Promise<void> {
    const file = this.files.get(record.kind);
    if (!file) throw new Error(`not a kind of record: ${record.kind}`);
    file.write(`${JSON.stringify(record)}\n`);
    this.counts[record.kind] = (this.counts[record.kind] ?? 0) + 1;
    await file.flushIfFull();
  }

  async close(): Promise<void> {
    for (const file of this.files.values()) await file.close();
  }

  /** After a failure or a stop: closed as they are. */
  async abandon(): Promise<void> {
    await Promise.allSettled([...this.files.values()].map((file) => file.close()));
  }
}
