import type { EventStore, ImportedEvent, ImportRun, StoredEvent, Tx } from '@agora/platform';
import { applyTagsEvent } from '../projections/tags/read-model';

/**
 * Appends imported events with their original times (`EventStore.appendImported`: what is there already is left
 * alone) and applies the tags read model to those written, as the commands do in their transaction and a rebuild
 * does from the log (docs/adr/0094-importing-a-community.md).
 */
export async function writeImported(
  store: EventStore,
  tx: Tx,
  events: ImportedEvent[],
  run: ImportRun,
): Promise<StoredEvent[]> {
  const written = await store.appendImported(tx, events, run.id);
  for (const event of written) await applyTagsEvent(tx, event);
  return written;
}
