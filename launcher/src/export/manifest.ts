import type { LegacyIdStyle } from '@agora/contracts/import/legacy-ids';
import type { ImportKind } from '@agora/contracts/import/records';

/** What names a folder as an Agora export, and the version of its layout this launcher writes and reads. */
export const EXPORT_FORMAT = 'agora-export';
export const EXPORT_FORMAT_VERSION = 1;

/** Where an export keeps what the Stack Exchange format lacks (docs/adr/0094-importing-a-community.md, "Export"). */
export const SIDE_FOLDER = 'agora';
export const MANIFEST_FILE = 'manifest.json';
/** Uploaded files, each under its storage key: the `path` of its `file` record. */
export const FILES_FOLDER = 'files';

/** The side file of one kind's records, relative to the export's folder. */
export const recordsFileOf = (kind: ImportKind) => `${SIDE_FOLDER}/${kind}.ndjson`;

/** `agora/manifest.json`: written last, so a folder with one holds a whole export. */
export interface ExportManifest {
  format: typeof EXPORT_FORMAT;
  format_version: number;
  agora_version: string;
  /** ISO time the export began. */
  exported_at: string;
  /** How the site's old links number their objects (the import that made it), `answer` when it had none. */
  legacy_ids: LegacyIdStyle;
  /** Whether password hashes and the SMTP password are in it (`--with-secrets`). */
  with_secrets: boolean;
  /** Records per kind in `agora/<kind>.ndjson`. */
  counts: Partial<Record<ImportKind, number>>;
  /** Rows per Stack Exchange dump file. */
  dump_rows: Record<string, number>;
  /** Uploaded files copied under `agora/files/`. */
  files: number;
}
