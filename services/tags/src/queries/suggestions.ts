import { Limits, type SiteSettings } from '@agora/contracts';
import type { Db } from '@agora/platform';
import { sql } from 'kysely';
import { escapeLike } from './like';
import { tagMarks } from './marks';
import { tagBasic } from './responses';
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
      where status = 1 and ${where}
      order by (slug_name = ${exact} or lower(display_name) = ${exact}) desc, slug_name = any(${recommended}) desc,
               question_count desc, slug_name
      limit ${CANDIDATES}
    ) found
    join tags m on m.id = coalesce(found.main_tag_id, found.id) and m.status = 1
    order by (found.slug_name = ${exact} or lower(found.display_name) = ${exact}) desc,
             found.slug_name = any(${recommended}) desc, found.question_count desc, found.slug_name`.execute(db);
  return rows;
}

/**
 * `question/tags` (spec §5): at most 5 tags for what the asker typed, semicolons stripped; tags whose
 * slug or display name starts with the text come before those that merely contain it. With nothing
 * typed, the site's recommended tags.
 */
export async function suggestTags(db: Db, typed: string, settings: SiteSettings) {
  const marks = tagMarks(settings);
  const text = typed.replace(/;/g, '').trim().toLowerCase();
  if (!text) return (await mainTagsBySlugs(db, marks.recommended)).slice(0, LIMIT).map((t) => tagBasic(t, marks));
  const prefix = `${escapeLike(text)}%`;
  const contains = `%${escapeLike(text)}%`;
  const startsWith = sql`(slug_name like ${prefix} or lower(display_name) like ${prefix})`;
  const found = await matching(db, startsWith, text, marks.recommended);
  const distinct = () => new Set(found.map((t) => t.id)).size;
  // Contains-only matches are looked for only when the prefix ones do not fill the list.
  if (distinct() < LIMIT) {
    const inside = sql`(slug_name like ${contains} or lower(display_name) like ${contains}) and not ${startsWith}`;
    found.push(...(await matching(db, inside, text, marks.recommended)));
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
