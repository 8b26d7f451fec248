import { type AnswerDatabase, describeUrl, type Row } from './database';

/**
 * An Answer database on MySQL or MariaDB: BIGINT comes back as text (never a JS number), DATETIME and TIMESTAMP as
 * their text, read as UTC (docs/adr/0094-importing-a-community.md).
 */
export async function openMysql(from: string): Promise<AnswerDatabase> {
  const { default: mysql } = await import('mysql2/promise');
  const connection = await mysql.createConnection({
    uri: from,
    supportBigNumbers: true,
    bigNumberStrings: true,
    dateStrings: true,
    timezone: 'Z',
    charset: 'utf8mb4',
  });
  // TIMESTAMP columns hold instants: read in UTC, as DATETIME text already is.
  await connection.query("SET time_zone = '+00:00'");
  const query = async (sql: string, params: readonly unknown[] = []) => {
    const [rows] = await connection.query(sql, [...params]);
    return rows as Row[];
  };
  return {
    dialect: 'mysql',
    where: describeUrl(from),
    query,
    async tables() {
      const rows = await query(
        'SELECT table_name AS name FROM information_schema.tables WHERE table_schema = database()',
      );
      return new Set(rows.map((r) => String(r.name).toLowerCase()));
    },
    async columns(table) {
      const rows = await query(
        'SELECT column_name AS name FROM information_schema.columns WHERE table_schema = database() AND table_name = ?',
        [table],
      );
      return new Set(rows.map((r) => String(r.name).toLowerCase()));
    },
    async close() {
      await connection.end();
    },
  };
}
