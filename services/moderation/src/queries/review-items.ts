import { type Db, PostStatusSql } from '@agora/platform';
import { sql } from 'kysely';
import type { QueuedRevision } from '../domain/review/decider';

/**
 * A suggested edit the queue holds, or null when it holds none by that id or its object is gone (a deleted
 * post or tag has nothing left to edit). `settled`: its owner already applied or dropped it.
 */
export async function queuedRevision(db: Db, revisionId: string): Promise<QueuedRevision | null> {
  const { rows } = await sql<{
    revision_id: string;
    object_id: string;
    object_type: QueuedRevision['objectType'];
    editor_id: string;
    settled: boolean;
  }>`
    select i.revision_id, i.object_id, i.object_type, i.editor_id, i.settled
    from review_items i join moderated_objects o on o.object_id = i.object_id
    where i.revision_id = ${revisionId} and o.status <> ${PostStatusSql.deleted}`.execute(db);
  const row = rows[0];
  if (!row) return null;
  return {
    revisionId: row.revision_id,
    objectId: row.object_id,
    objectType: row.object_type,
    editorId: row.editor_id,
    settled: row.settled,
  };
}
