import { type Db, TagStatusSql, type Tx } from '@agora/platform';
import { sql } from 'kysely';

export interface TagRow {
  id: string;
  slug_name: string;
  display_name: string;
  original_text: string;
  parsed_text: string;
  excerpt: string;
  user_id: string;
  status: number;
  main_tag_id: string | null;
  question_count: number;
  follow_count: number;
  revision_id: string;
  pending_revision_id: string | null;
  created_at: Date;
  updated_at: Date;
}

export async function tagById(db: Db | Tx, id: string): Promise<TagRow | undefined> {
  const { rows } = await sql<TagRow>`select * from tags where id = ${id}`.execute(db);
  return rows[0];
}

/** Slugs are stored lower-case, so the lookup is case-insensitive for a normalised slug. */
export async function tagBySlug(db: Db | Tx, slug: string): Promise<TagRow | undefined> {
  const { rows } = await sql<TagRow>`select * from tags where slug_name = ${slug}`.execute(db);
  return rows[0];
}

export async function tagsBySlugs(db: Db | Tx, slugs: string[]): Promise<TagRow[]> {
  if (slugs.length === 0) return [];
  const { rows } = await sql<TagRow>`select * from tags where slug_name = any(${slugs})`.execute(db);
  return rows;
}

export async function tagsByIds(db: Db | Tx, ids: string[]): Promise<TagRow[]> {
  if (ids.length === 0) return [];
  const { rows } = await sql<TagRow>`select * from tags where id = any(${ids})`.execute(db);
  return rows;
}

/** Live tags by slug, each synonym replaced by its main tag, first occurrence kept, in the order asked. */
export async function mainTagsBySlugs(db: Db | Tx, slugs: string[]): Promise<TagRow[]> {
  if (slugs.length === 0) return [];
  const { rows } = await sql<TagRow & { asked: string }>`
    select t.slug_name as asked, m2.* from tags t
    left join tags m on m.id = t.main_tag_id and m.status = ${TagStatusSql.available}
    join tags m2 on m2.id = coalesce(m.id, t.id)
    where t.slug_name = any(${slugs}) and t.status = ${TagStatusSql.available} and (t.main_tag_id is null or m.id is not null)`.execute(
    db,
  );
  const byAsked = new Map(rows.map((r) => [r.asked, r]));
  const seen = new Set<string>();
  const result: TagRow[] = [];
  for (const slug of slugs) {
    const row = byAsked.get(slug);
    if (!row || seen.has(row.id)) continue;
    seen.add(row.id);
    const { asked: _, ...tag } = row;
    result.push(tag);
  }
  return result;
}
