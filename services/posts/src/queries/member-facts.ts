import { type Actor, type Db, PostStatusSql } from '@agora/platform';
import { sql } from 'kysely';

/** What a question is to the member reading it: their first live answer on it (if any), and whether they follow it. */
export interface MemberFacts {
  firstAnswerId: string | null;
  followed: boolean;
}

/** An anonymous visitor's: no answer of theirs, following nothing. */
export const NO_MEMBER_FACTS: MemberFacts = { firstAnswerId: null, followed: false };

/**
 * Who answered a question (each answerer's first live answer) and who follows it, read once per version of
 * the read models and kept beside the question's view, so that a signed-in reader's facts cost no query.
 * Null where there are more than `QUESTION_MEMBERS_LIMIT`: such a question's reader asks the database.
 */
export interface QuestionMembers {
  answerers: ReadonlyMap<string, string> | null;
  followers: ReadonlySet<string> | null;
}

export const QUESTION_MEMBERS_LIMIT = 1000;

export async function questionMembers(db: Db, questionId: string): Promise<QuestionMembers> {
  const limit = QUESTION_MEMBERS_LIMIT;
  const { rows } = await sql<{ answerers: Record<string, string> | null; followers: string[] | null }>`
    select
      (select case when count(*) > ${limit} then null else coalesce(jsonb_object_agg(a.user_id, a.id), '{}') end
       from (select distinct on (user_id) user_id, id from answers
             where question_id = ${questionId} and status = ${PostStatusSql.available}
             order by user_id, created_at, id limit ${limit + 1}) a) as answerers,
      (select case when count(*) > ${limit} then null else coalesce(array_agg(f.user_id), '{}') end
       from (select user_id from question_follows where question_id = ${questionId} limit ${limit + 1}) f) as followers`.execute(
    db,
  );
  const row = rows[0];
  return {
    answerers: row?.answerers ? new Map(Object.entries(row.answerers)) : null,
    followers: row?.followers ? new Set(row.followers) : null,
  };
}

/** The signed-in member's facts about one question, from the database (one statement). */
async function memberFactsOf(db: Db, questionId: string, userId: string): Promise<MemberFacts> {
  const { rows } = await sql<{ first_answer_id: string | null; followed: boolean }>`
    select (select a.id from answers a
            where a.question_id = ${questionId} and a.user_id = ${userId} and a.status = ${PostStatusSql.available}
            order by a.created_at, a.id limit 1) as first_answer_id,
           exists (select 1 from question_follows f
                   where f.question_id = ${questionId} and f.user_id = ${userId}) as followed`.execute(db);
  const row = rows[0];
  return { firstAnswerId: row?.first_answer_id ?? null, followed: row?.followed ?? false };
}

/**
 * The viewer's facts about a question: from its kept members when they are complete (no query), else from the
 * database; `members` absent: from the database.
 */
export async function memberFacts(
  db: Db,
  questionId: string,
  viewer: Actor | null,
  members?: QuestionMembers,
): Promise<MemberFacts> {
  if (!viewer) return NO_MEMBER_FACTS;
  if (members?.answerers && members.followers) {
    return { firstAnswerId: members.answerers.get(viewer.id) ?? null, followed: members.followers.has(viewer.id) };
  }
  return memberFactsOf(db, questionId, viewer.id);
}
