import type { Readable } from 'node:stream';
import type { ObjectTypeName } from '@agora/contracts';
import type { ImportKind, ImportRecord } from '@agora/contracts/import/records';

/** What the operator asked an export to include besides the community's content. */
export interface ExportOptions {
  /** Password hashes and the SMTP password: only when the operator says so (`--with-secrets`). */
  withSecrets: boolean;
}

/**
 * What the Stack Exchange dump shows of a post besides its record, from the service's read models (its score, its
 * counts): the dump carries them, the neutral record does not (votes come as records of their own).
 */
export interface DumpFacts {
  score?: number;
  answerCount?: number;
  commentCount?: number;
  favoriteCount?: number;
  /** ISO time of the post's last activity. */
  lastActivityAt?: string;
}

/** One exported record, with what the dump shows beside it. */
export interface ExportItem {
  record: ImportRecord;
  facts?: DumpFacts;
}

/**
 * What a service gives an export of the community (docs/adr/0094-importing-a-community.md): its own read models read
 * back as the same neutral records an import takes, kind by kind, in keyset pages (bounded memory at any size).
 */
export interface ExportSource {
  /** The kinds this service gives; a kind may come from several services (follows from posts and tags). */
  readonly kinds: readonly ImportKind[];
  /** About how many records of a kind there are, for the progress estimate. */
  estimate(kind: ImportKind): Promise<number>;
  /** The records of one kind, in a fixed order (by id). */
  records(kind: ImportKind, options: ExportOptions): AsyncIterable<ExportItem>;
  /**
   * The highest number an imported object of each type the service owns kept (`numberOf`, legacy-ids.ts): the
   * dump numbers Agora's own objects above it.
   */
  highestNumbers?(): Promise<Partial<Record<ObjectTypeName, number>>>;
  /** An uploaded file's bytes by the `path` of its `file` record; undefined when it is gone. */
  fileContent?(path: string): Promise<Readable | undefined>;
}
