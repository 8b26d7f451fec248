import type { ImportRecord } from '@agora/contracts/import/records';
import type { Tx } from '@agora/platform';
import { sql } from 'kysely';
import type { VotableType } from '../domain/vote/decider';

/** What votes' events say of a post: its kind, its question and its author. */
export interface PostFacts {
  objectType: VotableType;
  questionId: string;
  ownerId: string;
}

/**
 * Remembers the imported questions, answers and comments: votes' copy of posts reads posts' events only after the
 * import has written them (docs/adr/0094-importing-a-community.md), and the votes, bookmarks, reactions and history
 * entries that follow must name each post's question and author.
 */
export async function rememberPosts(tx: Tx, records: ImportRecord[]): Promise<number> {
  const rows = records.flatMap((r) => {
    if (r.kind === 'question') return [{ id: r.id, type: 'question', question: r.id, owner: r.user_id }];
    if (r.kind === 'answer') return [{ id: r.id, type: 'answer', question: r.question_id, owner: r.user_id }];
    if (r.kind === 'comment') return [{ id: r.id, type: 'comment', question: r.question_id, owner: r.user_id }];
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

/** The posts of these ids that the import named, or that votes knows already (a merge, posts made live). */
export async function postsNamed(tx: Tx, ids: readonly string[]): Promise<Map<string, PostFacts>> {
  const wanted = [...new Set(ids.filter(Boolean))];
  const { rows } = await sql<{ object_id: string; object_type: VotableType; question_id: string; owner_id: string }>`
    select object_id, object_type, question_id, owner_id from import_posts where object_id = any(${wanted}::text[])
    union all select id, 'question', id, user_id from questions where id = any(${wanted}::text[])
    union all select id, 'answer', question_id, user_id from answers where id = any(${wanted}::text[])
    union all select id, 'comment', question_id, user_id from comments where id = any(${wanted}::text[])`.execute(tx);
  const posts = new Map<string, PostFacts>();
  for (const row of rows) {
    if (posts.has(row.object_id)) continue;
    posts.set(row.object_id, { objectType: row.object_type, questionId: row.question_id, ownerId: row.owner_id });
  }
  return posts;
}

/** The import is over: votes' copy of posts has them from posts' events from now on. */
export async function forgetPosts(tx: Tx): Promise<void> {
  await sql`truncate import_posts`.execute(tx);
}
