import { type Db, TagStatusSql } from '@agora/platform';
import { sql } from 'kysely';
import type { TagRow } from './tag-rows';

/** Which of these tags the viewer follows: one indexed query for a whole page. */
export async function followedAmong(db: Db, userId: string | undefined, tagIds: string[]): Promise<Set<string>> {
  if (!userId || tagIds.length === 0) return new Set();
  const { rows } = await sql<{ tag_id: string }>`
    select tag_id from tag_follows where user_id = ${userId} and tag_id = any(${tagIds})`.execute(db);
  return new Set(rows.map((r) => r.tag_id));
}

/** The live tags a user follows, by slug. */
export async function followingTags(db: Db, userId: string): Promise<(TagRow & { main_tag_slug_name: string })[]> {
  const { rows } = await sql<TagRow & { main_tag_slug_name: string }>`
    select t.*, coalesce(m.slug_name, '') as main_tag_slug_name
    from tag_follows f join tags t on t.id = f.tag_id
    left join tags m on m.id = t.main_tag_id
    where f.user_id = ${userId} and t.status = ${TagStatusSql.available}
    order by t.slug_name`.execute(db);
  return rows;
}
