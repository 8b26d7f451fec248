import type { RevisionStatus } from '@agora/contracts';
import { RevisionStatusSql, type Tx } from '@agora/platform';
import { sql } from 'kysely';
import type { Time } from './timeline-rows';

export interface RevisionRow {
  id: string;
  object: string;
  type: 'question' | 'answer';
  user: string;
  status: typeof RevisionStatus.pending | typeof RevisionStatus.applied;
  content: object;
  log?: string;
  at: Time;
}

/** A revision of a question or an answer; an applied one replaces a replayed copy's status. */
export function insertRevision(r: RevisionRow) {
  return sql`insert into revisions (id, object_id, object_type, user_id, status, content, log, created_at)
            values (${r.id}, ${r.object}, ${r.type}, ${r.user}, ${r.status}, ${JSON.stringify(r.content)}::jsonb,
                    ${r.log ?? ''}, ${r.at})
            on conflict (id) do update set status = excluded.status where excluded.status = ${RevisionStatusSql.applied}`;
}

export async function recordRevision(tx: Tx, r: RevisionRow) {
  await insertRevision(r).execute(tx);
}

/** A suggested edit turned down: the post waits for no revision, and the revision says rejected. */
export async function rejectRevision(
  tx: Tx,
  table: 'questions' | 'answers',
  objectId: string,
  revisionId: string,
): Promise<void> {
  await sql`update ${sql.table(table)} set pending_revision_id = null
                where id = ${objectId} and pending_revision_id = ${revisionId}`.execute(tx);
  await sql`update revisions set status = ${RevisionStatusSql.rejected} where id = ${revisionId} and status = ${RevisionStatusSql.pending}`.execute(
    tx,
  );
}
