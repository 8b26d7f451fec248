import { type AnswerDatabase, bigParam, quote } from './database';
import type { Members } from './members-ref';
import type { UploadLinks } from './uploads';
import { int, text } from './values';
import type { AnswerTable } from './versions';

/** What every part of the reader shares once the database is open and checked. */
export interface ReadContext {
  db: AnswerDatabase;
  /** The tables the version has (a later one is read as empty). */
  tables: Set<AnswerTable>;
  /** Activity type ids by `config.key`, and back. */
  typeIds: Map<string, number>;
  typeKeys: Map<number, string>;
  members: Members;
  uploads: UploadLinks;
  /** Columns of the tables read, for the few that came in later releases. */
  columns: Map<string, Set<string>>;
}

export const q = (context: ReadContext, name: string) => quote(context.db.dialect, name);
export const big = (context: ReadContext) => bigParam(context.db.dialect);

/** `alias.column`, or the SQL default when the source's release has no such column yet. */
export function column(context: ReadContext, table: string, alias: string, name: string, absent: string): string {
  return context.columns.get(table)?.has(name) ? `${alias}.${quote(context.db.dialect, name)}` : absent;
}

/** The ids of the activity types with these keys (keys the source does not have are left out). */
export function typeIdsOf(context: ReadContext, ...keys: string[]): number[] {
  return keys.map((key) => context.typeIds.get(key)).filter((id): id is number => id !== undefined);
}

/** Reads `config`'s activity types: small (a few hundred rows), read whole. */
export async function readActivityTypes(db: AnswerDatabase) {
  const rows = await db.query(`SELECT id, ${quote(db.dialect, 'key')} AS k FROM config ORDER BY id`);
  const typeIds = new Map<string, number>();
  const typeKeys = new Map<number, string>();
  for (const row of rows) {
    typeIds.set(text(row.k), int(row.id));
    typeKeys.set(int(row.id), text(row.k));
  }
  return { typeIds, typeKeys };
}

/** `?, ?` for plain (small integer) parameters. */
export const marks = (count: number) => Array.from({ length: count }, () => '?').join(', ');
