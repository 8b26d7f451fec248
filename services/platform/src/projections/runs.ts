import type { Tx } from '../db/database';
import type { StoredEvent } from '../eventstore/types';

/** What a projection writes for a whole run of events of some types in a few statements (see applyInRuns). */
export interface BulkApply {
  types: ReadonlySet<string>;
  /** Must leave the read model as applying the run's events one by one, in order, would. */
  apply(events: StoredEvent[], tx: Tx): Promise<void>;
}

/**
 * A batch applied in order: each run of consecutive events that `bulk` takes goes to it at once (a statement for
 * the run, not one per event: what a lingering projection gathers is mostly asks and answers), every other event
 * through `apply`, one by one. For a projection's `applyBatch`.
 */
export async function applyInRuns(
  events: StoredEvent[],
  tx: Tx,
  bulk: BulkApply,
  apply: (event: StoredEvent, tx: Tx) => Promise<void>,
): Promise<void> {
  let run: StoredEvent[] = [];
  const flush = async () => {
    if (run.length === 0) return;
    await bulk.apply(run, tx);
    run = [];
  };
  for (const event of events) {
    if (bulk.types.has(event.type)) {
      run.push(event);
      continue;
    }
    await flush();
    await apply(event, tx);
  }
  await flush();
}
