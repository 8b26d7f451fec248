/**
 * EXPLAIN ANALYZE of `get_questions`' statements for given arguments: the tool's own queries (findQuestions: the newest
 * questions, then, when they do not fill the page, every match), run once through a Kysely that records the SQL it
 * sends, then each explained with the same parameters; the plans' lines, one after the other.
 */
import { findQuestions } from '@agora/assistant/tools/find-questions';
import { type CompiledQuery, Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';

export async function explainFindQuestions(databaseUrl: string, args: Record<string, string>): Promise<string[]> {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 1, options: '-c search_path=assistant,public' });
  pool.on('error', () => {});
  const sent: CompiledQuery[] = [];
  const db = new Kysely<unknown>({
    dialect: new PostgresDialect({ pool }),
    log: (event) => {
      sent.push(event.query);
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
    const lines: string[] = [];
    for (const [i, query] of sent.entries()) {
      const { rows } = await pool.query<{ 'QUERY PLAN': string }>(
        `explain (analyze, buffers) ${query.sql}`,
        query.parameters as unknown[],
      );
      lines.push(`-- statement ${i + 1} of ${sent.length}`, ...rows.map((row) => row['QUERY PLAN']));
    }
    return lines;
  } finally {
    await db.destroy();
  }
}
