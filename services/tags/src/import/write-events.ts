import type { EventStore, ImportedEvent, ImportRun, StoredEvent, Tx } from '@agora/platform';
import { sql } from 'kysely';
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

/** The last version of each stream named (0 for a stream with no event yet). */
export async function streamVersions(tx: Tx, streamIds: string[]): Promise<Map<string, number>> {
  const versions = new Map(streamIds.map((id) => [id, 0]));
  if (streamIds.length === 0) return versions;
  const { rows } = await sql<{ stream_id: string; version: number }>`
    select stream_id, max(stream_version)::int as version from events
    where stream_id = any(${[...versions.keys()]}::text[]) group by stream_id`.execute(tx);
  for (const row of rows) versions.set(row.stream_id, row.version);
  return versions;
}
