import type { Tx } from '@agora/platform';
import { sql } from 'kysely';

/** Who wrote a question or an answer, and a question's `url_title` (the awards page links to it). */
export async function indexQuestion(tx: Tx, questionId: string, userId: string | null, urlTitle: string) {
  await sql`
    insert into post_index (object_id, object_type, user_id, question_id, url_title)
    values (${questionId}, 'question', ${userId ?? ''}, ${questionId}, ${urlTitle})
    on conflict (object_id) do update set url_title = excluded.url_title,
      user_id = case when excluded.user_id = '' then post_index.user_id else excluded.user_id end`.execute(tx);
}

export async function indexAnswer(tx: Tx, answerId: string, questionId: string, userId: string) {
  await sql`
    insert into post_index (object_id, object_type, user_id, question_id)
    values (${answerId}, 'answer', ${userId}, ${questionId})
    on conflict (object_id) do nothing`.execute(tx);
}

export async function authorOf(tx: Tx, objectId: string): Promise<string | null> {
  const { rows } = await sql<{ user_id: string }>`select user_id from post_index where object_id = ${objectId}`.execute(
    tx,
  );
  return rows[0]?.user_id || null;
}

export async function resetPostIndex(tx: Tx): Promise<void> {
  await sql`truncate post_index`.execute(tx);
}
