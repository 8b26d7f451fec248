import type { SiteSettings } from '@agora/contracts';
import { errors, PostStatusSql, ShowSql } from '@agora/platform';
import { sql } from 'kysely';
import { sitesOf } from '../domain/links/question-links';
import { type QuestionPageQuery, questionPage } from './questions';
import type { PostsReads } from './reads';

export type LinkedQuestionsQuery = Omit<QuestionPageQuery, 'tag' | 'username'> & { question_id: string };

/**
 * `question/link`: the questions that link to a question and those it links to (by the text of their
 * questions and answers, or a duplicate close), as a page of the question list in any of its orders.
 * Only links to this site's address count (root-relative or absolute), and only questions the lists show;
 * a deleted or hidden question has no linked questions.
 */
export async function linkedQuestionPage(reads: PostsReads, query: LinkedQuestionsQuery, settings: SiteSettings) {
  const id = query.question_id;
  const { rows } = await sql<{ listed: boolean }>`
    select status in (${PostStatusSql.available}, ${PostStatusSql.closed}) and show = ${ShowSql.shown} as listed
    from questions where id = ${id}`.execute(reads.db);
  if (!rows[0]) throw errors.notFound('error.question.not_found');
  if (!rows[0].listed) return { count: 0, list: [] };
  const sites = sitesOf(settings.general.site_url);
  const where = sql`q.id in (
      select from_question_id from question_links where to_question_id = ${id} and site = any(${sites}::text[])
      union
      select to_question_id from question_links where from_question_id = ${id} and site = any(${sites}::text[])
    ) and q.id <> ${id}`;
  const { question_id: _, ...page } = query;
  return questionPage(reads.db, page, settings, reads.listCounts, { key: `linked:${id}:${sites.join(' ')}`, where });
}
