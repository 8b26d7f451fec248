import { AnswerAcceptance, objectTypeOf, postStatusName, type SiteSettings, seconds } from '@agora/contracts';
import { type Actor, type Db, errors, isStaff, PostStatusSql, ShowSql, tagResps } from '@agora/platform';
import { type RawBuilder, sql } from 'kysely';
import type { QuestionRow } from './questions';

/** The question statuses as the personal lists name them (Answer's admin search names). */

export type PersonalOrder = 'newest' | 'score';

interface Paging {
  page: number;
  page_size: number;
}

/** The user behind a profile's username, from the service's copy of identity's actors. */
export async function profileUserId(db: Db, username: string): Promise<string> {
  const { rows } = await sql<{ user_id: string }>`
    select user_id from actors where lower(username) = lower(${username}) and status <> 'deleted' limit 1`.execute(db);
  if (!rows[0]) throw errors.notFound('error.user.not_found');
  return rows[0].user_id;
}

/** The owner of the profile and staff see everything on it; others see what is public. */
const seesAll = (viewer: Actor | null, userId: string) => viewer !== null && (viewer.id === userId || isStaff(viewer));
const publicQuestion = (alias: string) =>
  sql`${sql.ref(`${alias}.status`)} in (${PostStatusSql.available}, ${PostStatusSql.closed}) and ${sql.ref(`${alias}.show`)} = ${ShowSql.shown}`;
const offset = (p: Paging) => (p.page - 1) * p.page_size;

type QuestionListRow = Pick<
  QuestionRow,
  | 'id'
  | 'title'
  | 'url_title'
  | 'vote_count'
  | 'tags'
  | 'view_count'
  | 'answer_count'
  | 'collection_count'
  | 'created_at'
  | 'accepted_answer_id'
  | 'status'
>;

function userQuestionInfo(q: QuestionListRow, settings: SiteSettings) {
  return {
    question_id: q.id,
    title: q.title,
    url_title: q.url_title,
    vote_count: q.vote_count,
    tags: tagResps(q.tags, settings),
    view_count: q.view_count,
    answer_count: q.answer_count,
    collection_count: q.collection_count,
    created_at: seconds(q.created_at),
    accepted_answer_id: q.accepted_answer_id ?? '0',
    status: postStatusName(q.status) ?? '',
  };
}

interface AnswerListRow {
  id: string;
  question_id: string;
  accepted: boolean;
  vote_count: number;
  created_at: Date;
  updated_at: Date;
  title: string;
  url_title: string;
  tags: { slug_name: string; display_name: string }[];
}

function userAnswerInfo(a: AnswerListRow, settings: SiteSettings) {
  return {
    answer_id: a.id,
    question_id: a.question_id,
    accepted: a.accepted ? AnswerAcceptance.accepted : AnswerAcceptance.notAccepted,
    vote_count: a.vote_count,
    create_time: seconds(a.created_at),
    update_time: seconds(a.updated_at),
    question_info: { title: a.title, url_title: a.url_title, tags: tagResps(a.tags, settings) },
  };
}

async function questionRows(
  db: Db,
  where: RawBuilder<unknown>,
  ordering: RawBuilder<unknown>,
  limit: number,
  skip = 0,
) {
  const { rows } = await sql<QuestionListRow>`
    select q.id, q.title, q.url_title, q.vote_count, q.tags, q.view_count, q.answer_count, q.collection_count,
           q.created_at, q.accepted_answer_id, q.status
    from questions q where ${where} order by ${ordering} limit ${limit} offset ${skip}`.execute(db);
  return rows;
}

async function answerRows(db: Db, where: RawBuilder<unknown>, ordering: RawBuilder<unknown>, limit: number, skip = 0) {
  const { rows } = await sql<AnswerListRow>`
    select a.id, a.question_id, a.accepted, a.vote_count, a.created_at, a.updated_at, q.title, q.url_title, q.tags
    from answers a join questions q on q.id = a.question_id
    where ${where} order by ${ordering} limit ${limit} offset ${skip}`.execute(db);
  return rows;
}

const questionWhere = (userId: string, viewer: Actor | null) =>
  seesAll(viewer, userId) ? sql`q.user_id = ${userId}` : sql`q.user_id = ${userId} and ${publicQuestion('q')}`;
const answerWhere = (userId: string, viewer: Actor | null) =>
  seesAll(viewer, userId)
    ? sql`a.user_id = ${userId}`
    : sql`a.user_id = ${userId} and a.status = ${PostStatusSql.available} and a.question_listed`;

const QUESTION_ORDER: Record<PersonalOrder, RawBuilder<unknown>> = {
  newest: sql`q.created_at desc, q.id desc`,
  score: sql`q.vote_count desc, q.created_at desc, q.id desc`,
};
const ANSWER_ORDER: Record<PersonalOrder, RawBuilder<unknown>> = {
  newest: sql`a.created_at desc, a.id desc`,
  score: sql`a.vote_count desc, a.created_at desc, a.id desc`,
};

/** `GET personal/question/page`: a user's questions. */
export async function personalQuestions(
  db: Db,
  query: Paging & { username: string; order: PersonalOrder },
  viewer: Actor | null,
  settings: SiteSettings,
) {
  const userId = await profileUserId(db, query.username);
  const where = questionWhere(userId, viewer);
  const [{ rows: counted }, rows] = await Promise.all([
    sql<{ n: number }>`select count(*)::int as n from questions q where ${where}`.execute(db),
    questionRows(db, where, QUESTION_ORDER[query.order], query.page_size, offset(query)),
  ]);
  return { count: counted[0]?.n ?? 0, list: rows.map((q) => userQuestionInfo(q, settings)) };
}

/** `GET personal/answer/page`: a user's answers, each with its question's title and tags. */
export async function personalAnswers(
  db: Db,
  query: Paging & { username: string; order: PersonalOrder },
  viewer: Actor | null,
  settings: SiteSettings,
) {
  const userId = await profileUserId(db, query.username);
  const where = answerWhere(userId, viewer);
  const [{ rows: counted }, rows] = await Promise.all([
    sql<{ n: number }>`select count(*)::int as n from answers a where ${where}`.execute(db),
    answerRows(db, where, ANSWER_ORDER[query.order], query.page_size, offset(query)),
  ]);
  return { count: counted[0]?.n ?? 0, list: rows.map((a) => userAnswerInfo(a, settings)) };
}

/** `GET personal/comment/page`: a user's comments, newest first, each with the question it sits under. */
export async function personalComments(db: Db, query: Paging & { username: string }, viewer: Actor | null) {
  const userId = await profileUserId(db, query.username);
  const where = seesAll(viewer, userId)
    ? sql`c.user_id = ${userId}`
    : sql`c.user_id = ${userId} and c.status = ${PostStatusSql.available} and ${publicQuestion('q')}
          and (a.id is null or a.status = ${PostStatusSql.available})`;
  const from = sql`comments c join questions q on q.id = c.question_id left join answers a on a.id = c.object_id`;
  const [{ rows: counted }, { rows }] = await Promise.all([
    sql<{ n: number }>`select count(*)::int as n from ${from} where ${where}`.execute(db),
    sql<{
      id: string;
      object_id: string;
      question_id: string;
      parsed_text: string;
      created_at: Date;
      title: string;
      url_title: string;
    }>`select c.id, c.object_id, c.question_id, c.parsed_text, c.created_at, q.title, q.url_title
       from ${from} where ${where} order by c.created_at desc, c.id desc
       limit ${query.page_size} offset ${offset(query)}`.execute(db),
  ]);
  return {
    count: counted[0]?.n ?? 0,
    list: rows.map((c) => {
      const objectType = objectTypeOf(c.object_id) ?? 'question';
      return {
        comment_id: c.id,
        object_id: c.object_id,
        object_type: objectType,
        question_id: c.question_id,
        answer_id: objectType === 'answer' ? c.object_id : '',
        content: c.parsed_text,
        created_at: seconds(c.created_at),
        title: c.title,
        url_title: c.url_title,
      };
    }),
  };
}

const TOP = 5;

/** `GET personal/qa/top`: the user's five best questions by score and answers by votes. */
export async function personalTop(db: Db, username: string, viewer: Actor | null, settings: SiteSettings) {
  const userId = await profileUserId(db, username);
  const [questions, answers] = await Promise.all([
    questionRows(db, questionWhere(userId, viewer), QUESTION_ORDER.score, TOP),
    answerRows(db, answerWhere(userId, viewer), ANSWER_ORDER.score, TOP),
  ]);
  return {
    question: questions.map((q) => userQuestionInfo(q, settings)),
    answer: answers.map((a) => userAnswerInfo(a, settings)),
  };
}
