import { PostStatus, type SiteSettings, seconds } from '@agora/contracts';
import { type Actor, type Db, errors, first, isStaff, PostStatusSql } from '@agora/platform';
import { sql } from 'kysely';
import { answerActions } from '../responses/member-actions';
import { loadAuthors } from './authors';

interface AnswerRow {
  id: string;
  question_id: string;
  user_id: string;
  content: string;
  html: string;
  status: number;
  accepted: boolean;
  vote_count: number;
  last_edit_user_id: string | null;
  created_at: Date;
  updated_at: Date;
}

async function toAnswerInfos(db: Db, rows: AnswerRow[], viewer: Actor | null, settings: SiteSettings) {
  const authors = await loadAuthors(
    db,
    rows.flatMap((a) => [a.user_id, a.last_edit_user_id]),
    settings,
  );
  return answerInfosFor({ rows, authors }, viewer, settings);
}

type Authors = Awaited<ReturnType<typeof loadAuthors>>;

function answerInfosFor(view: { rows: AnswerRow[]; authors: Authors }, viewer: Actor | null, settings: SiteSettings) {
  const { rows, authors } = view;
  return rows.map((a) => ({
    id: a.id,
    question_id: a.question_id,
    content: a.content,
    html: a.html,
    accepted: a.accepted ? 2 : 1,
    status: a.status,
    vote_count: a.vote_count,
    vote_status: '',
    collected: false,
    create_time: seconds(a.created_at),
    update_time: seconds(a.updated_at),
    user_info: authors.get(a.user_id),
    update_user_info: authors.get(a.last_edit_user_id ?? a.user_id),
    member_actions: answerActions(viewer, a, settings.privileges),
  }));
}

export interface AnswerPageQuery {
  question_id: string;
  order: string;
  page: number;
  page_size: number;
}

type Cached = <T>(key: string, load: () => Promise<T>) => Promise<T>;

/**
 * A question's answers: the accepted one first, then by votes or time; deleted ones only for staff and
 * authors. The rows depend on the viewer only through what they may see, so a cache keys on that: staff,
 * an author of a deleted answer of the question, or everyone else (who all see the same rows).
 */
export async function answerPage(
  db: Db,
  query: AnswerPageQuery,
  viewer: Actor | null,
  settings: SiteSettings,
  cached: Cached = (_key, load) => load(),
) {
  const sees = await visibilityClass(db, query.question_id, viewer, cached);
  const key = JSON.stringify(['answers', query.question_id, query.order, query.page, query.page_size, sees]);
  const rowsFor = sees === 'public' ? null : viewer;
  const view = await cached(key, () => answerRows(db, query, rowsFor, settings));
  return { count: view.count, list: answerInfosFor(view, viewer, settings) };
}

async function visibilityClass(db: Db, questionId: string, viewer: Actor | null, cached: Cached) {
  if (isStaff(viewer)) return 'staff';
  if (!viewer) return 'public';
  const authors = await cached(`hidden-answer-authors:${questionId}`, async () => {
    const { rows } = await sql<{ user_id: string }>`
      select distinct user_id from answers where question_id = ${questionId} and status <> ${PostStatusSql.available}`.execute(
      db,
    );
    return new Set(rows.map((r) => r.user_id));
  });
  return authors.has(viewer.id) ? `user:${viewer.id}` : 'public';
}

async function answerRows(db: Db, query: AnswerPageQuery, viewer: Actor | null, settings: SiteSettings) {
  const ordering =
    query.order === 'created' || query.order === 'newest'
      ? sql`accepted desc, created_at desc`
      : query.order === 'updated'
        ? sql`accepted desc, updated_at desc`
        : sql`accepted desc, vote_count desc, created_at`;
  const visible = isStaff(viewer)
    ? sql`true`
    : sql`(status = ${PostStatusSql.available} or user_id = ${viewer?.id ?? ''})`;
  const where = sql`question_id = ${query.question_id} and ${visible}`;
  const [{ rows: counted }, { rows }] = await Promise.all([
    sql<{ n: number }>`select count(*)::int as n from answers where ${where}`.execute(db),
    sql<AnswerRow>`select * from answers where ${where} order by ${ordering}
                   limit ${query.page_size} offset ${(query.page - 1) * query.page_size}`.execute(db),
  ]);
  const authors = await loadAuthors(
    db,
    rows.flatMap((a) => [a.user_id, a.last_edit_user_id]),
    settings,
  );
  return { count: counted[0]?.n ?? 0, rows, authors };
}

export async function answerInfo(db: Db, id: string, viewer: Actor | null, settings: SiteSettings) {
  const { rows } = await sql<AnswerRow>`select * from answers where id = ${id}`.execute(db);
  const answer = rows[0];
  const allowed =
    answer && (answer.status === PostStatus.available || isStaff(viewer) || viewer?.id === answer.user_id);
  if (!answer || !allowed) throw errors.notFound('error.answer.not_found');
  return first(await toAnswerInfos(db, [answer], viewer, settings), "the answer's reply");
}
