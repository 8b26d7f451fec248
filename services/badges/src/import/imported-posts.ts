import type { ImportRecord } from '@agora/contracts/import/records';
import type { Tx } from '@agora/platform';
import { sql } from 'kysely';

/** A question or answer an award was earned on. */
export interface PostFacts {
  objectType: 'question' | 'answer';
  questionId: string;
}

/**
 * Remembers the imported questions and answers: badges' copy of posts reads posts' events only after the import has
 * written them (docs/adr/0094-importing-a-community.md), and an award earned on an answer names its question.
 */
export async function rememberPosts(tx: Tx, records: ImportRecord[]): Promise<number> {
  const rows = records.flatMap((r) => {
    if (r.kind === 'question') return [{ id: r.id, type: 'question', question: r.id, owner: r.user_id }];
    if (r.kind === 'answer') return [{ id: r.id, type: 'answer', question: r.question_id, owner: r.user_id }];
    return [];
  });
  if (rows.length === 0) return 0;
  await sql`
    insert into import_posts (object_id, object_type, question_id, owner_id)
    select id, type, question, owner from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
      as r(id text, type text, question text, owner text)
    on conflict (object_id) do update set object_type = excluded.object_type, question_id = excluded.question_id,
      owner_id = excluded.owner_id`.execute(tx);
  return rows.length;
}

/** The posts of these ids that the import named, or that badges knows already (a merge, posts made live). */
export async function postsNamed(tx: Tx, ids: readonly string[]): Promise<Map<string, PostFacts>> {
  const wanted = [...new Set(ids.filter(Boolean))];
  const { rows } = await sql<{ object_id: string; object_type: 'question' | 'answer'; question_id: string }>`
    select object_id, object_type, question_id from import_posts where object_id = any(${wanted}::text[])
    union all
    select object_id, object_type, question_id from post_index where object_id = any(${wanted}::text[])`.execute(tx);
  const posts = new Map<string, PostFacts>();
  for (const row of rows) {
    if (!posts.has(row.object_id))
      posts.set(row.object_id, { objectType: row.object_type, questionId: row.question_id });
  }
  return posts;
}

/** The import is over: badges' copy of posts has them from posts' events from now on. */
export async function forgetPosts(tx: Tx): Promise<void> {
  await sql`truncate import_posts`.execute(tx);
}
