/**
 * A backup file (docs/adr/0101-backup-and-restore.md): a tar archive of
 *   db/<service>/<table>.copy.gz   a table of the snapshot in PostgreSQL's COPY text format, gzipped
 *   uploads/<ab>/<cd>/<key>        an uploaded file, under its content address
 *   manifest.json                  written last: what the archive holds, with each table's checksum
 * so a file that ends before its manifest was cut short, and `tar tf` lists what is in it.
 */
import { Type } from 'typebox';
import { Value } from 'typebox/value';

export const BACKUP_FORMAT = 'agora-backup';
export const BACKUP_FORMAT_VERSION = 1;
export const MANIFEST_ENTRY = 'manifest.json';
export const UPLOADS_PREFIX = 'uploads/';

/** The entry of one table's rows. */
export const tableEntry = (service: string, table: string) => `db/${service}/${table}.copy.gz`;

const TableManifest = Type.Object({
  name: Type.String({ pattern: '^[a-z_][a-z0-9_]*$' }),
  entry: Type.String(),
  /** The columns in the order of the rows (generated columns left out). */
  columns: Type.Array(Type.String({ pattern: '^[a-z_][a-z0-9_]*$' }), { minItems: 1 }),
  rows: Type.Integer({ minimum: 0 }),
  /** Of the entry's bytes as stored (gzipped). */
  bytes: Type.Integer({ minimum: 0 }),
  sha256: Type.String({ pattern: '^[0-9a-f]{64}$' }),
});

const ServiceManifest = Type.Object({
  name: Type.String({ pattern: '^[a-z]+$' }),
  /** The service's migrations the site had run: a restore needs code that knows each of them. */
  migrations: Type.Array(Type.String()),
  tables: Type.Array(TableManifest),
});

export const BackupManifest = Type.Object({
  format: Type.Literal(BACKUP_FORMAT),
  format_version: Type.Integer({ minimum: 1 }),
  agora_version: Type.String(),
  started_at: Type.String(),
  /** When the snapshot was taken: what every table shows. */
  snapshot_at: Type.String(),
  finished_at: Type.String(),
  services: Type.Array(ServiceManifest),
  uploads: Type.Object({ files: Type.Integer({ minimum: 0 }), bytes: Type.Integer({ minimum: 0 }) }),
});

export type TableManifest = Type.Static<typeof TableManifest>;
export type ServiceManifest = Type.Static<typeof ServiceManifest>;
export type BackupManifest = Type.Static<typeof BackupManifest>;

/** The manifest read from an archive, or a sentence saying what is wrong with it. */
export function parseManifest(text: string): BackupManifest | string {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return 'its manifest is not JSON';
  }
  if ((value as { format?: unknown })?.format !== BACKUP_FORMAT) return 'it is not an Agora backup';
  const version = (value as { format_version?: unknown }).format_version;
  if (typeof version === 'number' && version > BACKUP_FORMAT_VERSION) {
    return `it is of format version ${version}, newer than this Agora reads (${BACKUP_FORMAT_VERSION}): restore it with a newer Agora`;
  }
  if (!Value.Check(BackupManifest, value)) {
    const first = [...Value.Errors(BackupManifest, value)][0];
    return `its manifest is malformed (${first ? `${first.instancePath || '/'} ${first.message}` : 'unknown'})`;
  }
  return value;
}
