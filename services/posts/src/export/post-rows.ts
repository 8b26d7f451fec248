import type { ImportedRevision } from '@agora/contracts/import/records';
import { type Db, PostStatusSql, RevisionStatusSql } from '@agora/platform';
import { isoTime } from '@agora/platform/export/keyset-pages';
import { sql } from 'kysely';

/** A revisions row as posts keeps it: the post's text at that version (tags as names, on questions). */
export interface RevisionRow {
  id: string;
  object_id: string;
  user_id: string;
  content: { title?: string; content: string; tags?: { slug_name: string }[] };
  log: string;
  created_at: Date;
}

/** A revisions row as an import takes it back. */
export function importedRevision(row: RevisionRow, isQuestion: boolean): ImportedRevision {
  return {
    id: row.id,
    editor_id: row.user_id,
    created_at: isoTime(row.created_at),
    summary: row.log,
    ...(isQuestion
      ? {
          title: row.content.title ?? '',
          content: row.content.content,
          tags: (row.content.tags ?? []).map((t) => t.slug_name),
        }
      : { content: row.content.content }),
  };
}

/** The applied revisions of a page of posts, oldest first, by post. */
export async function appliedRevisions(db: Db, objectIds: string[]): Promise<Map<string, RevisionRow[]>> {
  const { rows } = await sql<RevisionRow>`
    select id, object_id, user_id, content, log, created_at from revisions
    where object_id = any(${objectIds}::text[]) and status = ${RevisionStatusSql.applied}
    order by object_id, created_at, id`.execute(db);
  const byObject = new Map<string, RevisionRow[]>();
  for (const row of rows) byObject.set(row.object_id, [...(byObject.get(row.object_id) ?? []), row]);
  return byObject;
}

/** The latest act of a type on each post of a page, from posts' timeline (who closed it, deleted it, accepted it). */
export async function latestActs(
  db: Db,
  objectIds: string[],
  type: 'closed' | 'deleted' | 'accept',
): Promise<Map<string, { user_id: string; created_at: Date }>> {
  const { rows } = await sql<{ object_id: string; user_id: string; created_at: Date }>`
    select distinct on (object_id) object_id, user_id, created_at from activity
    where object_id = any(${objectIds}::text[]) and original_object_id = object_id and activity_type = ${type}
      and not cancelled
    order by object_id, id desc`.execute(db);
  return new Map(rows.map((r) => [r.object_id, r]));
}

/** How many live comments each post of a page has (the dump's CommentCount). */
export async function commentCounts(db: Db, objectIds: string[]): Promise<Map<string, number>> {
  const { rows } = await sql<{ object_id: string; n: number }>`
    select object_id, count(*)::int as n from comments
    where object_id = any(${objectIds}::text[]) and status = ${PostStatusSql.available} group by object_id`.execute(db);
  return new Map(rows.map((r) => [r.object_id, r.n]));
}
