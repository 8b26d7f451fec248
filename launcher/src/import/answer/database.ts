/**
 * The Apache Answer database an import reads (docs/adr/0094-importing-a-community.md), whatever its dialect:
 * PostgreSQL, MySQL/MariaDB or SQLite. Queries are written once, with `?` for parameters and `q()` for the names
 * the dialects reserve (`user`, `key`, `rank`, `show`, `group`). Values come back as the drivers give them, except
 * that 64-bit integers never pass through a JS number (17-digit ids exceed 2^53) and times stay text.
 */
export type AnswerDialect = 'postgres' | 'mysql' | 'sqlite';

export type Row = Record<string, unknown>;

export interface AnswerDatabase {
  readonly dialect: AnswerDialect;
  /** Where it is, without a password, for the progress lines. */
  readonly where: string;
  query(sql: string, params?: readonly unknown[]): Promise<Row[]>;
  /** The tables there are, lower case. */
  tables(): Promise<Set<string>>;
  /** The columns of a table, lower case. */
  columns(table: string): Promise<Set<string>>;
  close(): Promise<void>;
}

/** A name quoted for the dialect. */
export function quote(dialect: AnswerDialect, name: string): string {
  return dialect === 'mysql' ? `\`${name}\`` : `"${name}"`;
}

/** A 64-bit integer parameter, passed as text and compared as an integer (never as a float). */
export function bigParam(dialect: AnswerDialect): string {
  if (dialect === 'mysql') return 'CAST(? AS SIGNED)';
  if (dialect === 'postgres') return 'CAST(? AS BIGINT)';
  return 'CAST(? AS INTEGER)';
}

/** Where a database URL points, with any password left out. */
export function describeUrl(from: string): string {
  try {
    const url = new URL(from);
    if (url.password) url.password = '***';
    return url.toString();
  } catch {
    return from;
  }
}
