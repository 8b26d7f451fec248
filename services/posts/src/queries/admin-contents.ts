import {
  type AdminAnswerFilter,
  type AdminAnswerInfo,
  type AdminQuestionFilter,
  type AdminQuestionInfo,
  AnswerAcceptance,
  type Page,
  PostStatus,
  type SiteSettings,
  seconds,
} from '@agora/contracts';
import {
  type AuthorCardJson,
  authorCardColumn,
  authorCardOfColumn,
  type Db,
  excerptOfHtml,
  executePrepared,
  isShortId,
  longIdOf,
} from '@agora/platform';
import { type RawBuilder, sql } from 'kysely';

/** How much of an answer its row in the admin's list shows. */
const ANSWER_DESCRIPTION_LENGTH = 160;

interface ContentQuery<S> {
  page: number;
  page_size: number;
  status: S;
  /** Words of the title or text, an id (alone, or as `question:<id>`, `answer:<id>`), or `user:<username>`. */
  query?: string;
}

/** `%` and `_` in what an admin types are literal characters, not patterns. */
const literal = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Whether the post of a table alias holds an `ilike` pattern in its searched text. */
type TextMatch = (alias: string, pattern: string) => RawBuilder<unknown>;

/** A question's title, from the titles the `question-titles` projection keeps trigram-indexed (ADR 0087). */
const titleMatches: TextMatch = (alias, pattern) =>
  sql`${sql.ref(`${alias}.id`)} in (select question_id from question_titles where title ilike ${pattern})`;
/** An answer's text, trigram-indexed on the row itself. */
const answerTextMatches: TextMatch = (alias, pattern) => sql`${sql.ref(`${alias}.content`)} ilike ${pattern}`;

/** The condition an admin's search adds: one member's posts, one post by id, or text it contains. */
function searchOf(query: string | undefined, matches: TextMatch, alias: string): RawBuilder<unknown> {
  const text = query?.trim() ?? '';
  if (!text) return sql`true`;
  const user = /^user:(\S+)$/i.exec(text)?.[1];
  if (user) {
    return sql`${sql.ref(`${alias}.user_id`)} in (select user_id from actors where lower(username) = lower(${user}))`;
  }
  // The reference client's filter hint: `question:<id>` and `answer:<id>`, in the long or the short form.
  const named = /^(?:question|answer):\s*(\S+)$/i.exec(text)?.[1];
  if (named) return sql`${sql.ref(`${alias}.id`)} = ${isShortId(named) ? (longIdOf(named) ?? named) : named}`;
  return sql`(${sql.ref(`${alias}.id`)} = ${text} or ${matches(alias, literal(text))})`;
}

interface QuestionRow {
  id: string;
  user_id: string;
  title: string;
  url_title: string;
  vote_count: number;
  show: number;
  pin: number;
  status: number;
  answer_count: number;
  accepted_answer_id: string | null;
  created_at: Date;
  updated_at: Date;
  last_edit_at: Date | null;
  author: AuthorCardJson | null;
}

/** The total a narrowed list's page carries beside each row, so that a search is one statement. */
const NARROWED_TOTAL = sql`, count(*) over ()::int as page_total`;

/** How many posts of one status there are, from the counts the triggers keep (migration 0015). */
async function statusCountOf(db: Db, kind: 'question' | 'answer', status: number): Promise<number> {
  const { rows } = await executePrepared(
    db,
    sql<{ n: number }>`
      select coalesce(sum(n), 0)::int as n from post_status_counts where kind = ${kind} and status = ${status}`,
  );
  return rows[0]?.n ?? 0;
}

/**
 * A page of posts with each one's author card, drawn for the page's own rows only: a card in the inner select
 * would be built for every row the offset skips too (page 5 built 100 cards to send 20).
 */
const withAuthorCards = (page: RawBuilder<unknown>) => sql`
  select page.*, ${authorCardColumn('page.user_id')} as author from (${page}) as page
  order by page.created_at desc, page.id desc`;

/**
 * A narrowed list's page (a search, one question's answers: `page` selects NARROWED_TOTAL, newest first) and how
 * many the list holds, in one statement: the total rides on the page's rows, and a page past the end is one row of
 * nulls whose total is counted apart (`from`), only then.
 */
async function narrowedPage<R extends { id: string }>(db: Db, page: RawBuilder<unknown>, from: RawBuilder<unknown>) {
  const { rows } = await sql<R & { total: number }>`
    select page.*, coalesce(page.page_total, (select count(*)::int from ${from})) as total
    from (select) as one left join (${page}) as page on true
    order by page.created_at desc, page.id desc`.execute(db);
  return { rows: rows.filter((row) => row.id !== null), count: rows[0]?.total ?? 0 };
}

/**
 * A list of one status: its page, and its total from the counts the triggers keep, read side by side. Its text
 * never varies (status, size and offset are parameters), so it runs prepared: planned once per connection.
 */
async function statusPage<R>(db: Db, page: RawBuilder<unknown>, kind: 'question' | 'answer', status: number) {
  const [count, { rows }] = await Promise.all([
    statusCountOf(db, kind, status),
    executePrepared(db, page.$castTo<R>()),
  ]);
  return { rows, count };
}

/** `{admin}/question/page`: the questions of one status, newest first, searched by title, id or author. */
export async function adminQuestionPage(
  db: Db,
  query: ContentQuery<AdminQuestionFilter>,
  settings: SiteSettings,
): Promise<Page<AdminQuestionInfo>> {
  const where = sql`q.status = ${PostStatus[query.status]} and ${searchOf(query.query, titleMatches, 'q')}`;
  const narrowed = Boolean(query.query?.trim());
  const page = withAuthorCards(sql`
      select q.id, q.user_id, q.title, q.url_title, q.vote_count, q.show, q.pin, q.status, q.answer_count,
             q.accepted_answer_id, q.created_at, q.updated_at, q.last_edit_at ${narrowed ? NARROWED_TOTAL : sql``}
      from questions q where ${where}
      order by q.created_at desc, q.id desc
      limit ${query.page_size} offset ${(query.page - 1) * query.page_size}`);
  const { rows, count } = narrowed
    ? await narrowedPage<QuestionRow>(db, page, sql`questions q where ${where}`)
    : await statusPage<QuestionRow>(db, page, 'question', PostStatus[query.status]);
  return {
    count,
    list: rows.map((q) => ({
      id: q.id,
      title: q.title,
      url_title: q.url_title,
      vote_count: q.vote_count,
      show: q.show,
      pin: q.pin,
      status: q.status,
      answer_count: q.answer_count,
      accepted_answer_id: q.accepted_answer_id ?? '0',
      create_time: seconds(q.created_at),
      update_time: seconds(q.updated_at),
      edit_time: seconds(q.last_edit_at),
      user_info: authorCardOfColumn(q.author, q.user_id, settings),
    })),
  };
}

interface AnswerRow {
  id: string;
  question_id: string;
  user_id: string;
  html: string;
  status: number;
  accepted: boolean;
  vote_count: number;
  created_at: Date;
  updated_at: Date;
  question_title: string;
  question_url_title: string;
  author: AuthorCardJson | null;
}

/** `{admin}/answer/page`: the answers of one status (of one question, if named), newest first, searched. */
export async function adminAnswerPage(
  db: Db,
  query: ContentQuery<AdminAnswerFilter> & { question_id?: string },
  settings: SiteSettings,
): Promise<Page<AdminAnswerInfo>> {
  const ofQuestion = query.question_id ? sql`a.question_id = ${query.question_id}` : sql`true`;
  const where = sql`a.status = ${PostStatus[query.status]} and ${ofQuestion}
                    and ${searchOf(query.query, answerTextMatches, 'a')}`;
  const narrowed = Boolean(query.question_id || query.query?.trim());
  const page = withAuthorCards(sql`
      select a.id, a.question_id, a.user_id, a.html, a.status, a.accepted, a.vote_count, a.created_at, a.updated_at,
             coalesce(q.title, '') as question_title, coalesce(q.url_title, '') as question_url_title
             ${narrowed ? NARROWED_TOTAL : sql``}
      from answers a left join questions q on q.id = a.question_id
      where ${where}
      order by a.created_at desc, a.id desc
      limit ${query.page_size} offset ${(query.page - 1) * query.page_size}`);
  const { rows, count } = narrowed
    ? await narrowedPage<AnswerRow>(db, page, sql`answers a where ${where}`)
    : await statusPage<AnswerRow>(db, page, 'answer', PostStatus[query.status]);
  return {
    count,
    list: rows.map((a) => ({
      id: a.id,
      question_id: a.question_id,
      description: excerptOfHtml(a.html, ANSWER_DESCRIPTION_LENGTH),
      status: a.status,
      create_time: seconds(a.created_at),
      update_time: seconds(a.updated_at),
      accepted: a.accepted ? AnswerAcceptance.accepted : AnswerAcceptance.notAccepted,
      user_info: authorCardOfColumn(a.author, a.user_id, settings),
      vote_count: a.vote_count,
      question_info: { title: a.question_title, url_title: a.question_url_title },
    })),
  };
}
