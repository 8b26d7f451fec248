import type { ImportKind, ImportRecord } from '@agora/contracts/import/records';

/**
 * A community to import, as a source reader presents it (docs/adr/0094-importing-a-community.md): its records kind
 * by kind, each kind in one fixed order, so that a resumed import skips what it wrote before by counting. Reading
 * holds bounded memory whatever the source's size (a streaming parser, rows read in pages, staging tables).
 */
export interface ImportSource {
  /** What is being read, for the progress lines and the report (`Apache Answer 2.0.2 at postgres://…`). */
  readonly description: string;
  /** The id style of the source's links and old URLs. */
  readonly legacyIds: 'answer' | 'stackexchange';
  /**
   * Reads what must be read before any record (a dump's files into staging tables, a database's version) and checks
   * that the source is whole and understood; throws `ImportInputError` when it is not.
   */
  open(): Promise<void>;
  /** About how many records of a kind there are, for the estimate of the time left. */
  estimate(kind: ImportKind): Promise<number>;
  /** The records of one kind, in the source's fixed order. */
  records(kind: ImportKind): AsyncIterable<ImportRecord>;
  close(): Promise<void>;
}

/** Input an import cannot go on with: names the file or table and the row, so the operator can find it. */
export class ImportInputError extends Error {
  constructor(
    readonly where: string,
    readonly row: string | number | null,
    problem: string,
  ) {
    super(`${where}${row === null ? '' : `, row ${row}`}: ${problem}`);
    this.name = 'ImportInputError';
  }
}
