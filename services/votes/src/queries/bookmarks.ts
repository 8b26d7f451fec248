import { type SiteSettings, seconds } from '@agora/contracts';
import { type Actor, type Db, isStaff, loadAuthorCards, PostStatusSql, ShowSql, tagResps } from '@agora/platform';
import { sql } from 'kysely';

interface BookmarkedQuestionRow {
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
  accepted_answer_id: string | null;
  view_count: number;
  unique_view_count: number;
  last_edit_user_id: string | null;
  edited_at: Date | null;
  created_at: Date;
  updated_at: Date;
  answer_count: number;
  /** The viewer's own first live answer on the question (what `answered` and `first_answer_id` are about). */
  my_first_answer_id: string | null;
  last_answer_id: string | null;
  last_answer_user_id: string | null;
  vote_count: number;
  collection_count: number;
  follow_count: number;
  my_vote: number | null;
  collected: boolean;
  followed: boolean;
}

/**
 * `personal/collection/page`: the caller's bookmarks, newest first, each as the question it is on (an
 * answer's bookmark shows its question). Deleted posts drop out; hidden questions stay for their author
 * and the moderators.
 */
export async function bookmarkPage(
  db: Db,
  viewer: Actor,
  paging: { page: number; page_size: number },
  settings: SiteSettings,
) {
  const visible = sql`
    b.user_id = ${viewer.id} and q.status <> ${PostStatusSql.deleted} and (b.object_type = 'question' or a.status = ${PostStatusSql.available})
    and (q.show = ${ShowSql.shown} or q.user_id = ${viewer.id} or ${isStaff(viewer)}::boolean)`;
  const from = sql`bookmarks b join questions q on q.id = b.question_id left join answers a on a.id = b.object_id`;
  // The same rows as `visible`, without a join: an answer is looked up only for an answer's bookmark.
  const countVisible = sql<{ n: number }>`
    select count(*)::int as n from bookmarks b
    where b.user_id = ${viewer.id}
      and exists (select 1 from questions q where q.id = b.question_id and q.status <> ${PostStatusSql.deleted}
                  and (q.show = ${ShowSql.shown} or q.user_id = ${viewer.id} or ${isStaff(viewer)}::boolean))
      and (b.object_type = 'question'
           or exists (select 1 from answers a where a.id = b.object_id and a.status = ${PostStatusSql.available}))`;
  const [{ rows: counted }, { rows }] = await Promise.all([
    countVisible.execute(db),
    sql<BookmarkedQuestionRow>`
      select q.*, ans.n as answer_count, ans.my_first_id as my_first_answer_id, ans.last_id as last_answer_id,
        ans.last_user as last_answer_user_id,
        ((select coalesce(sum(v.direction), 0) from votes v where v.object_id = q.id)
          + coalesce((select n.up - n.down from anonymous_vote_counts n where n.object_id = q.id), 0))::int as vote_count,
        (select count(*)::int from bookmarks c where c.object_id = q.id) as collection_count,
        (select count(*)::int from question_follows f where f.question_id = q.id) as follow_count,
        exists (select 1 from question_follows f where f.question_id = q.id and f.user_id = ${viewer.id}) as followed,
        (select v.direction from votes v where v.object_id = q.id and v.user_id = ${viewer.id}) as my_vote,
        exists (select 1 from bookmarks c where c.object_id = q.id and c.user_id = ${viewer.id}) as collected
      from ${from}
      left join lateral (
        select count(*)::int as n,
          (array_agg(x.id order by x.created_at, x.id) filter (where x.user_id = ${viewer.id}))[1] as my_first_id,
          (array_agg(x.id order by x.created_at desc))[1] as last_id,
          (array_agg(x.user_id order by x.created_at desc))[1] as last_user
        from answers x where x.question_id = q.id and x.status = ${PostStatusSql.available}
      ) ans on true
      where ${visible}
      order by b.created_at desc, b.object_id desc
      limit ${paging.page_size} offset ${(paging.page - 1) * paging.page_size}`.execute(db),
  ]);
  const author = (
    await loadAuthorCards(
      db,
      rows.flatMap((q) => [q.user_id, q.last_edit_user_id, q.last_answer_user_id]),
      settings,
    )
  ).get;
  const list = rows.map((q) => ({
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
    vote_status: q.my_vote === 1 ? 'vote_up' : q.my_vote === -1 ? 'vote_down' : '',
    collected: q.collected,
    is_followed: q.followed,
    accepted_answer_id: q.accepted_answer_id ?? '0',
    first_answer_id: q.my_first_answer_id ?? '',
    last_answer_id: q.last_answer_id ?? '0',
    answered: q.my_first_answer_id !== null,
    create_time: seconds(q.created_at),
    update_time: seconds(q.updated_at),
    edit_time: seconds(q.edited_at),
    status: q.status,
    pin: q.pin,
    show: q.show,
    operation: { type: '', description: '', msg: '', time: 0, level: '' },
    user_info: author(q.user_id),
    update_user_info: author(q.last_edit_user_id ?? q.user_id),
    last_answered_user_info: author(q.last_answer_user_id),
    member_actions: [],
    extends_actions: [],
  }));
  return { count: counted[0]?.n ?? 0, list };
}
