import { PostStatusSql, type Tx } from '@agora/platform';
import { type RawBuilder, sql } from 'kysely';

/**
 * Whether a ledger entry's post is deleted as votes' copy of posts says: its question, or the answer or comment it
 * is about (docs/adr/0077-ledger-entries-know-deleted-posts.md). The reputation page lists only entries where it is
 * false. The ledger lets deleting an answer's question leave the answer's entries active, so the entry's own state
 * does not say it.
 */
export function postDeletedOf(objectId: RawBuilder<unknown> | string, questionId: RawBuilder<unknown> | string) {
  return sql<boolean>`(
    exists (select 1 from questions q where q.id = ${questionId} and q.status = ${PostStatusSql.deleted})
    or exists (select 1 from answers a where a.id = ${objectId} and a.status = ${PostStatusSql.deleted})
    or exists (select 1 from comments c where c.id = ${objectId} and c.status = ${PostStatusSql.deleted}))`;
}

/** The advisory lock every ledger run holds (commands/ledger.ts): who writes `post_deleted` takes turns with it. */
export const LEDGER_LOCK = 'agora:votes:ledger';

export async function takeLedgerLock(tx: Tx): Promise<void> {
  await sql`select pg_advisory_xact_lock(hashtextextended(${LEDGER_LOCK}, 0))`.execute(tx);
}

/**
 * After a post's deletion or undeletion reached votes' copy of posts: the ledger entries it concerns say so again.
 * The caller holds the ledger lock from before it changed the post's row, so an entry the ledger writes meanwhile
 * either sees the new status or is there for this update to see.
 */
export async function refreshPostDeleted(tx: Tx, post: { questionId: string } | { objectId: string }): Promise<void> {
  const which = 'questionId' in post ? sql`e.question_id = ${post.questionId}` : sql`e.object_id = ${post.objectId}`;
  await sql`
    update ledger_entries e set post_deleted = ${postDeletedOf(sql.ref('e.object_id'), sql.ref('e.question_id'))}
    where ${which} and e.post_deleted is distinct from ${postDeletedOf(sql.ref('e.object_id'), sql.ref('e.question_id'))}`.execute(
    tx,
  );
}
