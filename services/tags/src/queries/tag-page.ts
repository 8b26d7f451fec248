import { type SiteSettings, TagStatus } from '@agora/contracts';
import { type Db, TagStatusSql, tagMarks } from '@agora/platform';
import { sql } from 'kysely';
import { followedAmong } from './follows';
import { escapeLike } from './like';
import { tagPageItem } from './responses';
import type { IndexedTag, TagNames } from './tag-name-index';
import { type TagRow, tagsByIds } from './tag-rows';

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
 * The tag page (`/tags`): main tags only, sorted popular, by name or newest, optionally filtered.
 * The same for every viewer (`is_follower` false): the viewer's follows are marked by `markFollowed`.
 */
export async function tagPage(db: Db, query: TagPageQuery, settings: SiteSettings, names?: TagNames | null) {
  const conditions = [sql`status = ${TagStatusSql.available}`, sql`main_tag_id is null`];
  const filter = query.filter?.trim().toLowerCase();
  // A filter matches inside names, which no index of PostgreSQL serves for one or two characters.
  if (filter && names) return filteredFromIndex(db, names, filter, query, settings);
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

const BEFORE: Record<TagOrder, (a: IndexedTag, b: IndexedTag) => number> = {
  popular: (a, b) => b.count - a.count || compare(a.slug, b.slug),
  name: (a, b) => compare(a.slug, b.slug),
  newest: (a, b) => b.created - a.created || compare(b.id, a.id),
};

function compare(a: string, b: string) {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** A filtered tag page from the in-memory tag names: the matches counted and sorted there, one query for the rows. */
async function filteredFromIndex(db: Db, names: TagNames, filter: string, query: TagPageQuery, settings: SiteSettings) {
  const matches: IndexedTag[] = [];
  for (const tag of names.containing(filter))
    if (tag.status === TagStatus.available && tag.main === null) matches.push(tag);
  const start = (query.page - 1) * query.page_size;
  const ids = matches
    .sort(BEFORE[query.query_cond])
    .slice(start, start + query.page_size)
    .map((tag) => tag.id);
  const byId = new Map((await tagsByIds(db, ids)).map((row) => [row.id, row]));
  const marks = tagMarks(settings);
  const list = ids.flatMap((id) => {
    const row = byId.get(id);
    return row ? [tagPageItem(row, marks, new Set())] : [];
  });
  return { count: matches.length, list };
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
