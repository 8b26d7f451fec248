import type { ServiceDatabase, Tx } from '../db/database';
import { readLogAfter } from '../eventstore/event-store';
import { LOG_START, type StoredEvent } from '../eventstore/types';

const BATCH = 1000;

/**
 * Rebuilds a service's inline read model from its own event log in one transaction: readers see the
 * old model until the new one is complete. Commands that run meanwhile wait on the emptied tables'
 * locks and apply their own events on top when the rebuild commits.
 */
export async function rebuildInlineReadModel(
  database: ServiceDatabase,
  model: { reset(tx: Tx): Promise<void>; apply(tx: Tx, event: StoredEvent): Promise<void> },
): Promise<number> {
  return database.db.transaction().execute(async (tx) => {
    await model.reset(tx);
    let position = LOG_START;
    let applied = 0;
    for (;;) {
      const { events } = await readLogAfter(tx, database.schema, position, BATCH);
      if (events.length === 0) return applied;
      for (const event of events) await model.apply(tx, event);
      applied += events.length;
      position = events.at(-1)!.position;
    }
  });
}
