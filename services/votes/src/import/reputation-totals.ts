import { type ReputationChange, ReputationChanged } from '@agora/contracts';
import type { ImportedMember } from '@agora/contracts/import/records';
import type { EventStore, ImportedEvent, Tx } from '@agora/platform';
import { sql } from 'kysely';
import { ledgerStreamId } from '../commands/ledger';
import { takeLedgerLock } from '../projections/ledger/post-deleted';
import { applyOwnEvent } from '../projections/own-log';

const CHUNK = 1000;

/** Keeps the total each imported member's reputation must end with, whatever their history adds up to. */
export async function rememberTotals(tx: Tx, members: ImportedMember[]): Promise<void> {
  if (members.length === 0) return;
  const rows = JSON.stringify(members.map((m) => ({ u: m.id, r: m.reputation })));
  await sql`
    insert into import_reputation_totals (user_id, reputation)
    select u, r from jsonb_to_recordset(${rows}::jsonb) as t(u text, r int)
    on conflict (user_id) do update set reputation = excluded.reputation`.execute(tx);
}

/**
 * After the history: each imported member whose balance is not the source's total gets one adjustment for the
 * difference, at the time of the import, as an operator's correction is recorded. The kept totals then go, so a
 * later import (a merge) does not adjust these members again.
 */
export async function settleTotals(tx: Tx, store: EventStore, run: string): Promise<void> {
  await takeLedgerLock(tx);
  const { rows } = await sql<{ user_id: string; target: number; reputation: number; version: number }>`
    select t.user_id, t.reputation as target, coalesce(r.reputation, 0) as reputation, coalesce(r.version, 0) as version
    from import_reputation_totals t left join reputations r on r.user_id = t.user_id
    where t.reputation <> coalesce(r.reputation, 0) or r.user_id is null
    order by t.user_id`.execute(tx);
  const at = new Date().toISOString();
  const events = rows.map(
    (row): ImportedEvent => ({
      streamId: ledgerStreamId(row.user_id),
      version: row.version + 1,
      type: ReputationChanged.type,
      data: {
        user_id: row.user_id,
        delta: row.target - row.reputation,
        reputation: row.target,
        reason: 'adjusted',
        change: 'adjust',
        entry_id: '',
        entry_amount: 0,
        entry_state: 'none',
        object_id: '',
        question_id: '',
        trigger_user_id: null,
        at,
      } satisfies ReputationChange,
      occurredAt: at,
      actorId: null,
    }),
  );
  for (let start = 0; start < events.length; start += CHUNK) {
    const written = await store.appendImported(tx, events.slice(start, start + CHUNK), run);
    for (const event of written) await applyOwnEvent(tx, event);
  }
  await sql`truncate import_reputation_totals`.execute(tx);
}
