import type { SiteSettings } from '@agora/contracts';
import { type Actor, checkPermission, type Db, errors, isStaff } from '@agora/platform';
import { sql } from 'kysely';

export interface TagItem {
  slug_name: string;
  display_name?: string;
}
export interface Tag {
  slug_name: string;
  display_name: string;
}

const SLUG = /^[a-z0-9+#.-]{1,35}$/;
const MAX_TAGS = 5;

/** Slugs compare case-insensitively; a repeated tag counts once. */
export function normalizeTags(items: TagItem[]): Tag[] {
  const seen = new Set<string>();
  const tags: Tag[] = [];
  for (const item of items) {
    const slug = item.slug_name.trim().toLowerCase();
    if (!SLUG.test(slug))
      throw errors.fields({ field: 'tags', key: 'error.tag.invalid_slug', params: { slug: item.slug_name } });
    if (seen.has(slug)) continue;
    seen.add(slug);
    tags.push({ slug_name: slug, display_name: (item.display_name?.trim() || slug).slice(0, 35) });
  }
  return tags;
}

/**
 * The site's write rules for a question's tags (spec §5, behaviour §3a): count, recommended and
 * reserved tags, and the `tag.add` privilege for a tag nobody has used yet.
 */
export async function checkTags(
  db: Db,
  actor: Actor,
  tags: Tag[],
  settings: SiteSettings,
  previous: Tag[] = [],
): Promise<void> {
  const minimum = Math.max(1, settings.questions.min_tags);
  if (tags.length < minimum)
    throw errors.fields({ field: 'tags', key: 'validation.min_items', params: { limit: minimum } });
  if (tags.length > MAX_TAGS)
    throw errors.fields({ field: 'tags', key: 'validation.max_items', params: { limit: MAX_TAGS } });
  const slugs = tags.map((t) => t.slug_name);
  if (settings.tags.required_tag) {
    const recommended = new Set(settings.tags.recommend_tags.map((t) => t.slug_name.toLowerCase()));
    if (!slugs.some((s) => recommended.has(s)))
      throw errors.fields({ field: 'tags', key: 'error.tag.recommended_required' });
  }
  if (!isStaff(actor)) {
    const reserved = new Set(settings.tags.reserved_tags.map((t) => t.slug_name.toLowerCase()));
    const before = new Set(previous.map((t) => t.slug_name));
    // Only moderators may add a reserved tag, or take one away.
    const touched = [...slugs.filter((s) => !before.has(s)), ...[...before].filter((s) => !slugs.includes(s))];
    if (touched.some((s) => reserved.has(s))) throw errors.fields({ field: 'tags', key: 'error.tag.reserved' });
  }
  const { rows } = await sql<{
    slug_name: string;
  }>`select slug_name from known_tags where slug_name = any(${slugs})`.execute(db);
  const known = new Set(rows.map((r) => r.slug_name));
  const recommendedOrReserved = new Set(
    [...settings.tags.recommend_tags, ...settings.tags.reserved_tags].map((t) => t.slug_name.toLowerCase()),
  );
  const fresh = slugs.filter((s) => !known.has(s) && !recommendedOrReserved.has(s));
  if (fresh.length && !checkPermission(actor, 'tag.add', settings.privileges.level).allowed) {
    throw errors.business('error.tag.no_permission_to_create', 'error.tag.no_permission_to_create', 'toast', {
      slug: fresh[0]!,
    });
  }
}
