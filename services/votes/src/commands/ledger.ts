import { type ReputationChange, ReputationChanged, type ReputationReason } from '@agora/contracts';
import type { Db, EventStore, StoredEvent, Tx } from '@agora/platform';
import { sql } from 'kysely';
import { type LedgerEntry, type LedgerInput, LedgerState, runLedger } from '../domain/ledger/ledger';
import { CAPPED_REASONS, dayOf } from '../domain/ledger/rules';
import { takeLedgerLock } from '../projections/ledger/post-deleted';
import { applyOwnEvent } from '../projections/own-log';

export function ledgerStreamId(userId: string): string {
  return `reputation-${userId}`;
}

interface EntryRow {
  entry_id: string;
  user_id: string;
  reason: ReputationReason;
  object_id: string;
  question_id: string;
  amount: number;
  state: LedgerEntry['state'];
  trigger_user_id: string | null;
  granted_at: Date;
}

const toEntry = (row: EntryRow): LedgerEntry => ({
  entryId: row.entry_id,
  userId: row.user_id,
  reason: row.reason,
  objectId: row.object_id,
  questionId: row.question_id,
  amount: row.amount,
  state: row.state,
  triggerUserId: row.trigger_user_id,
  grantedAt: row.granted_at.toISOString(),
});

/** The part of the ledger the inputs touch: their entries, their users' balances and the cap's days. */
async function loadState(tx: Tx, inputs: LedgerInput[]): Promise<LedgerState> {
  const state = new LedgerState();
  const entryIds: string[] = [];
  const objectIds: string[] = [];
  const grantObjects: string[] = [];
  const userIds = new Set<string>();
  const capDays: { user: string; day: string }[] = [];
  for (const input of inputs) {
    if (input.kind === 'grant' || input.kind === 'cancel') entryIds.push(input.entryId);
    if (input.kind === 'suspend' || input.kind === 'restore') objectIds.push(input.objectId);
    if (input.kind === 'grant' || input.kind === 'adjust') userIds.add(input.userId);
    if (input.kind === 'grant' && input.objectId) grantObjects.push(input.objectId);
    if (input.kind === 'grant' && CAPPED_REASONS.has(input.reason))
      capDays.push({ user: input.userId, day: dayOf(input.at) });
  }
  const { rows: entries } = await sql<EntryRow>`
    select * from ledger_entries where entry_id = any(${entryIds}) or object_id = any(${objectIds})`.execute(tx);
  for (const { user, day } of capDays) {
    const { rows } = await sql<EntryRow>`
      select * from ledger_entries
      where user_id = ${user} and state = 'active'
        and granted_at >= ${day}::date and granted_at < ${day}::date + 1`.execute(tx);
    entries.push(...rows);
  }
  for (const row of entries) {
    state.entries.set(row.entry_id, toEntry(row));
    userIds.add(row.user_id);
  }
  const { rows: balances } = await sql<{ user_id: string; reputation: number }>`
    select user_id, reputation from reputations where user_id = any(${[...userIds]})`.execute(tx);
  for (const row of balances) state.reputations.set(row.user_id, row.reputation);
  const { rows: deleted } = await sql<{ object_id: string }>`
    select object_id from ledger_objects where object_id = any(${grantObjects}) and deleted`.execute(tx);
  for (const row of deleted) state.deletedObjects.add(row.object_id);
  return state;
}

async function markDeleted(tx: Tx, objectId: string, deleted: boolean): Promise<void> {
  await sql`
    insert into ledger_objects (object_id, owner_id, question_id, deleted) values (${objectId}, '', '', ${deleted})
    on conflict (object_id) do update set deleted = excluded.deleted`.execute(tx);
}

/**
 * The reputation ledger: inputs from votes, posts and identity become
 * `votes.reputation_changed` events on each user's ledger stream, with the inline read model updated in
 * the same transaction. Every run holds one lock, so the ledger's consumers take turns and each decision
 * sees the one before it; the events then hold the decisions, and replaying them gives the same ledger.
 */
export class Ledger {
  constructor(
    private readonly db: Db,
    private readonly store: EventStore,
  ) {}

  /** Runs inputs in the caller's transaction (an event consumer's), or in a transaction of its own. */
  async run(
    inputs: LedgerInput[],
    options: { tx?: Tx; causationId?: string | null; actorId?: string | null } = {},
  ): Promise<StoredEvent[]> {
    if (inputs.length === 0) return [];
    if (!options.tx) return this.db.transaction().execute((tx) => this.run(inputs, { ...options, tx }));
    const tx = options.tx;
    await takeLedgerLock(tx);
    const state = await loadState(tx, inputs);
    const changes: ReputationChange[] = [];
    for (const input of inputs) {
      changes.push(...runLedger(input, state));
      if (input.kind === 'suspend' || input.kind === 'restore') {
        await markDeleted(tx, input.objectId, input.kind === 'suspend');
      }
    }
    const byUser = new Map<string, ReputationChange[]>();
    for (const change of changes) byUser.set(change.user_id, [...(byUser.get(change.user_id) ?? []), change]);
    const stored: StoredEvent[] = [];
    for (const [userId, list] of byUser) {
      const streamId = ledgerStreamId(userId);
      const version = await this.store.currentVersion(streamId, tx);
      const { events } = await this.store.append(
        streamId,
        version,
        list.map((data) => ({ type: ReputationChanged.type, data })),
        { causationId: options.causationId ?? null, actorId: options.actorId ?? null },
        tx,
      );
      stored.push(...events);
    }
    for (const event of stored) await applyOwnEvent(tx, event);
    return stored;
  }

  /** Sets a user's reputation outright: an operator's correction, recorded like any other change. */
  adjust(userId: string, to: number, actorId: string | null = null): Promise<StoredEvent[]> {
    return this.run([{ kind: 'adjust', userId, to, at: new Date().toISOString() }], { actorId });
  }
}
