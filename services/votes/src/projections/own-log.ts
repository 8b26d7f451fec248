import { applyInRuns, type StoredEvent, type Tx } from '@agora/platform';
import { applyReputationChange, resetLedger } from './ledger/read-model';
import { applyObjectPurged } from './purges/read-model';
import { applyReaction, resetReactions } from './reactions/read-model';
import { applyVoteOrBookmark, resetVotesAndBookmarks, votesInBulk } from './votes/read-model';

/** Applies one of the service's own events to its inline read models, in the transaction that appends it. */
export async function applyOwnEvent(tx: Tx, event: StoredEvent): Promise<void> {
  await applyVoteOrBookmark(tx, event);
  await applyReaction(tx, event);
  await applyReputationChange(tx, event);
  await applyObjectPurged(tx, event);
}

/** Many of the service's own events in order, runs of votes in a few statements (`votesInBulk`), the rest one by one. */
export function applyOwnEvents(tx: Tx, events: StoredEvent[]): Promise<void> {
  return applyInRuns(events, tx, votesInBulk, (event, inTx) => applyOwnEvent(inTx, event));
}

/** The inline read models as one unit, for a rebuild from the service's own log (rebuildInlineReadModel). */
export const ownReadModel = {
  async reset(tx: Tx) {
    await resetVotesAndBookmarks(tx);
    await resetReactions(tx);
    await resetLedger(tx);
  },
  apply: applyOwnEvent,
  applyBatch: applyOwnEvents,
};
