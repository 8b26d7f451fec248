import type { Db } from '@agora/platform';
import { sql } from 'kysely';

/** A question anyone may see: neither deleted nor hidden (held ones never reach the library). */
export const VISIBLE_QUESTION = sql`q.kind = 'question' and not q.deleted and not q.hidden`;
/** A `QuestionRow` of `library_posts q`. */
export const QUESTION_COLUMNS = sql`q.id, q.title, q.url_title, q.body, q.tags, q.vote_count, q.accepted_answer_id,
  q.closed, q.user_id, q.created_at`;

export interface QuestionRow {
  id: string;
  title: string;
  url_title: string;
  body: string;
  tags: { slug_name: string; display_name: string }[];
  vote_count: number;
  accepted_answer_id: string | null;
  closed: boolean;
  user_id: string;
  created_at: Date;
}

export interface AnswerRow {
  id: string;
  question_id: string;
  body: string;
  vote_count: number;
  user_id: string;
  created_at: Date;
}

export interface CommentRow {
  id: string;
  object_id: string;
  question_id: string;
  body: string;
  user_id: string;
  created_at: Date;
}

export interface TagRow {
  id: string;
  slug_name: string;
  display_name: string;
  description: string;
}

export interface MemberRow {
  user_id: string;
  username: string;
  display_name: string;
  email: string;
  avatar: { type?: string; gravatar?: string; custom?: string };
}

/** The live answers of every visible question, oldest first; at most `limit`. */
export async function visibleAnswers(db: Db, limit: number): Promise<AnswerRow[]> {
  const { rows } = await sql<AnswerRow>`
    select a.id, a.question_id, a.body, a.vote_count, a.user_id, a.created_at
    from library_posts a join library_posts q on q.id = a.question_id
    where a.kind = 'answer' and not a.deleted and ${VISIBLE_QUESTION}
    order by a.created_at, a.id
    limit ${limit}`.execute(db);
  return rows;
}

export interface AuthoredAnswer {
  id: string;
  body: string;
  vote_count: number;
  /** The author's username ('' when the library's actors do not know them). */
  author: string;
}

export interface QuestionWithAnswers extends QuestionRow {
  author: string;
  answers: AuthoredAnswer[];
}

/**
 * A visible question with its live answers (oldest first, at most `limit`) and their authors' usernames, in one
 * round trip: what `get_question` and `get_answers_by_question_id` answer.
 */
export async function visibleQuestionWithAnswers(
  db: Db,
  questionId: string,
  limit: number,
): Promise<QuestionWithAnswers | null> {
  const { rows } = await sql<QuestionWithAnswers>`
    select ${QUESTION_COLUMNS}, coalesce(u.username, '') as author,
           coalesce((
             select json_agg(json_build_object('id', a.id, 'body', a.body, 'vote_count', a.vote_count,
                                               'author', coalesce(au.username, '')) order by a.created_at, a.id)
             from (select a.id, a.body, a.vote_count, a.user_id, a.created_at from library_posts a
                   where a.question_id = q.id and a.kind = 'answer' and not a.deleted
                   order by a.created_at, a.id limit ${limit}) a
             left join actors au on au.user_id = a.user_id), '[]') as answers
    from library_posts q left join actors u on u.user_id = q.user_id
    where q.id = ${questionId} and ${VISIBLE_QUESTION}`.execute(db);
  return rows[0] ?? null;
}

/** The live comments on one visible post, newest first. */
export async function visibleComments(db: Db, objectId: string, limit: number): Promise<CommentRow[]> {
  const { rows } = await sql<CommentRow>`
    select c.id, c.object_id, c.question_id, c.body, c.user_id, c.created_at
    from library_comments c
    join library_posts p on p.id = c.object_id and not p.deleted
    join library_posts q on q.id = c.question_id
    where c.object_id = ${objectId} and not c.deleted and ${VISIBLE_QUESTION}
    order by c.created_at desc, c.id desc
    limit ${limit}`.execute(db);
  return rows;
}

/** Live main tags (no synonyms) whose name or slug holds `name`, exact matches first. */
export async function findTags(db: Db, name: string, limit: number): Promise<TagRow[]> {
  const pattern = `%${name.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const { rows } = await sql<TagRow>`
    select id, slug_name, display_name, description from library_tags
    where not deleted and main_tag_id is null
      and (lower(display_name) like ${pattern} or slug_name like ${pattern})
    order by (lower(display_name) = ${name.toLowerCase()} or slug_name = ${name.toLowerCase()}) desc, slug_name
    limit ${limit}`.execute(db);
  return rows;
}

/** A live tag by slug; a synonym answers as its main tag. */
export async function tagBySlug(db: Db, slug: string): Promise<TagRow | null> {
  const { rows } = await sql<TagRow>`
    select m.id, m.slug_name, m.display_name, m.description
    from library_tags t join library_tags m on m.id = coalesce(t.main_tag_id, t.id)
    where t.slug_name = ${slug.toLowerCase()} and not t.deleted and not m.deleted
    limit 1`.execute(db);
  return rows[0] ?? null;
}

/** A member who may be shown: not deleted. */
export async function memberByUsername(db: Db, username: string): Promise<MemberRow | null> {
  const { rows } = await sql<MemberRow>`
    select user_id, username, display_name, email, avatar from actors
    where lower(username) = lower(${username}) and status <> 'deleted'`.execute(db);
  return rows[0] ?? null;
}
