import type { EventStore, ImportedEvent, ImportRun, StoredEvent, Tx } from '@agora/platform';
import { applyPostsEvents } from '../projections/posts/read-model';

/**
 * The events of many streams in the order they happened: each stream's in its versions' order, and across
 * streams by time, a stream's event counting at the latest time of its stream so far (a deletion the source
 * dated before an edit stays after it). Equal times keep the order given.
 */
export function inTimeOrder(events: ImportedEvent[]): ImportedEvent[] {
  const latest = new Map<string, number>();
  const keyed = events.map((event, n) => {
    const at = Math.max(Date.parse(event.occurredAt), latest.get(event.streamId) ?? Number.NEGATIVE_INFINITY);
    latest.set(event.streamId, at);
    return { event, at, n };
  });
  keyed.sort((a, b) => a.at - b.at || a.n - b.n);
  return keyed.map((k) => k.event);
}

/**
 * Appends imported events with their original times (`EventStore.appendImported`: what is there already is left
 * alone) and applies the posts read model to those written, in the order written, as the command path does in its
 * transaction and a rebuild does from the log (docs/adr/0094-importing-a-community.md): a batch at a time
 * (`applyPostsEvents`), not a statement or more per event.
 */
export async function writeImported(
  store: EventStore,
  tx: Tx,
  events: ImportedEvent[],
  run: ImportRun,
): Promise<StoredEvent[]> {
  const written = await store.appendImported(tx, inTimeOrder(events), run.id);
  await applyPostsEvents(tx, written);
  return written;
}
