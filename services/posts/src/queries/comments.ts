import { type SiteSettings, seconds } from '@agora/contracts';
import { type Actor, type Db, errors, first, itemAt, PostStatusSql } from '@agora/platform';
import { sql } from 'kysely';
import { commentActions } from '../responses/member-actions';
import { loadAuthors } from './authors';

interface CommentRow {
  id: string;
  object_id: string;
  user_id: string;
  reply_comment_id: string | null;
  reply_user_id: string | null;
  original_text: string;
  parsed_text: string;
  status: number;
  vote_count: number;
  created_at: Date;
}

async function toComments(db: Db, rows: CommentRow[], viewer: Actor | null, settings: SiteSettings) {
  const authors = await loadAuthors(
    db,
    rows.flatMap((c) => [c.user_id, c.reply_user_id]),
    settings,
  );
  return rows.map((c) => {
    const user = authors.get(c.user_id);
    const reply = c.reply_user_id ? authors.get(c.reply_user_id) : null;
    return {
      comment_id: c.id,
      object_id: c.object_id,
      created_at: seconds(c.created_at),
      is_vote: false,
      vote_count: c.vote_count,
      original_text: c.original_text,
      parsed_text: c.parsed_text,
      reply_comment_id: c.reply_comment_id ?? '0',
      reply_user_id: c.reply_user_id ?? '0',
      reply_username: reply?.username ?? '',
      reply_user_display_name: reply?.display_name ?? '',
      reply_user_status: reply?.status ?? '',
      user_id: c.user_id,
      username: user.username,
      user_display_name: user.display_name,
      user_avatar: user.avatar,
      user_status: user.status,
      member_actions: commentActions(viewer, c),
    };
  });
}

/**
 * Comments of a question or answer in the order they were written (a reply sits after its parent
 * because it is written later). `query_cond=vote` puts the most voted first, as the first page does.
 */
export async function commentPage(
  db: Db,
  query: { object_id: string; page: number; page_size: number; query_cond?: string },
  viewer: Actor | null,
  settings: SiteSettings,
) {
  const ordering = query.query_cond === 'vote' ? sql`vote_count desc, created_at, id` : sql`created_at, id`;
  const where = sql`object_id = ${query.object_id} and status = ${PostStatusSql.available}`;
  const [{ rows: counted }, { rows }] = await Promise.all([
    sql<{ n: number }>`select count(*)::int as n from comments where ${where}`.execute(db),
    sql<CommentRow>`select * from comments where ${where} order by ${ordering}
                    limit ${query.page_size} offset ${(query.page - 1) * query.page_size}`.execute(db),
  ]);
  return { count: counted[0]?.n ?? 0, list: await toComments(db, rows, viewer, settings) };
}

export async function commentInfo(db: Db, id: string, viewer: Actor | null, settings: SiteSettings) {
  const { rows } =
    await sql<CommentRow>`select * from comments where id = ${id} and status = ${PostStatusSql.available}`.execute(db);
  if (!rows[0]) throw errors.notFound('error.comment.not_found');
  return first(await toComments(db, rows, viewer, settings), "the comment's reply");
}

/**
 * The first page of comments (`query_cond=vote`, `pageSize` of them) of a question and of each of its visible
 * answers, each as `commentPage` answers it for that post, in one query: a question page with 30 answers reads
 * this once instead of a page per post (docs/adr/0071-public-page-caching.md). Posts without a comment are
 * left out.
 */
export async function questionCommentPages(
  db: Db,
  query: { questionId: string; pageSize: number },
  viewer: Actor | null,
  settings: SiteSettings,
) {
  const { questionId, pageSize } = query;
  const { rows } = await sql<CommentRow & { total: number }>`
    select * from (
      select c.*, count(*) over by_post::int as total, row_number() over (by_post order by vote_count desc, created_at, id) as rank
      from comments c
      where status = ${PostStatusSql.available}
        and object_id = any(array(
          select ${questionId}::text
          union all
          select id from answers where question_id = ${questionId} and status = ${PostStatusSql.available}))
      window by_post as (partition by object_id)
    ) ranked
    where rank <= ${pageSize}
    order by object_id, rank`.execute(db);
  const comments = await toComments(db, rows, viewer, settings);
  const pages = new Map<string, { object_id: string; count: number; list: typeof comments }>();
  rows.forEach((row, index) => {
    const page = pages.get(row.object_id) ?? { object_id: row.object_id, count: row.total, list: [] };
    page.list.push(itemAt(comments, index));
    pages.set(row.object_id, page);
  });
  return { list: [...pages.values()] };
}
