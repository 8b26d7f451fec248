import type { ReputationChange } from '@agora/contracts';
import type { StoredEvent, Tx } from '@agora/platform';
import { sql } from 'kysely';
import { postDeletedOf, takeLedgerLock } from './post-deleted';

/**
 * `reputations` and `ledger_entries` from the ledger streams: everything they hold is in the events, but for
 * `post_deleted`, read from votes' copy of posts when the entry is written and kept by the post facts projection
 * since (ledger/post-deleted.ts).
 */
export async function applyReputationChange(tx: Tx, event: StoredEvent): Promise<void> {
  if (event.type !== 'votes.reputation_changed') return;
  const c = event.data as ReputationChange;
  await sql`
    insert into reputations (user_id, reputation, version) values (${c.user_id}, ${c.reputation}, ${event.version})
    on conflict (user_id) do update set reputation = excluded.reputation, version = excluded.version
      where reputations.version < excluded.version`.execute(tx);
  if (!c.entry_id || c.entry_state === 'none') return;
  await sql`
    insert into ledger_entries (entry_id, user_id, object_id, question_id, reason, amount, state, trigger_user_id, granted_at,
                                post_deleted)
    values (${c.entry_id}, ${c.user_id}, ${c.object_id}, ${c.question_id}, ${c.reason}, ${c.entry_amount},
            ${c.entry_state}, ${c.trigger_user_id}, ${c.at}, ${postDeletedOf(c.object_id, c.question_id)})
    on conflict (entry_id) do update set amount = excluded.amount, state = excluded.state,
      trigger_user_id = excluded.trigger_user_id, post_deleted = excluded.post_deleted,
      granted_at = case when ${c.change === 'grant'}::boolean then excluded.granted_at else ledger_entries.granted_at end`.execute(
    tx,
  );
}

export async function resetLedger(tx: Tx): Promise<void> {
  // A rebuild replays in one transaction: holding the lock keeps post facts' deletions from passing it by.
  await takeLedgerLock(tx);
  await sql`truncate reputations, ledger_entries`.execute(tx);
}
