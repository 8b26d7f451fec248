import type { ImportKind, ImportRecord, ImportTally } from '@agora/contracts/import/records';
import type { Tx } from '../db/database';

/** One run of an import, as every sink sees it (docs/adr/0094-importing-a-community.md). */
export interface ImportRun {
  /** The run's id: the correlation id of every event it writes. */
  id: string;
  /** Reads and checks, writes nothing. */
  dryRun: boolean;
  /** Adds to a site that has content of its own (else the import refused to start). */
  merge: boolean;
  /** The source's id style, for links in texts and for old URLs. */
  legacyIds: 'answer' | 'stackexchange';
  /** Where uploaded files the source names are read from, when the operator gave one. */
  uploadsFrom?: string;
}

/**
 * What a service takes in from an import: the records of the kinds it owns, a batch at a time, turned into its own
 * events (with their original times, `EventStore.appendImported`) and its inline read models, in one transaction of
 * its database. Writing a batch twice changes nothing the second time (a resumed or repeated import).
 */
export interface ImportSink {
  /** The kinds this service takes; a kind may go to several services (a member is identity's and votes' too). */
  readonly kinds: readonly ImportKind[];
  /** Writes one batch of records of one kind, in the reader's order, and says what became of each. */
  write(tx: Tx, records: ImportRecord[], run: ImportRun): Promise<ImportTally>;
  /** Whether the service holds anything besides what an install writes: an import refuses such a site unless merging. */
  holdsContent(): Promise<boolean>;
  /** After the last batch: whatever is derived from the whole (counters, totals), in one transaction. */
  finish?(tx: Tx, run: ImportRun): Promise<void>;
}

/** An empty tally. */
export const noneYet = (): ImportTally => ({ imported: 0, skipped: 0, reasons: {} });

/** Counts one skipped record under its reason. */
export function skip(tally: ImportTally, reason: string): void {
  tally.skipped += 1;
  tally.reasons[reason] = (tally.reasons[reason] ?? 0) + 1;
}

/** Counts a change made to a record imported all the same, under what was changed. */
export function note(tally: ImportTally, what: string): void {
  tally.notes ??= {};
  tally.notes[what] = (tally.notes[what] ?? 0) + 1;
}
