import { existsSync } from 'node:fs';
import { ImportInputError } from '../source';
import type { AnswerDatabase, Row } from './database';

/**
 * An Answer database in an SQLite file, opened read-only. node-sqlite3-wasm reads the file through its own VFS
 * (positioned reads of SQLite's pages), so the file is never loaded whole. Integers above 2^53 come back as
 * bigint, which the value readers turn into text.
 */
export async function openSqlite(file: string): Promise<AnswerDatabase> {
  if (!existsSync(file)) throw new ImportInputError(file, null, 'no such SQLite file');
  const { default: sqlite3 } = await import('node-sqlite3-wasm');
  const db = new sqlite3.Database(file, { readOnly: true });
  const query = async (sql: string, params: readonly unknown[] = []) =>
    db.all(sql, params as (string | number | null)[]) as Row[];
  return {
    dialect: 'sqlite',
    where: `sqlite:${file}`,
    query,
    async tables() {
      const rows = await query("SELECT name FROM sqlite_master WHERE type = 'table'");
      return new Set(rows.map((r) => String(r.name).toLowerCase()));
    },
    async columns(table) {
      const rows = await query('SELECT name FROM pragma_table_info(?)', [table]);
      return new Set(rows.map((r) => String(r.name).toLowerCase()));
    },
    async close() {
      if (db.isOpen) db.close();
    },
  };
}
