import { type Actor, errors } from '@agora/platform';
import { sql } from 'kysely';
import { loadAuthors } from './authors';
import { visibleTo } from './questions';
import type { PostsReads } from './reads';

/** The members invited to answer a question, as cards; a question the viewer may not see is not found. */
export async function invitedMembers(reads: PostsReads, questionId: string, viewer: Actor | null) {
  const { rows } = await sql<{ invited_user_ids: string[]; user_id: string; status: number; show: number }>`
    select invited_user_ids, user_id, status, show from questions where id = ${questionId}`.execute(reads.db);
  const question = rows[0];
  if (!question || !visibleTo(viewer, question)) throw errors.notFound('error.question.not_found');
  const authors = await loadAuthors(reads.db, question.invited_user_ids, await reads.settings());
  return question.invited_user_ids.map((id) => authors.get(id));
}
