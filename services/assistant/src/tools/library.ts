import type { Db } from '@agora/platform';
import { sql } from 'kysely';

/** A question anyone may see: neither deleted nor hidden (held ones never reach the library). */
const VISIBLE_QUESTION = sql`q.kind = 'question' and not q.deleted and not q.hidden`;

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

/** Words as a prefix query (`instal` finds "installing"); only letters and digits of each word are kept. */
export function prefixQuery(keyword: string): string | null {
  const words = keyword
    .toLowerCase()
    .split(/\s+/)
    .map((word) => word.replace(/[^\p{L}\p{N}]/gu, ''))
    .filter((word) => word.length > 0)
    .slice(0, 16);
  return words.length > 0 ? words.map((word) => `${word}:*`).join(' & ') : null;
}

/** The newest visible questions that match every filter given. */
export async function findQuestions(
  db: Db,
  filter: { keyword?: string; userId?: string; tags?: string[]; minScore?: number; limit: number },
): Promise<QuestionRow[]> {
  const words = filter.keyword ? prefixQuery(filter.keyword) : null;
  const tags = filter.tags?.length ? JSON.stringify(filter.tags.map((slug_name) => ({ slug_name }))) : null;
  const { rows } = await sql<QuestionRow>`
    select q.id, q.title, q.url_title, q.body, q.tags, q.vote_count, q.accepted_answer_id, q.closed, q.user_id, q.created_at
    from library_posts q
    where ${VISIBLE_QUESTION}
      and (${words}::text is null or q.words @@ to_tsquery('simple', ${words}))
      and (${filter.userId ?? null}::text is null or q.user_id = ${filter.userId ?? null})
      and (${tags}::jsonb is null or q.tags @> ${tags}::jsonb)
      and (${filter.minScore ?? null}::int is null or q.vote_count >= ${filter.minScore ?? null})
    order by q.created_at desc, q.id desc
    limit ${filter.limit}`.execute(db);
  return rows;
}

export async function visibleQuestion(db: Db, questionId: string): Promise<QuestionRow | null> {
  const { rows } = await sql<QuestionRow>`
    select q.id, q.title, q.url_title, q.body, q.tags, q.vote_count, q.accepted_answer_id, q.closed, q.user_id, q.created_at
    from library_posts q where q.id = ${questionId} and ${VISIBLE_QUESTION}`.execute(db);
  return rows[0] ?? null;
}

/** The live answers of visible questions (of one, when named), oldest first; at most `limit`. */
export async function visibleAnswers(db: Db, questionId: string | null, limit: number): Promise<AnswerRow[]> {
  const { rows } = await sql<AnswerRow>`
    select a.id, a.question_id, a.body, a.vote_count, a.user_id, a.created_at
    from library_posts a join library_posts q on q.id = a.question_id
    where a.kind = 'answer' and not a.deleted and ${VISIBLE_QUESTION}
      and (${questionId}::text is null or a.question_id = ${questionId})
    order by a.created_at, a.id
    limit ${limit}`.execute(db);
  return rows;
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

export async function membersByIds(db: Db, ids: string[]): Promise<Map<string, MemberRow>> {
  if (ids.length === 0) return new Map();
  const { rows } = await sql<MemberRow>`
    select user_id, username, display_name, email, avatar from actors where user_id = any(${ids}::text[])`.execute(db);
  return new Map(rows.map((row) => [row.user_id, row]));
}
