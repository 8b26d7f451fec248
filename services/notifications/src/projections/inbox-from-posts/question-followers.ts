import type { Tx } from '@agora/platform';
import { sql } from 'kysely';

/** Who follows which question, as posts' follow events say (applied in log order with the posts they concern). */
export async function addFollower(tx: Tx, questionId: string, userId: string): Promise<void> {
  await sql`insert into question_followers (question_id, user_id) values (${questionId}, ${userId})
            on conflict do nothing`.execute(tx);
}

export async function removeFollower(tx: Tx, questionId: string, userId: string): Promise<void> {
  await sql`delete from question_followers where question_id = ${questionId} and user_id = ${userId}`.execute(tx);
}

/** A question's followers, in a stable order (so a replay gives each the same notification). */
export async function followersOf(tx: Tx, questionId: string): Promise<string[]> {
  const { rows } = await sql<{ user_id: string }>`
    select user_id from question_followers where question_id = ${questionId} order by user_id`.execute(tx);
  return rows.map((row) => row.user_id);
}
