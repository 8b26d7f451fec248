import type { Actor, Db } from '@agora/platform';
import { sql } from 'kysely';

/** What a question is to the member reading it: their first live answer on it (if any), and whether they follow it. */
export interface MemberFacts {
  firstAnswerId: string | null;
  followed: boolean;
}

/** An anonymous visitor's: no answer of theirs, following nothing. */
export const NO_MEMBER_FACTS: MemberFacts = { firstAnswerId: null, followed: false };

/**
 * The signed-in member's facts about one question, in one statement beside the question's cached view
 * (the view is the same for everyone; these are not kept).
 */
export async function memberFacts(db: Db, questionId: string, viewer: Actor | null): Promise<MemberFacts> {
  if (!viewer) return NO_MEMBER_FACTS;
  const { rows } = await sql<{ first_answer_id: string | null; followed: boolean }>`
    select (select a.id from answers a
            where a.question_id = ${questionId} and a.user_id = ${viewer.id} and a.status = 1
            order by a.created_at, a.id limit 1) as first_answer_id,
           exists (select 1 from question_follows f
                   where f.question_id = ${questionId} and f.user_id = ${viewer.id}) as followed`.execute(db);
  const row = rows[0];
  return { firstAnswerId: row?.first_answer_id ?? null, followed: row?.followed ?? false };
}
