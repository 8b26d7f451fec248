import type { SiteSettings } from '@agora/contracts';
import { type Db, PostStatusSql, ShowSql } from '@agora/platform';
import { sql } from 'kysely';
import { LIST_COLUMNS, listItems, type QuestionRow } from './questions';

/**
 * The questions recommended to a member (`question/recommend/page`), as the reference picks them: those they follow,
 * and those filed under a tag they follow (or one of its synonyms) that they neither asked nor answered; available
 * and shown only (closed ones are not); followed ones first, then pinned, then newest. Rows as the question list's.
 */
export async function recommendedPage(
  db: Db,
  userId: string,
  paging: { page: number; page_size: number },
  settings: SiteSettings,
) {
  const picked = sql`
    with followed as (
      select question_id from question_follows where user_id = ${userId}
    ), in_followed_tags as (
      select distinct t.question_id from tag_follows f
      join tag_catalog followed_tag on followed_tag.tag_id = f.tag_id and not followed_tag.deleted
      join tag_catalog family on family.tag_id = followed_tag.tag_id or family.main_tag_id = followed_tag.tag_id
      join question_tags t on t.tag_slug = family.slug_name
      where f.user_id = ${userId}
    )
    select q.id, exists (select 1 from followed f where f.question_id = q.id) as followed
    from questions q
    where q.status = ${PostStatusSql.available} and q.show = ${ShowSql.shown}
      and (
        q.id in (select question_id from followed)
        or (q.id in (select question_id from in_followed_tags) and q.user_id <> ${userId}
            and not exists (select 1 from answers a where a.question_id = q.id and a.user_id = ${userId}))
      )`;
  const order = sql`p.followed desc, q.pin desc, q.created_at desc, q.id desc`;
  const [{ rows: counted }, { rows }] = await Promise.all([
    sql<{ n: number }>`select count(*)::int as n from (${picked}) p`.execute(db),
    sql<QuestionRow>`
      select q.${sql.raw(LIST_COLUMNS)} from (${picked}) p join questions q using (id)
      order by ${order} limit ${paging.page_size} offset ${(paging.page - 1) * paging.page_size}`.execute(db),
  ]);
  return { count: counted[0]?.n ?? 0, list: await listItems(db, rows, settings, 'recommend') };
}
