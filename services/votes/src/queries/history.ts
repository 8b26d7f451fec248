import { type Language, type ReputationReason, seconds, translate } from '@agora/contracts';
import { type Db, PostStatusSql } from '@agora/platform';
import { sql } from 'kysely';

type ObjectType = 'question' | 'answer' | 'comment';
/** How a ledger entry reads on the reputation page. */
const RANK_TYPES: Partial<Record<ReputationReason, string>> = {
  'question.voted_up': 'upvoted',
  'answer.voted_up': 'upvoted',
  'question.voted_down': 'downvoted',
  'answer.voted_down': 'downvoted',
  'answer.vote_down': 'downvote',
  'answer.accept': 'accept',
  'answer.accepted': 'accepted',
  'edit.accepted': 'edit',
};

interface PostRow {
  object_id: string;
  object_type: ObjectType;
  question_id: string;
  answer_id: string;
  title: string;
  url_title: string;
  content: string;
}

/** The post a vote or entry is about, with its question's title; deleted ones are left out. */
const POST = sql`
  join questions q on q.id = p.question_id
  left join answers a on a.id = p.object_id
  left join comments c on c.id = p.object_id`;
// A row about a post votes no longer knows (purged, docs/adr/0078-purging-in-an-event-sourced-system.md) is not listed.
const POST_VISIBLE = sql`q.status <> ${PostStatusSql.deleted} and coalesce(a.status, ${PostStatusSql.available}) <> ${PostStatusSql.deleted}
  and coalesce(c.status, ${PostStatusSql.available}) <> ${PostStatusSql.deleted}
  and (p.object_id = p.question_id or a.id is not null or c.id is not null)`;
/**
 * POST_VISIBLE for a row with an `object_type`, without a join: only an answer's or a comment's own row is looked
 * up besides its question, so a count over a member's votes costs one lookup for most of them.
 */
const OBJECT_VISIBLE = sql`
  exists (select 1 from questions q where q.id = p.question_id and q.status <> ${PostStatusSql.deleted})
  and (p.object_type <> 'answer'
       or exists (select 1 from answers a where a.id = p.object_id and a.status <> ${PostStatusSql.deleted}))
  and (p.object_type <> 'comment'
       or exists (select 1 from comments c where c.id = p.object_id and c.status <> ${PostStatusSql.deleted}))`;
const POST_COLUMNS = sql`
  p.object_id, p.question_id, q.title, q.url_title,
  case when a.id is not null then 'answer' when c.id is not null then 'comment' else 'question' end as object_type,
  case when a.id is not null then a.id when c.id is not null and c.object_id <> q.id then c.object_id else '' end
    as answer_id,
  coalesce(a.description, c.description, q.description) as content`;

const post = (row: PostRow) => ({
  object_id: row.object_id,
  object_type: row.object_type,
  question_id: row.question_id,
  answer_id: row.answer_id,
  title: row.title,
  url_title: row.url_title,
  content: row.content,
});

/** `personal/vote/page`: the caller's active votes, newest first. */
export async function votePage(
  db: Db,
  userId: string,
  paging: { page: number; page_size: number },
  language: Language,
) {
  const where = sql`p.user_id = ${userId} and ${POST_VISIBLE}`;
  const [{ rows: counted }, { rows }] = await Promise.all([
    sql<{
      n: number;
    }>`select count(*)::int as n from votes p where p.user_id = ${userId} and ${OBJECT_VISIBLE}`.execute(db),
    sql<PostRow & { direction: number; voted_at: Date }>`
      select ${POST_COLUMNS}, p.direction, p.voted_at from votes p ${POST} where ${where}
      order by p.voted_at desc, p.object_id desc
      limit ${paging.page_size} offset ${(paging.page - 1) * paging.page_size}`.execute(db),
  ]);
  return {
    count: counted[0]?.n ?? 0,
    list: rows.map((row) => ({
      ...post(row),
      vote_type: translate(language, row.direction === 1 ? 'rank_type.upvote' : 'rank_type.downvote'),
      created_at: seconds(row.voted_at),
    })),
  };
}

/**
 * `personal/rank/page`: a user's reputation history, newest first — gains and losses alike (the issue
 * asks for both; the reference lists gains only, see docs/behaviour-decisions.md). Undone votes, entries
 * of deleted posts, capped votes worth nothing and account and tag entries (no question) are not listed.
 * Whether an entry's post is deleted is kept on the entry, so the count and the page read one partial index of
 * the member's entries (docs/adr/0077-ledger-entries-know-deleted-posts.md).
 */
export async function rankPage(
  db: Db,
  userId: string,
  paging: { page: number; page_size: number },
  language: Language,
) {
  const where = sql`p.user_id = ${userId} and p.state = 'active' and p.amount <> 0 and p.object_id <> ''
                    and p.question_id <> '' and not p.post_deleted`;
  const [{ rows: counted }, { rows }] = await Promise.all([
    sql<{ n: number }>`select count(*)::int as n from ledger_entries p where ${where}`.execute(db),
    sql<PostRow & { reason: ReputationReason; amount: number; granted_at: Date }>`
      select ${POST_COLUMNS}, p.reason, p.amount, p.granted_at from ledger_entries p ${POST} where ${where}
      order by p.granted_at desc, p.entry_id desc
      limit ${paging.page_size} offset ${(paging.page - 1) * paging.page_size}`.execute(db),
  ]);
  return {
    count: counted[0]?.n ?? 0,
    list: rows.map((row) => ({
      ...post(row),
      rank_type: translate(language, `rank_type.${RANK_TYPES[row.reason] ?? 'edit'}`),
      reputation: row.amount,
      created_at: seconds(row.granted_at),
    })),
  };
}
