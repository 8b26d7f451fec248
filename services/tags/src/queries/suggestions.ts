import { Limits, type SiteSettings, TagStatus } from '@agora/contracts';
import { type Db, TagStatusSql, tagMarks } from '@agora/platform';
import { sql } from 'kysely';
import { escapeLike } from './like';
import { tagBasic } from './responses';
import type { IndexedTag, TagNames } from './tag-name-index';
import { mainTagsBySlugs, type TagRow } from './tag-rows';

const LIMIT = Limits.suggestions.tags;
const CANDIDATES = 20;

/**
 * Tags matching one condition, each synonym replaced by its main tag, best first: an exact match, then
 * the site's recommended tags, then the most used.
 */
async function matching(db: Db, where: ReturnType<typeof sql>, exact: string, recommended: string[]) {
  const { rows } = await sql<TagRow>`
    select m.* from (
      select id, main_tag_id, slug_name, display_name, question_count from tags
      where status = ${TagStatusSql.available} and ${where}
      order by (slug_name = ${exact} or lower(display_name) = ${exact}) desc, slug_name = any(${recommended}) desc,
               question_count desc, slug_name
      limit ${CANDIDATES}
    ) found
    join tags m on m.id = coalesce(found.main_tag_id, found.id) and m.status = ${TagStatusSql.available}
    order by (found.slug_name = ${exact} or lower(found.display_name) = ${exact}) desc,
             found.slug_name = any(${recommended}) desc, found.question_count desc, found.slug_name`.execute(db);
  return rows;
}

/** The `n` first of `items` in the order `before` gives, without sorting them all. */
function first<T>(items: Iterable<T>, n: number, before: (a: T, b: T) => number): T[] {
  const kept: T[] = [];
  for (const item of items) {
    const last = kept[n - 1];
    if (kept.length === n && last !== undefined && before(item, last) >= 0) continue;
    let at = kept.length;
    for (let previous = kept[at - 1]; previous !== undefined && before(item, previous) < 0; previous = kept[at - 1]) {
      at--;
    }
    kept.splice(at, 0, item);
    if (kept.length > n) kept.pop();
  }
  return kept;
}

/**
 * The main tags of the best CANDIDATES tags the in-memory names match, as `matching` would give them:
 * by prefix (a binary search), or containing the text without starting with it (one scan of the names).
 */
function matchingFromIndex(names: TagNames, text: string, recommended: string[], how: 'prefix' | 'inside') {
  const preferred = new Set(recommended);
  const before = (a: IndexedTag, b: IndexedTag) => {
    const exact = Number(b.slug === text || b.lower === text) - Number(a.slug === text || a.lower === text);
    if (exact !== 0) return exact;
    const marked = Number(preferred.has(b.slug)) - Number(preferred.has(a.slug));
    if (marked !== 0) return marked;
    if (a.count !== b.count) return b.count - a.count;
    return a.slug < b.slug ? -1 : a.slug > b.slug ? 1 : 0;
  };
  const live = (tag: IndexedTag) => tag.status === TagStatus.available;
  const candidates =
    how === 'prefix'
      ? names.withPrefix(text).filter(live)
      : names.containing(text).filter((tag) => live(tag) && !tag.slug.startsWith(text) && !tag.lower.startsWith(text));
  return first(candidates, CANDIDATES, before).flatMap((tag) => {
    const main = tag.main ? names.tags.get(tag.main) : tag;
    return main?.status === TagStatus.available
      ? [{ id: main.id, slug_name: main.slug, display_name: main.display } as TagRow]
      : [];
  });
}

/**
 * `question/tags`: at most 5 tags for what the asker typed, semicolons stripped; tags whose
 * slug or display name starts with the text come before those that merely contain it. With nothing
 * typed, the site's recommended tags. From the in-memory tag names when they are current, else SQL.
 */
export async function suggestTags(db: Db, typed: string, settings: SiteSettings, names?: TagNames | null) {
  const marks = tagMarks(settings);
  const text = typed.replace(/;/g, '').trim().toLowerCase();
  if (!text) return (await mainTagsBySlugs(db, marks.recommended)).slice(0, LIMIT).map((t) => tagBasic(t, marks));
  const prefix = `${escapeLike(text)}%`;
  const contains = `%${escapeLike(text)}%`;
  const startsWith = sql`(slug_name like ${prefix} or lower(display_name) like ${prefix})`;
  const found = names
    ? matchingFromIndex(names, text, marks.recommended, 'prefix')
    : await matching(db, startsWith, text, marks.recommended);
  const distinct = () => new Set(found.map((t) => t.id)).size;
  // Contains-only matches are looked for only when the prefix ones do not fill the list.
  if (distinct() < LIMIT) {
    const inside = sql`(slug_name like ${contains} or lower(display_name) like ${contains}) and not ${startsWith}`;
    found.push(
      ...(names
        ? matchingFromIndex(names, text, marks.recommended, 'inside')
        : await matching(db, inside, text, marks.recommended)),
    );
  }
  const seen = new Set<string>();
  const result = [];
  for (const tag of found) {
    if (seen.has(tag.id)) continue;
    seen.add(tag.id);
    result.push(tagBasic(tag, marks));
    if (result.length === LIMIT) break;
  }
  return result;
}
