import { isTagSlug, normalizeTagSlug } from '@agora/contracts';
import { type Actor, type Db, isStaff } from '@agora/platform';
import { sql } from 'kysely';
import type { ParsedQuery, UserRef } from '../query-language/parser';
import type { Visibility } from '../search-index/port';

/** Who sees what in search: everyone the public posts; staff also hidden questions and their answers. */
export function visibilityFor(actor: Actor | null): Visibility[] {
  return isStaff(actor) ? ['public', 'staff'] : ['public'];
}

/**
 * The slugs a `[tag]` stands for: the tag typed (by slug or display name), its main tag and all the
 * main tag's synonyms. Null when no tag can be meant (nothing can match).
 */
export async function tagGroup(db: Db, typed: string): Promise<string[] | null> {
  const { rows } = await sql<{ slug_name: string }>`
    with tag as (
      select coalesce(main_tag_id, tag_id) as main_id from search_tags
      where slug_name = ${typed} or lower(display_name) = ${typed.replace(/-/g, ' ')} or lower(display_name) = ${typed}
    )
    select slug_name from search_tags where tag_id in (select main_id from tag) or main_tag_id in (select main_id from tag)`.execute(
    db,
  );
  const slugs = new Set(rows.map((r) => r.slug_name));
  const slug = normalizeTagSlug(typed);
  if (isTagSlug(slug)) slugs.add(slug);
  return slugs.size ? [...slugs] : null;
}

/** The user ids all `user:` operators agree on: null for anyone, [] when they cannot all hold. */
export async function userIdsOf(db: Db, users: UserRef[], actor: Actor | null): Promise<string[] | null> {
  if (users.length === 0) return null;
  const ids = new Set<string>();
  for (const user of users) {
    if ('me' in user) {
      if (!actor) return [];
      ids.add(actor.id);
      continue;
    }
    const { rows } = await sql<{ user_id: string }>`
      select user_id from actors where lower(username) = ${user.username} and status <> 'deleted'`.execute(db);
    if (!rows[0]) return [];
    ids.add(rows[0].user_id);
  }
  return ids.size === 1 ? [...ids] : [];
}

/** Tag groups of the query's tags; null when one of them cannot match anything. */
export async function tagGroupsOf(db: Db, parsed: ParsedQuery): Promise<string[][] | null> {
  const groups: string[][] = [];
  for (const typed of new Set(parsed.tags)) {
    const group = await tagGroup(db, typed);
    if (!group) return null;
    groups.push(group);
  }
  return groups;
}
