import { DUPLICATE_CLOSE_TYPE } from '@agora/contracts';
import type { Tx } from '@agora/platform';
import { sql } from 'kysely';
import { type QuestionLink, questionLinksIn } from '../../domain/links/question-links';

/** How a post links to a question: by its text, or by closing its question as a duplicate of it. */
export type LinkVia = 'body' | 'duplicate';

/** The questions a post's text links to, its own question apart (a question's links to itself do not count). */
export function questionLinksOf(post: { questionId: string }, text: string): QuestionLink[] {
  return questionLinksIn(text).filter((link) => link.questionId !== post.questionId);
}

/**
 * Common table expressions that make `question_links` hold what a post's text (or a duplicate close's
 * message) links to now (`questionLinksOf`): links no longer in it are removed, new ones added. Its text never
 * varies, so the statement it joins can stay a prepared one.
 */
export function questionLinkChanges(post: { id: string; questionId: string }, via: LinkVia, text: string) {
  const links = questionLinksOf(post, text);
  const questions = links.map((link) => link.questionId);
  const sites = links.map((link) => link.site);
  return sql`
    removed_links as (
      delete from question_links where from_post_id = ${post.id} and via = ${via}
        and (to_question_id, site) not in (select * from unnest(${questions}::text[], ${sites}::text[]))
    ), added_links as (
      insert into question_links (from_post_id, via, to_question_id, site, from_question_id)
      select ${post.id}, ${via}, l.question, l.site, ${post.questionId}
      from unnest(${questions}::text[], ${sites}::text[]) as l(question, site)
      on conflict do nothing
    )`;
}

/** Sets a post's links to what its text links to now (a post written, edited or back from deletion). */
export async function setQuestionLinks(tx: Tx, post: { id: string; questionId: string }, via: LinkVia, text: string) {
  await sql`with ${questionLinkChanges(post, via, text)} select 1`.execute(tx);
}

/** A deleted answer links to nothing. */
export async function removeQuestionLinks(tx: Tx, postId: string) {
  await sql`delete from question_links where from_post_id = ${postId}`.execute(tx);
}

/** A question closed as a duplicate links to the question its close message names; closed otherwise, or reopened, to none. */
export async function setDuplicateLinks(tx: Tx, questionId: string, closeType: number | null, closeMsg: string) {
  const text = closeType === DUPLICATE_CLOSE_TYPE ? closeMsg : '';
  await setQuestionLinks(tx, { id: questionId, questionId }, 'duplicate', text);
}
