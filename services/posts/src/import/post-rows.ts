import type { Tx } from '@agora/platform';
import { sql } from 'kysely';

/** A question or an answer as an import checks it before writing what names it. */
export interface PostRow {
  id: string;
  kind: 'question' | 'answer';
  question_id: string;
  status: number;
  pending_revision_id: string | null;
  accepted_answer_id: string | null;
}

/** The posts among the ids given that the read model has (imported in an earlier batch, or the site's own). */
export async function postsById(tx: Tx, ids: string[]): Promise<Map<string, PostRow>> {
  const wanted = [...new Set(ids)];
  if (wanted.length === 0) return new Map();
  const { rows } = await sql<PostRow>`
    select id, 'question' as kind, id as question_id, status, pending_revision_id, accepted_answer_id
    from questions where id = any(${wanted}::text[])
    union all
    select id, 'answer', question_id, status, pending_revision_id, null from answers where id = any(${wanted}::text[])`.execute(
    tx,
  );
  return new Map(rows.map((row) => [row.id, row]));
}

/** The revisions among the ids given that the read model has. */
export async function knownRevisions(tx: Tx, ids: string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const { rows } = await sql<{ id: string }>`select id from revisions where id = any(${ids}::text[])`.execute(tx);
  return new Set(rows.map((row) => row.id));
}
