import { type ReputationChange, ReputationChanged } from '@agora/contracts';
import type { ImportedReputation, ImportTally } from '@agora/contracts/import/records';
import { type ImportedEvent, skip, type Tx } from '@agora/platform';
import { sql } from 'kysely';
import { ledgerStreamId } from '../commands/ledger';
import type { PostFacts } from './imported-posts';
import { entryIdOf, reasonOf } from './reputation-reasons';

/** Each member's ledger stream as it stands: its last version and the balance it ends with. */
async function ledgersNow(tx: Tx, userIds: string[]) {
  const { rows } = await sql<{ user_id: string; reputation: number; version: number }>`
    select user_id, reputation, version from reputations where user_id = any(${userIds}::text[])`.execute(tx);
  return new Map(rows.map((row) => [row.user_id, { reputation: row.reputation, version: row.version }]));
}

async function entriesHeld(tx: Tx, entryIds: string[]): Promise<Set<string>> {
  const { rows } = await sql<{ entry_id: string }>`
    select entry_id from ledger_entries where entry_id = any(${entryIds}::text[])`.execute(tx);
  return new Set(rows.map((row) => row.entry_id));
}

/**
 * A member's reputation history as ledger entries granted at their original times, appended to the member's ledger
 * stream after what it holds (the caller holds the ledger's lock). An entry the ledger holds already (a batch
 * written again) is written no more. Amounts are the source's, without Agora's daily cap or floor: the history
 * happened elsewhere; the member's total is set at the end of the import (reputation-totals.ts).
 */
export async function reputationEvents(
  tx: Tx,
  entries: ImportedReputation[],
  posts: Map<string, PostFacts>,
  tally: ImportTally,
): Promise<ImportedEvent[]> {
  const named: { entry: ImportedReputation; change: Omit<ReputationChange, 'reputation'> }[] = [];
  const ids = new Set<string>();
  for (const entry of entries) {
    const reason = reasonOf(entry.reason);
    if (!reason) {
      skip(tally, `no reputation reason in Agora for ${entry.reason} (the member's total is kept)`);
      continue;
    }
    if (entry.delta === 0) {
      skip(tally, 'a history entry worth nothing');
      continue;
    }
    const entryId = entryIdOf(entry, reason);
    if (ids.has(entryId)) {
      skip(tally, 'the same history entry twice');
      continue;
    }
    ids.add(entryId);
    const objectType = posts.get(entry.object_id);
    named.push({
      entry,
      change: {
        user_id: entry.user_id,
        delta: entry.delta,
        reason,
        change: 'grant',
        entry_id: entryId,
        entry_amount: entry.delta,
        entry_state: 'active',
        object_id: entry.object_id,
        question_id: objectType?.questionId ?? '',
        trigger_user_id: entry.trigger_user_id ?? null,
        at: entry.created_at,
      },
    });
  }
  tally.imported += named.length;
  const held = await entriesHeld(tx, [...ids]);
  const ledgers = await ledgersNow(tx, [...new Set(named.map((n) => n.entry.user_id))]);
  const events: ImportedEvent[] = [];
  for (const { entry, change } of named) {
    if (held.has(change.entry_id)) continue;
    const ledger = ledgers.get(entry.user_id) ?? { reputation: 0, version: 0 };
    ledgers.set(entry.user_id, ledger);
    ledger.reputation += entry.delta;
    ledger.version += 1;
    events.push({
      streamId: ledgerStreamId(entry.user_id),
      version: ledger.version,
      type: ReputationChanged.type,
      data: { ...change, reputation: ledger.reputation } satisfies ReputationChange,
      occurredAt: entry.created_at,
      actorId: entry.trigger_user_id ?? null,
    });
  }
  return events;
}
