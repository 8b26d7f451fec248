import type {
  DataOf,
  FlagHandled,
  FlagReported,
  HeldPostReviewed,
  RevisionReviewed,
  RevisionSkipped,
} from '@agora/contracts';
import type { StoredEvent, Tx } from '@agora/platform';
import { sql } from 'kysely';

/**
 * Moderation's own events into its read models, in the transaction that appends them (DESIGN §2): flags
 * and their handling, the decisions and skips on suggested edits, and the decisions on held posts. Idempotent: a replay writes the same.
 */
export async function applyModerationEvent(tx: Tx, event: StoredEvent): Promise<void> {
  switch (event.type) {
    case 'moderation.flag_reported': {
      const d = event.data as DataOf<typeof FlagReported>;
      await sql`
        insert into flags (flag_id, stream_id, object_id, object_type, question_id, object_user_id, reporter_id,
                           reason_type, content, status, created_at)
        values (${d.flag_id}, ${event.streamId}, ${d.object_id}, ${d.object_type}, ${d.question_id}, ${d.object_user_id},
                ${d.reporter_id}, ${d.reason_type}, ${d.content}, 'pending', ${event.occurredAt})
        on conflict (flag_id) do nothing`.execute(tx);
      return;
    }
    case 'moderation.flag_handled': {
      const d = event.data as DataOf<typeof FlagHandled>;
      await sql`
        update flags set status = ${d.status}, handler_id = ${d.handler_id}, operation = ${d.operation},
                         handled_at = ${event.occurredAt}
        where flag_id = ${d.flag_id}`.execute(tx);
      return;
    }
    case 'moderation.revision_reviewed': {
      const d = event.data as DataOf<typeof RevisionReviewed>;
      await sql`
        insert into review_decisions (revision_id, reviewer_id, decision, decided_at)
        values (${d.revision_id}, ${d.reviewer_id}, ${d.decision}, ${event.occurredAt})
        on conflict (revision_id) do nothing`.execute(tx);
      return;
    }
    case 'moderation.held_post_reviewed': {
      const d = event.data as DataOf<typeof HeldPostReviewed>;
      await sql`
        insert into held_decisions (object_id, reviewer_id, decision, decided_at)
        values (${d.object_id}, ${d.reviewer_id}, ${d.decision}, ${event.occurredAt})
        on conflict (object_id) do nothing`.execute(tx);
      return;
    }
    case 'moderation.revision_skipped': {
      const d = event.data as DataOf<typeof RevisionSkipped>;
      await sql`
        insert into review_skips (revision_id, reviewer_id) values (${d.revision_id}, ${d.reviewer_id})
        on conflict do nothing`.execute(tx);
      return;
    }
  }
}

/** The inline read model as a whole, for a rebuild from moderation's own log (`rebuildInlineReadModel`). */
export const ownReadModel = {
  async reset(tx: Tx) {
    await sql`truncate flags, review_decisions, review_skips, held_decisions`.execute(tx);
  },
  apply: (tx: Tx, event: StoredEvent) => applyModerationEvent(tx, event),
};
