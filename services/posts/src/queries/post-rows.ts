import { type Db, PostStatusSql } from '@agora/platform';
import { sql } from 'kysely';

/** What the commands check of a question before they decide on its stream. */
export interface QuestionRecord {
  id: string;
  user_id: string;
  status: number;
  tags: { slug_name: string; display_name: string }[];
  answer_count: number;
  accepted_answer_id: string | null;
  show: number;
  follow_count: number;
  /** A suggested edit waiting for review (it blocks every other edit). */
  pending_revision_id: string | null;
}

/** What the commands check of an answer before they decide on its stream. */
export interface AnswerRecord {
  id: string;
  question_id: string;
  user_id: string;
  status: number;
  vote_count: number;
  accepted: boolean;
  /** A suggested edit waiting for review (it blocks every other edit). */
  pending_revision_id: string | null;
}

export async function questionById(db: Db, id: string): Promise<QuestionRecord | undefined> {
  const { rows } = await sql<QuestionRecord>`select * from questions where id = ${id}`.execute(db);
  return rows[0];
}

export async function answerById(db: Db, id: string): Promise<AnswerRecord | undefined> {
  const { rows } = await sql<AnswerRecord>`select * from answers where id = ${id}`.execute(db);
  return rows[0];
}

/** A question's live answers as deleting it weighs them: how many, their best score, an accepted one. */
export async function liveAnswerFacts(
  db: Db,
  questionId: string,
): Promise<{ n: number; votes: number; accepted: boolean }> {
  const { rows } = await sql<{ n: number; votes: number; accepted: boolean }>`
      select count(*)::int as n, coalesce(max(vote_count), 0)::int as votes, coalesce(bool_or(accepted), false) as accepted
      from answers where question_id = ${questionId} and status = ${PostStatusSql.available}`.execute(db);
  // An aggregate without grouping gives one row.
  return rows[0] ?? { n: 0, votes: 0, accepted: false };
}

/** Whether a member already has a live answer on a question, or one held for review (the site's one-answer rule). */
export async function hasLiveAnswerBy(db: Db, questionId: string, userId: string): Promise<boolean> {
  const { rows } = await sql`select 1 from answers where question_id = ${questionId} and user_id = ${userId}
                               and status in (${PostStatusSql.available}, ${PostStatusSql.pending})`.execute(db);
  return rows.length > 0;
}

/** A live comment's author and the post it is on (a reply names it). */
export async function liveComment(db: Db, id: string): Promise<{ user_id: string; object_id: string } | undefined> {
  const { rows } = await sql<{ user_id: string; object_id: string }>`
        select user_id, object_id from comments where id = ${id} and status = ${PostStatusSql.available}`.execute(db);
  return rows[0];
}
