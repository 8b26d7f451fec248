import { isTagSlug, normalizeTagSlug, type SiteSettings } from '@agora/contracts';
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

const MAX_TAGS = 5;

/** Slugs compare case-insensitively (spaces become `-`); a repeated tag counts once. */
export function normalizeTags(items: TagItem[]): Tag[] {
  const seen = new Set<string>();
  const tags: Tag[] = [];
  for (const item of items) {
    const slug = normalizeTagSlug(item.slug_name);
    if (!isTagSlug(slug))
      throw errors.fields({ field: 'tags', key: 'error.tag.invalid_slug', params: { slug: item.slug_name } });
    if (seen.has(slug)) continue;
    seen.add(slug);
    tags.push({ slug_name: slug, display_name: [...(item.display_name?.trim() || slug)].slice(0, 35).join('') });
  }
  return tags;
}

/**
 * Tags as the tags service knows them (posts' `tag_catalog` copy): a synonym becomes its main tag, so a
 * question is filed under the main tag (spec §5), and a known tag keeps its own display name. Tags the
 * service does not know (or has deleted) stay as typed. A main tag named twice counts once.
 */
export async function resolveTags(db: Db, tags: Tag[]): Promise<Tag[]> {
  if (tags.length === 0) return tags;
  const { rows } = await sql<{ asked: string; slug_name: string; display_name: string }>`
    select c.slug_name as asked, coalesce(m.slug_name, c.slug_name) as slug_name,
           coalesce(m.display_name, c.display_name) as display_name
    from tag_catalog c left join tag_catalog m on m.tag_id = c.main_tag_id and not m.deleted
    where c.slug_name = any(${tags.map((t) => t.slug_name)}) and not c.deleted`.execute(db);
  const known = new Map(rows.map((r) => [r.asked, { slug_name: r.slug_name, display_name: r.display_name }]));
  const seen = new Set<string>();
  const resolved: Tag[] = [];
  for (const tag of tags) {
    const main = known.get(tag.slug_name) ?? tag;
    if (seen.has(main.slug_name)) continue;
    seen.add(main.slug_name);
    resolved.push(main);
  }
  return resolved;
}

/**
 * The site's write rules for a question's tags (spec §5, behaviour §3a): count, recommended and
 * reserved tags, and the `tag.add` privilege for a tag that does not exist yet (the tags service then
 * creates it from the question). A tag exists when the tags service has it, or when questions already
 * use it and the tags service has not deleted it.
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
  const { rows } = await sql<{ slug_name: string }>`
    select slug_name from tag_catalog where slug_name = any(${slugs}) and not deleted
    union
    select k.slug_name from known_tags k
    where k.slug_name = any(${slugs})
      and not exists (select 1 from tag_catalog c where c.slug_name = k.slug_name and c.deleted)`.execute(db);
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
