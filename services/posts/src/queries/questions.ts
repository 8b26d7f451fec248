import { PostStatus, Show, type SiteSettings, seconds } from '@agora/contracts';
import { type Actor, type Db, errors, isStaff, PostStatusSql, ShowSql, tagResps } from '@agora/platform';
import { sql } from 'kysely';
import { questionActions } from '../responses/member-actions';
import { loadAuthors } from './authors';
import type { ListCounts } from './list-counts';
import { type MemberFacts, memberFacts, NO_MEMBER_FACTS } from './member-facts';

export interface QuestionRow {
  id: string;
  user_id: string;
  title: string;
  url_title: string;
  content: string;
  html: string;
  description: string;
  tags: { slug_name: string; display_name: string }[];
  status: number;
  pin: number;
  show: number;
  close_type: number | null;
  close_msg: string;
  vote_count: number;
  answer_count: number;
  view_count: number;
  unique_view_count: number;
  collection_count: number;
  follow_count: number;
  accepted_answer_id: string | null;
  first_answer_id: string | null;
  last_answer_id: string | null;
  last_answer_at: Date | null;
  last_answer_user_id: string | null;
  last_edit_user_id: string | null;
  last_edit_at: Date | null;
  post_update_time: Date;
  created_at: Date;
  updated_at: Date;
}

const DATE_COLUMNS = ['last_answer_at', 'last_edit_at', 'post_update_time', 'created_at', 'updated_at'] as const;

/** A question row read back as JSON (`to_jsonb`), with its times as dates again, as a query gives them. */
export function questionRowOf(json: unknown): QuestionRow {
  const row = { ...(json as Record<string, unknown>) };
  for (const column of DATE_COLUMNS) if (typeof row[column] === 'string') row[column] = new Date(row[column]);
  return row as unknown as QuestionRow;
}

/** Deleted, held (pending review) and hidden questions are for their author and the moderators only. */
export function visibleTo(viewer: Actor | null, q: { user_id: string; status: number; show: number }) {
  const standing = q.status !== PostStatus.deleted && q.status !== PostStatus.pending;
  if (standing && q.show === Show.shown) return true;
  return viewer !== null && (viewer.id === q.user_id || isStaff(viewer));
}

/** What a question page shows whoever asks: the row and its people's cards (cacheable). */
export async function questionView(db: Db, id: string, settings: SiteSettings) {
  const { rows } = await sql<QuestionRow>`select * from questions where id = ${id}`.execute(db);
  const q = rows[0];
  if (!q) return null;
  const authors = await loadAuthors(db, [q.user_id, q.last_edit_user_id, q.last_answer_user_id], settings);
  return { q, authors };
}

export type QuestionView = Awaited<ReturnType<typeof questionView>>;

export async function questionInfo(db: Db, id: string, viewer: Actor | null, settings: SiteSettings) {
  const [view, member] = await Promise.all([questionView(db, id, settings), memberFacts(db, id, viewer)]);
  return questionInfoFor(view, viewer, settings, member);
}

/**
 * The question as the viewer may see it, with the actions open to them; `answered`, `first_answer_id` and
 * `is_followed` say what it is to them (`member`: theirs when signed in, none for an anonymous visitor).
 */
export function questionInfoFor(
  view: QuestionView,
  viewer: Actor | null,
  settings: SiteSettings,
  member: MemberFacts = NO_MEMBER_FACTS,
) {
  if (!view || !visibleTo(viewer, view.q)) throw errors.notFound('error.question.not_found');
  const { q, authors } = view;
  const actions = questionActions(viewer, q, settings.privileges);
  return {
    id: q.id,
    title: q.title,
    url_title: q.url_title,
    content: q.content,
    html: q.html,
    description: q.description,
    tags: tagResps(q.tags, settings),
    view_count: q.view_count,
    unique_view_count: q.unique_view_count,
    answer_count: q.answer_count,
    collection_count: q.collection_count,
    follow_count: q.follow_count,
    vote_count: q.vote_count,
    vote_status: '',
    collected: false,
    is_followed: member.followed,
    accepted_answer_id: q.accepted_answer_id ?? '0',
    first_answer_id: member.firstAnswerId ?? '',
    last_answer_id: q.last_answer_id ?? '0',
    answered: member.firstAnswerId !== null,
    create_time: seconds(q.created_at),
    update_time: seconds(q.post_update_time),
    edit_time: seconds(q.last_edit_at),
    status: q.status,
    pin: q.pin,
    show: q.show,
    operation:
      q.status === PostStatus.closed
        ? { type: 'closed', description: '', msg: q.close_msg, time: seconds(q.updated_at), level: 'info' }
        : { type: '', description: '', msg: '', time: 0, level: '' },
    user_info: authors.get(q.user_id),
    update_user_info: authors.get(q.last_edit_user_id ?? q.user_id),
    last_answered_user_info: authors.get(q.last_answer_user_id),
    member_actions: actions,
    extends_actions: [],
  };
}

/** The orders of the question list. */
export const QUESTION_ORDERS = ['newest', 'active', 'hot', 'score', 'unanswered', 'frequent', 'recommend'] as const;
export type QuestionOrder = (typeof QUESTION_ORDERS)[number];

export interface QuestionPageQuery {
  order: QuestionOrder;
  page: number;
  page_size: number;
  tag?: string;
  username?: string;
  in_days?: number;
}

const ORDERINGS: Record<QuestionOrder, ReturnType<typeof sql>> = {
  newest: sql`pin desc, created_at desc, id desc`,
  active: sql`pin desc, post_update_time desc, id desc`,
  score: sql`pin desc, vote_count desc, view_count desc, id desc`,
  frequent: sql`pin desc, view_count desc, answer_count desc, id desc`,
  hot: sql`pin desc, view_count desc, answer_count desc, id desc`,
  unanswered: sql`pin desc, created_at desc, id desc`,
  recommend: sql`pin desc, created_at desc, id desc`,
};

/** The columns a list row reads (no post bodies), for `select q.${LIST_COLUMNS}`. */
export const LIST_COLUMNS = [
  'id',
  'user_id',
  'title',
  'url_title',
  'description',
  'tags',
  'status',
  'pin',
  'show',
  'vote_count',
  'answer_count',
  'view_count',
  'unique_view_count',
  'collection_count',
  'follow_count',
  'accepted_answer_id',
  'last_answer_id',
  'last_answer_at',
  'last_answer_user_id',
  'last_edit_user_id',
  'last_edit_at',
  'post_update_time',
  'created_at',
].join(', q.');

const COUNT_CAP = 100_000;

/**
 * How many questions a list has, capped at 100,000 and kept for two seconds per filter: an exact count
 * of a large list on every request costs more than the page itself, and pagers need no more.
 */
async function listCount(
  db: Db,
  where: ReturnType<typeof sql>,
  query: QuestionPageQuery,
  counts: ListCounts,
  scope: ListScope | undefined,
): Promise<number> {
  const key = JSON.stringify([query.order, query.tag, query.username, query.in_days, scope?.key]);
  const kept = counts.fresh(key);
  if (kept !== undefined) return kept;
  const { rows } = await sql<{ n: number }>`
    select count(*)::int as n from (select 1 from questions q where ${where} limit ${COUNT_CAP}) listed`.execute(db);
  const n = rows[0]?.n ?? 0;
  counts.remember(key, n);
  return n;
}

/**
 * A tag and its synonyms (a synonym stands for its main tag): a tag's list shows the questions filed
 * under its synonyms too, those asked before the synonym was set.
 */
async function tagFamily(db: Db, slug: string): Promise<string[]> {
  const { rows } = await sql<{ slug_name: string }>`
    select f.slug_name from tag_catalog t
    join tag_catalog m on m.tag_id = coalesce(t.main_tag_id, t.tag_id)
    join tag_catalog f on f.tag_id = m.tag_id or f.main_tag_id = m.tag_id
    where t.slug_name = ${slug}`.execute(db);
  return [...new Set([slug, ...rows.map((r) => r.slug_name)])];
}

/** A list of some questions only (those linked with one): its condition on `q`, and a key naming it. */
export interface ListScope {
  key: string;
  where: ReturnType<typeof sql>;
}

/** The question list: pinned first in every order; one page and its count. */
export async function questionPage(
  db: Db,
  query: QuestionPageQuery,
  settings: SiteSettings,
  counts: ListCounts,
  scope?: ListScope,
) {
  const conditions = [
    query.order === 'unanswered'
      ? sql`q.status = ${PostStatusSql.available} and q.answer_count = 0`
      : sql`q.status in (${PostStatusSql.available}, ${PostStatusSql.closed})`,
    sql`q.show = ${ShowSql.shown}`,
  ];
  const days = query.order === 'hot' ? (query.in_days ?? 90) : query.in_days;
  if (days) conditions.push(sql`q.created_at > now() - ${days} * interval '1 day'`);
  if (query.order === 'active' && !query.in_days) {
    conditions.push(
      sql`q.created_at > now() - interval '180 days'`,
      sql`q.post_update_time > now() - interval '90 days'`,
    );
  }
  if (query.tag) {
    const slugs = await tagFamily(db, query.tag.trim().toLowerCase());
    conditions.push(
      sql`exists (select 1 from question_tags t where t.question_id = q.id and t.tag_slug = any(${slugs}::text[]))`,
    );
  }
  if (query.username) {
    conditions.push(
      sql`q.user_id = (select user_id from actors where lower(username) = lower(${query.username}) limit 1)`,
    );
  }
  if (scope) conditions.push(scope.where);
  const where = sql.join(conditions, sql` and `);
  const order = ORDERINGS[query.order];
  // A deferred join: the page's ids come from the sort's index alone, and only those rows are read,
  // without the post bodies a list never shows.
  const [count, { rows }] = await Promise.all([
    listCount(db, where, query, counts, scope),
    sql<QuestionRow>`
      select q.${sql.raw(LIST_COLUMNS)} from questions q
      join (select q.id from questions q where ${where} order by ${order}
            limit ${query.page_size} offset ${(query.page - 1) * query.page_size}) page using (id)
      order by ${order}`.execute(db),
  ]);
  if (query.page > 1 && rows.length === 0) throw errors.notFound();
  return { count, list: await listItems(db, rows, settings, query.order) };
}

/**
 * Rows of a question list as the list shows them, with their people's cards: each row's operation is its asking,
 * unless the active order shows a later edit or answer.
 */
export async function listItems(db: Db, rows: QuestionRow[], settings: SiteSettings, order: QuestionOrder) {
  const authors = await loadAuthors(
    db,
    rows.flatMap((q) => [q.user_id, q.last_edit_user_id, q.last_answer_user_id]),
    settings,
  );
  return rows.map((q) => {
    let operation = { type: 'asked', user: q.user_id, at: q.created_at };
    if (order === 'active') {
      if (q.last_edit_at && q.last_edit_user_id)
        operation = { type: 'modified', user: q.last_edit_user_id, at: q.last_edit_at };
      if (q.last_answer_at && q.last_answer_user_id && q.last_answer_at > operation.at) {
        operation = { type: 'answered', user: q.last_answer_user_id, at: q.last_answer_at };
      }
    }
    const operator = authors.get(operation.user);
    return {
      id: q.id,
      title: q.title,
      url_title: q.url_title,
      description: q.description,
      tags: tagResps(q.tags, settings),
      pin: q.pin,
      show: q.show,
      status: q.status,
      view_count: q.view_count,
      unique_view_count: q.unique_view_count,
      vote_count: q.vote_count,
      answer_count: q.answer_count,
      collection_count: q.collection_count,
      follow_count: q.follow_count,
      accepted_answer_id: q.accepted_answer_id ?? '0',
      last_answer_id: q.last_answer_id ?? '0',
      created_at: seconds(q.created_at),
      operated_at: seconds(operation.at),
      operation_type: operation.type,
      operator: {
        id: operator.id,
        username: operator.username,
        display_name: operator.display_name,
        avatar: operator.avatar,
        rank: operator.rank,
        status: operator.status,
      },
    };
  });
}
