import { setTimeout as sleep } from 'node:timers/promises';
import type { ServiceDatabase, Tx } from '../db/database';
import { readLogAfter } from '../eventstore/event-store';
import { LOG_START, type StoredEvent } from '../eventstore/types';

const BATCH = 1000;
/** How long a rebuild waits for events held back by an older transaction running elsewhere in the cluster. */
const FENCE_WAIT_MS = 10_000;

/**
 * Rebuilds a service's inline read model from its own event log in one transaction: readers see the
 * old model until the new one is complete. Commands that run meanwhile wait on the emptied tables'
 * locks and apply their own events on top when the rebuild commits.
 */
export async function rebuildInlineReadModel(
  database: ServiceDatabase,
  model: {
    reset(tx: Tx): Promise<void>;
    apply(tx: Tx, event: StoredEvent): Promise<void>;
    /** A page of events at once, in log order, leaving the model as `apply` on each in turn would. */
    applyBatch?(tx: Tx, events: StoredEvent[]): Promise<void>;
  },
): Promise<number> {
  return database.db.transaction().execute(async (tx) => {
    await model.reset(tx);
    let position = LOG_START;
    let applied = 0;
    const deadline = Date.now() + FENCE_WAIT_MS;
    for (;;) {
      const { events, pendingBehindFence } = await readLogAfter(tx, database.schema, position, BATCH);
      const last = events.at(-1);
      if (!last) {
        // Committed events wait behind an older transaction (in any database of the cluster): without
        // waiting, the rebuilt model would miss them.
        if (pendingBehindFence && Date.now() < deadline) {
          await sleep(5);
          continue;
        }
        return applied;
      }
      if (model.applyBatch) await model.applyBatch(tx, events);
      else for (const event of events) await model.apply(tx, event);
      applied += events.length;
      position = last.position;
    }
  });
}
