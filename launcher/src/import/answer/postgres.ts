import pg from 'pg';
import { type AnswerDatabase, describeUrl, type Row } from './database';

const TIMESTAMP = 1114;
const TIMESTAMPTZ = 1184;

/** `?` placeholders as PostgreSQL numbers them. */
function numbered(sql: string): string {
  let n = 0;
  return sql.replace(/\?/g, () => `$${++n}`);
}

/** An Answer database on PostgreSQL: `bigint` comes back as text (pg's default), times as their text. */
export async function openPostgres(from: string): Promise<AnswerDatabase> {
  // A pool of one: the readers' queries queue on one connection rather than overlap on it.
  const client = new pg.Pool({
    connectionString: from,
    max: 1,
    types: {
      getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
        oid === TIMESTAMP || oid === TIMESTAMPTZ
          ? (value: string) => value
          : pg.types.getTypeParser(oid, format ?? 'text')) as typeof pg.types.getTypeParser,
    },
  });
  // An idle connection the server drops is replaced on the next query; unheard, its error would end the process.
  client.on('error', () => {});
  // A dropped idle connection is replaced by the next query; unheard, its error would end the import.
  client.on('error', () => {});
  await client.query('SELECT 1');
  const query = async (sql: string, params: readonly unknown[] = []) =>
    (await client.query<Row>(numbered(sql), [...params])).rows;
  return {
    dialect: 'postgres',
    where: describeUrl(from),
    query,
    async tables() {
      const rows = await query(
        'SELECT table_name AS name FROM information_schema.tables WHERE table_schema = current_schema()',
      );
      return new Set(rows.map((r) => String(r.name).toLowerCase()));
    },
    async columns(table) {
      const rows = await query(
        'SELECT column_name AS name FROM information_schema.columns WHERE table_schema = current_schema() AND table_name = ?',
        [table],
      );
      return new Set(rows.map((r) => String(r.name).toLowerCase()));
    },
    async close() {
      await client.end();
    },
  };
}
