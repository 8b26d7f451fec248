import { isTagSlug, Limits, normalizeTagSlug, type SiteSettings } from '@agora/contracts';
import { type Actor, checkPermission, type Db, errors, executePrepared, isStaff } from '@agora/platform';
import { sql } from 'kysely';

export interface TagItem {
  slug_name: string;
  display_name?: string;
}
export interface Tag {
  slug_name: string;
  display_name: string;
}

/** Slugs compare case-insensitively (spaces become `-`); a repeated tag counts once. */
export function normalizeTags(items: TagItem[]): Tag[] {
  const seen = new Set<string>();
  const tags: Tag[] = [];
  for (const item of items) {
    const slug = normalizeTagSlug(item.slug_name);
    if (!isTagSlug(slug))
      throw errors.fields({
        field: 'tags',
        key: 'error.tag.invalid_slug',
        params: { slug: item.slug_name, max: Limits.tags.slugMaxLength },
      });
    if (seen.has(slug)) continue;
    seen.add(slug);
    tags.push({
      slug_name: slug,
      display_name: [...(item.display_name?.trim() || slug)].slice(0, Limits.tags.nameMaxLength).join(''),
    });
  }
  return tags;
}

export interface ResolvedTags {
  tags: Tag[];
  /** The resolved slugs that exist already (see checkTags). */
  known: Set<string>;
}

/**
 * Tags as the tags service knows them (posts' `tag_catalog` copy): a synonym becomes its main tag, so a
 * question is filed under the main tag, and a known tag keeps its own display name. Tags the
 * service does not know (or has deleted) stay as typed. A main tag named twice counts once. A tag exists
 * when the tags service has it, or when questions already use it and the tags service has not deleted
 * it. One statement: asking and editing are on the hot path.
 */
export async function resolveTags(db: Db, tags: Tag[]): Promise<ResolvedTags> {
  if (tags.length === 0) return { tags, known: new Set() };
  const { rows } = await executePrepared(
    db,
    sql<{ asked: string | null; slug_name: string; display_name: string | null }>`
    with asked(slug) as (select unnest(${tags.map((t) => t.slug_name)}::text[])),
    resolved as (
      select a.slug as asked, coalesce(m.slug_name, c.slug_name) as slug_name,
             coalesce(m.display_name, c.display_name) as display_name
      from asked a join tag_catalog c on c.slug_name = a.slug and not c.deleted
      left join tag_catalog m on m.tag_id = c.main_tag_id and not m.deleted
    ),
    final(slug) as (select coalesce(r.slug_name, a.slug) from asked a left join resolved r on r.asked = a.slug)
    select asked, slug_name, display_name from resolved
    union all
    select null, f.slug, null from final f
    where exists (select 1 from tag_catalog c where c.slug_name = f.slug and not c.deleted)
       or (exists (select 1 from known_tags k where k.slug_name = f.slug)
           and not exists (select 1 from tag_catalog c where c.slug_name = f.slug and c.deleted))`,
  );
  const main = new Map<string, Tag>();
  const known = new Set<string>();
  for (const row of rows) {
    if (row.asked === null) known.add(row.slug_name);
    else main.set(row.asked, { slug_name: row.slug_name, display_name: row.display_name ?? row.slug_name });
  }
  const seen = new Set<string>();
  const resolved: Tag[] = [];
  for (const tag of tags) {
    const chosen = main.get(tag.slug_name) ?? tag;
    if (seen.has(chosen.slug_name)) continue;
    seen.add(chosen.slug_name);
    resolved.push(chosen);
  }
  return { tags: resolved, known };
}

/**
 * The site's write rules for a question's tags: count, recommended and
 * reserved tags, and the `tag.add` privilege for a tag that does not exist yet (the tags service then
 * creates it from the question).
 */
export function checkTags(
  actor: Actor,
  { tags, known }: ResolvedTags,
  settings: SiteSettings,
  previous: Tag[] = [],
): void {
  const minimum = Math.max(1, settings.questions.min_tags);
  if (tags.length < minimum)
    throw errors.fields({ field: 'tags', key: 'validation.min_items', params: { limit: minimum } });
  if (tags.length > Limits.tags.maxPerQuestion)
    throw errors.fields({ field: 'tags', key: 'validation.max_items', params: { limit: Limits.tags.maxPerQuestion } });
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
  const recommendedOrReserved = new Set(
    [...settings.tags.recommend_tags, ...settings.tags.reserved_tags].map((t) => t.slug_name.toLowerCase()),
  );
  const [fresh] = slugs.filter((s) => !known.has(s) && !recommendedOrReserved.has(s));
  if (fresh !== undefined && !checkPermission(actor, 'tag.add', settings.privileges).allowed) {
    throw errors.business('error.tag.no_permission_to_create', 'error.tag.no_permission_to_create', 'toast', {
      slug: fresh,
    });
  }
}
