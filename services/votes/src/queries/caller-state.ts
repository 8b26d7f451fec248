import { objectTypeOf } from '@agora/contracts';
import type { Db } from '@agora/platform';
import { sql } from 'kysely';

export interface CallerState {
  /** The caller's active vote per object: `vote_up` or `vote_down`. */
  votes: Record<string, 'vote_up' | 'vote_down'>;
  /** The objects the caller has bookmarked. */
  bookmarks: string[];
}

/** The question a post belongs to (itself for a question). */
async function questionOf(db: Db, objectId: string): Promise<string | undefined> {
  const type = objectTypeOf(objectId);
  if (type === 'question') return objectId;
  if (type !== 'answer' && type !== 'comment') return undefined;
  const table = type === 'answer' ? sql`answers` : sql`comments`;
  const { rows } = await sql<{ question_id: string }>`select question_id from ${table} where id = ${objectId}`.execute(
    db,
  );
  return rows[0]?.question_id;
}

/**
 * The caller's votes and bookmarks on everything under one question (the question, its answers and their
 * comments): what the gateway adds to question detail, answer and comment pages (DESIGN §2).
 */
export async function callerState(db: Db, userId: string, objectId: string): Promise<CallerState> {
  const questionId = await questionOf(db, objectId);
  if (!questionId) return { votes: {}, bookmarks: [] };
  const [votes, bookmarks] = await Promise.all([
    sql<{ object_id: string; direction: number }>`
      select object_id, direction from votes where user_id = ${userId} and question_id = ${questionId}`.execute(db),
    sql<{ object_id: string }>`
      select object_id from bookmarks where user_id = ${userId} and question_id = ${questionId}`.execute(db),
  ]);
  return {
    votes: Object.fromEntries(votes.rows.map((r) => [r.object_id, r.direction === 1 ? 'vote_up' : 'vote_down'])),
    bookmarks: bookmarks.rows.map((r) => r.object_id),
  };
}
