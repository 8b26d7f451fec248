/**
 * EXPLAIN ANALYZE of `get_questions`' statement for given arguments: the tool's own query (findQuestions), run once
 * through a Kysely that records the SQL it sends, then explained with the same parameters; the plan's lines.
 */
import { findQuestions } from '@agora/assistant/tools/library';
import { type CompiledQuery, Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';

export async function explainFindQuestions(databaseUrl: string, args: Record<string, string>): Promise<string[]> {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 1, options: '-c search_path=assistant,public' });
  pool.on('error', () => {});
  let sent: CompiledQuery | null = null;
  const db = new Kysely<unknown>({
    dialect: new PostgresDialect({ pool }),
    log: (event) => {
      sent = event.query;
    },
  });
  try {
    // As the tool reads its arguments (tags comma separated, the score a whole number).
    const tags = (args.tag ?? '')
      .split(',')
      .map((tag) => tag.trim().toLowerCase())
      .filter(Boolean);
    await findQuestions(db, {
      keyword: args.keyword,
      tags,
      minScore: args.score === undefined ? undefined : Number(args.score),
      limit: 5,
    });
    const query = sent as CompiledQuery | null;
    if (!query) return [];
    const { rows } = await pool.query<{ 'QUERY PLAN': string }>(
      `explain (analyze, buffers) ${query.sql}`,
      query.parameters as unknown[],
    );
    return rows.map((row) => row['QUERY PLAN']);
  } finally {
    await db.destroy();
  }
}
