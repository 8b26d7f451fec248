import { sql } from 'kysely';
import type { Tx } from '../db/database';

/**
 * What a purge leaves of a field in the event store: the field's name and the value that replaces it
 * (an empty text, list or avatar, so every event still matches its schema and replays).
 */
export type Redactions = Readonly<Record<string, unknown>>;

/**
 * Rewrites the `data` of every event of these streams in this service's store: each field named in
 * `redactions` that the event has is replaced by its redacted value; ids, types, versions and times stay.
 * Run in the transaction that appends the purge, so the store never holds a purged object's text after it
 * (docs/adr/0078-purging-in-an-event-sourced-system.md). Returns how many events were rewritten.
 */
export async function redactStreams(tx: Tx, streamIds: readonly string[], redactions: Redactions): Promise<number> {
  if (streamIds.length === 0) return 0;
  const result = await sql`
    update events set data = (
      select coalesce(jsonb_object_agg(field.key, case when r.value ? field.key then r.value -> field.key
                                                    else field.value end), '{}'::jsonb)
      from jsonb_each(events.data) field
    )
    from (select ${JSON.stringify(redactions)}::jsonb as value) r
    where stream_id = any(${[...streamIds]}::text[])
      and exists (select 1 from jsonb_object_keys(events.data) k where r.value ? k)`.execute(tx);
  return Number(result.numAffectedRows ?? 0);
}
