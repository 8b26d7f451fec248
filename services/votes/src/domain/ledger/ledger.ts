import type { LedgerEntryState, ReputationChange, ReputationReason } from '@agora/contracts';
import { AMOUNTS, cappedAmount, dayOf, UNCOUNTED_FOR_CAP, withFloor } from './rules';

/** One reason for one user's reputation: a vote received, a vote's cost, an acceptance, an activation. */
export interface LedgerEntry {
  entryId: string;
  userId: string;
  reason: ReputationReason;
  objectId: string;
  questionId: string;
  /** What the entry contributes while active; for a suspended entry, what restoring it gives back. */
  amount: number;
  state: LedgerEntryState;
  triggerUserId: string | null;
  grantedAt: string;
}

/** What the ledger is asked to do, translated from votes', posts' and identity's events. */
export type LedgerInput =
  | {
      kind: 'grant';
      entryId: string;
      userId: string;
      reason: ReputationReason;
      objectId: string;
      questionId: string;
      triggerUserId: string | null;
      at: string;
      /** Instead of the reason's amount (the starting balance). */
      amount?: number;
      /** Never granted again once it exists (activation, starting balance). */
      once?: boolean;
    }
  | { kind: 'cancel'; entryId: string; at: string }
  | { kind: 'suspend'; objectId: string; at: string }
  | { kind: 'restore'; objectId: string; at: string }
  | { kind: 'adjust'; userId: string; to: number; at: string };

/**
 * The ledger's state: every user's reputation, every entry, and which posts are deleted. Held whole in
 * memory for tests; the service loads just the part an input touches (ledger/process.ts).
 */
export class LedgerState {
  readonly reputations = new Map<string, number>();
  readonly entries = new Map<string, LedgerEntry>();
  readonly deletedObjects = new Set<string>();

  reputation(userId: string): number {
    return this.reputations.get(userId) ?? 0;
  }

  entriesOn(objectId: string): LedgerEntry[] {
    return [...this.entries.values()]
      .filter((e) => e.objectId === objectId)
      .sort((a, b) => (a.entryId < b.entryId ? -1 : a.entryId > b.entryId ? 1 : 0));
  }

  /** The day's active entries of a user, summed as the cap counts them (losses included). */
  gainedOn(userId: string, day: string): number {
    let sum = 0;
    for (const e of this.entries.values()) {
      if (e.userId === userId && e.state === 'active' && !UNCOUNTED_FOR_CAP.has(e.reason) && dayOf(e.grantedAt) === day)
        sum += e.amount;
    }
    return sum;
  }

  apply(change: ReputationChange): void {
    this.reputations.set(change.user_id, change.reputation);
    if (!change.entry_id || change.entry_state === 'none') return;
    const existing = this.entries.get(change.entry_id);
    this.entries.set(change.entry_id, {
      entryId: change.entry_id,
      userId: change.user_id,
      reason: change.reason,
      objectId: change.object_id,
      questionId: change.question_id,
      amount: change.entry_amount,
      state: change.entry_state,
      triggerUserId: change.trigger_user_id,
      grantedAt: change.change === 'grant' || !existing ? change.at : existing.grantedAt,
    });
  }
}

/** Oldest grant first, then by id: the order in which a deletion or an undeletion visits equal entries. */
const byGrant = (a: LedgerEntry, b: LedgerEntry) =>
  a.grantedAt < b.grantedAt
    ? -1
    : a.grantedAt > b.grantedAt
      ? 1
      : a.entryId < b.entryId
        ? -1
        : a.entryId > b.entryId
          ? 1
          : 0;

type EntryFacts = Pick<LedgerEntry, 'entryId' | 'userId' | 'reason' | 'objectId' | 'questionId' | 'triggerUserId'>;

/**
 * Runs one input against the state: decides the reputation changes and applies each
 * before deciding the next, so changes to one user within an input see each other. Returns them in order.
 */
export function runLedger(input: LedgerInput, state: LedgerState): ReputationChange[] {
  const changes: ReputationChange[] = [];
  const emit = (
    entry: EntryFacts | null,
    userId: string,
    delta: number,
    change: ReputationChange['change'],
    after: { amount: number; state: ReputationChange['entry_state'] },
  ) => {
    // `|| 0`: a negated 0 is -0, which JSON (and so the stored event) writes as 0.
    const next: ReputationChange = {
      user_id: userId,
      delta: delta || 0,
      reputation: state.reputation(userId) + delta,
      reason: entry?.reason ?? 'adjusted',
      change,
      entry_id: entry?.entryId ?? '',
      entry_amount: after.amount || 0,
      entry_state: after.state,
      object_id: entry?.objectId ?? '',
      question_id: entry?.questionId ?? '',
      trigger_user_id: entry?.triggerUserId ?? null,
      at: input.at,
    };
    state.apply(next);
    changes.push(next);
  };

  switch (input.kind) {
    case 'grant': {
      const existing = state.entries.get(input.entryId);
      if (existing && (input.once || existing.state !== 'cancelled')) break;
      const base = input.amount ?? AMOUNTS[input.reason];
      const amount = cappedAmount(input.reason, base, state.gainedOn(input.userId, dayOf(input.at)));
      if (input.objectId && state.deletedObjects.has(input.objectId)) {
        // Granted while its post is deleted: held back until the post is restored.
        emit(input, input.userId, 0, 'grant', { amount, state: 'suspended' });
      } else {
        const delta = withFloor(state.reputation(input.userId), amount);
        // Worth nothing (a capped gain, a loss at the floor): no entry, as undoing it would give back nothing.
        if (delta !== 0) emit(input, input.userId, delta, 'grant', { amount: delta, state: 'active' });
      }
      break;
    }
    case 'cancel': {
      const entry = state.entries.get(input.entryId);
      if (!entry || entry.state === 'cancelled') break;
      // Exactly what the entry contributes goes back; a suspended entry contributes nothing.
      const delta = entry.state === 'active' ? withFloor(state.reputation(entry.userId), -entry.amount) : 0;
      emit(entry, entry.userId, delta, 'cancel', { amount: entry.amount, state: 'cancelled' });
      break;
    }
    case 'suspend': {
      state.deletedObjects.add(input.objectId);
      // Each user's losses are given back before their gains are taken, so the floor limits only what it must.
      const active = state.entriesOn(input.objectId).filter((e) => e.state === 'active');
      for (const entry of active.sort((a, b) => a.amount - b.amount || byGrant(a, b))) {
        const delta = withFloor(state.reputation(entry.userId), -entry.amount);
        // What was taken back is what undeleting gives back.
        emit(entry, entry.userId, delta, 'suspend', { amount: -delta, state: 'suspended' });
      }
      break;
    }
    case 'restore': {
      state.deletedObjects.delete(input.objectId);
      // Gains come back before losses, for the same reason.
      const suspended = state.entriesOn(input.objectId).filter((e) => e.state === 'suspended');
      for (const entry of suspended.sort((a, b) => b.amount - a.amount || byGrant(a, b))) {
        const delta = withFloor(state.reputation(entry.userId), entry.amount);
        emit(entry, entry.userId, delta, 'restore', { amount: delta, state: 'active' });
      }
      break;
    }
    case 'adjust': {
      // Recorded even without a difference: consumers take the resulting value as it stands.
      emit(null, input.userId, input.to - state.reputation(input.userId), 'adjust', { amount: 0, state: 'none' });
      break;
    }
  }
  return changes;
}
