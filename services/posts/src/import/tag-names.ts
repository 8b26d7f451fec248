import { normalizeTagSlug } from '@agora/contracts';
import type { ImportedTag } from '@agora/contracts/import/records';
import type { Tx } from '@agora/platform';
import { sql } from 'kysely';
import type { Tag } from '../commands/question-tags';

/**
 * Keeps the imported tags' names and synonyms in posts (`import_tags`), written from the tag records, which come
 * before any question (docs/adr/0094-importing-a-community.md): posts' copy of the tags service's tags
 * (`tag_catalog`) is kept asynchronously and may not have caught up when the questions come.
 */
export async function keepTagNames(tx: Tx, tags: ImportedTag[]): Promise<void> {
  // One row per slug, the last record's, as one statement may not write a row twice.
  const bySlug = new Map(tags.map((t) => [normalizeTagSlug(t.slug_name), t]));
  if (bySlug.size === 0) return;
  const kept = [...bySlug];
  await sql`
    insert into import_tags (slug_name, display_name, main_slug, deleted)
    select * from unnest(${kept.map(([slug]) => slug)}::text[],
                         ${kept.map(([slug, t]) => t.display_name.trim() || slug)}::text[],
                         ${kept.map(([, t]) => (t.main_tag_slug ? normalizeTagSlug(t.main_tag_slug) : null))}::text[],
                         ${kept.map(([, t]) => t.deleted)}::boolean[])
    on conflict (slug_name) do update set display_name = excluded.display_name, main_slug = excluded.main_slug,
                                          deleted = excluded.deleted`.execute(tx);
}

/** How a question's tags are filed: a synonym under its main tag, each with its display name; a tag named twice once. */
export type TagsOf = (slugs: string[]) => Tag[];

/**
 * The filing of every slug the given ones name: from the imported tags first, then from posts' copy of the tags
 * service's (a merge into a site with tags of its own); a slug known to neither keeps itself as its name.
 */
export async function tagFiling(tx: Tx, slugs: string[]): Promise<TagsOf> {
  const wanted = [...new Set(slugs.map(normalizeTagSlug))];
  const filed = new Map<string, Tag>();
  if (wanted.length > 0) {
    const { rows } = await sql<{ slug: string; slug_name: string; display_name: string }>`
      select t.slug_name as slug, coalesce(m.slug_name, t.slug_name) as slug_name,
             coalesce(m.display_name, t.display_name) as display_name
      from import_tags t left join import_tags m on m.slug_name = t.main_slug and not m.deleted
      where t.slug_name = any(${wanted}::text[])
      union all
      select c.slug_name, c.slug_name, c.display_name from tag_catalog c
      where c.slug_name = any(${wanted}::text[]) and not c.deleted
        and not exists (select 1 from import_tags t where t.slug_name = c.slug_name)`.execute(tx);
    for (const row of rows) filed.set(row.slug, { slug_name: row.slug_name, display_name: row.display_name });
  }
  return (given) => {
    const seen = new Set<string>();
    const tags: Tag[] = [];
    for (const slug of given.map(normalizeTagSlug)) {
      const tag = filed.get(slug) ?? { slug_name: slug, display_name: slug };
      if (seen.has(tag.slug_name)) continue;
      seen.add(tag.slug_name);
      tags.push(tag);
    }
    return tags;
  };
}
