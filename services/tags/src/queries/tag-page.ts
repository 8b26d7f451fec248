import type { SiteSettings } from '@agora/contracts';
import type { Db } from '@agora/platform';
import { sql } from 'kysely';
import { followedAmong } from './follows';
import { escapeLike } from './like';
import { tagMarks } from './marks';
import { tagPageItem } from './responses';
import type { TagRow } from './tag-rows';

export type TagOrder = 'popular' | 'name' | 'newest';

export interface TagPageQuery {
  page: number;
  page_size: number;
  query_cond: TagOrder;
  /** Part of a slug or a display name, any case. */
  filter?: string;
}

// Each order has its own partial index over the listed tags (main tags, not deleted).
const ORDERINGS: Record<TagOrder, ReturnType<typeof sql>> = {
  popular: sql`question_count desc, slug_name`,
  name: sql`slug_name`,
  newest: sql`created_at desc, id desc`,
};

/**
 * The tag page (spec §2 /tags): main tags only, sorted popular, by name or newest, optionally filtered.
 * The same for every viewer (`is_follower` false): the viewer's follows are marked by `markFollowed`.
 */
export async function tagPage(db: Db, query: TagPageQuery, settings: SiteSettings) {
  const conditions = [sql`status = 1`, sql`main_tag_id is null`];
  const filter = query.filter?.trim().toLowerCase();
  if (filter) {
    const contains = `%${escapeLike(filter)}%`;
    conditions.push(sql`(slug_name like ${contains} or lower(display_name) like ${contains})`);
  }
  const where = sql.join(conditions, sql` and `);
  // Unfiltered, the number of listed tags is kept by the read model; a filter counts its matches.
  const count = filter
    ? sql<{ n: number }>`select count(*)::int as n from tags where ${where}`
    : sql<{ n: number }>`select listed as n from tag_listing`;
  const [{ rows: counted }, { rows }] = await Promise.all([
    count.execute(db),
    sql<TagRow>`select * from tags where ${where} order by ${ORDERINGS[query.query_cond]}
                limit ${query.page_size} offset ${(query.page - 1) * query.page_size}`.execute(db),
  ]);
  const marks = tagMarks(settings);
  return { count: counted[0]?.n ?? 0, list: rows.map((t) => tagPageItem(t, marks, new Set())) };
}

export type TagPage = Awaited<ReturnType<typeof tagPage>>;

/** The page as one viewer sees it: the tags they follow marked (a new object; the page may be shared). */
export async function markFollowed(db: Db, page: TagPage, viewerId: string | undefined): Promise<TagPage> {
  const followed = await followedAmong(
    db,
    viewerId,
    page.list.map((t) => t.tag_id),
  );
  if (followed.size === 0) return page;
  return { ...page, list: page.list.map((t) => (followed.has(t.tag_id) ? { ...t, is_follower: true } : t)) };
}
