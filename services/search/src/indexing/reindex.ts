import { type Db, first } from '@agora/platform';
import { sql } from 'kysely';
import type { SearchIndex } from '../search-index/port';
import { loadDocumentRows, toDocuments } from './documents';
import { type ReindexState, readReindexState, saveReindexState } from './reindex-state';

/** A purged post is never indexed again (the feeder removes it from the live generation). */
const unpurged = <R extends { purged: boolean }>(rows: R[]) => rows.filter((row) => !row.purged);

export interface ReindexOptions {
  db: Db;
  index: SearchIndex;
  batchSize?: number;
  /** Start over even if an interrupted reindex could be resumed. */
  restart?: boolean;
  onProgress?: (done: number, total: number) => void;
  /** Stops after the current batch; the next run resumes from there. */
  signal?: AbortSignal;
}

export interface ReindexResult {
  /** False when stopped by the signal before the new generation became active. */
  completed: boolean;
  resumed: boolean;
  documents: number;
  generation: string;
}

async function begin(options: ReindexOptions): Promise<{ state: ReindexState; generation: string; resumed: boolean }> {
  const { db, index } = options;
  const previous = await readReindexState(db);
  if (previous?.phase === 'building' && previous.generation) {
    const { generation } = previous;
    if (!options.restart && (await index.hasGeneration(generation)))
      return { state: previous, generation, resumed: true };
    await index.dropGeneration(generation);
  }
  const { rows } = await sql<{ total: number; start_seq: string }>`
    select count(*)::int as total, coalesce(max(seq), 0)::text as start_seq from search_posts`.execute(db);
  const { total, start_seq } = first(rows, "the read model's size");
  const generation = await index.createGeneration();
  const state: ReindexState = { phase: 'building', generation, cursor: '', done: 0, total, startSeq: start_seq };
  await saveReindexState(db, state);
  return { state, generation, resumed: false };
}

/**
 * Rebuilds the index from the read model into a new generation, batch by batch in id order with the
 * position saved after each, then makes it the active generation in one step: searches keep reading
 * the old one until then. Changes made meanwhile reach the new generation twice over: the feeder writes
 * them there too, and a last pass sends every row changed since the start.
 */
export async function reindex(options: ReindexOptions): Promise<ReindexResult> {
  const { db, index } = options;
  const batchSize = options.batchSize ?? 1000;
  const { state, generation, resumed } = await begin(options);
  options.onProgress?.(state.done, state.total);
  // Two batches are written at a time while the next is read; the position moves only past batches
  // that are written, in order.
  const writing: { last: string; size: number; written: Promise<void> }[] = [];
  const settleOldest = async () => {
    const batch = writing.shift();
    if (!batch) return;
    await batch.written;
    state.cursor = batch.last;
    state.done += batch.size;
    state.total = Math.max(state.total, state.done);
    await saveReindexState(db, state);
    options.onProgress?.(state.done, state.total);
  };
  try {
    const load = (after: string) => {
      const rows = loadDocumentRows(db, sql`p.id > ${after}`, sql`p.id`, batchSize);
      rows.catch(() => {});
      return rows;
    };
    let next = load(state.cursor);
    for (;;) {
      const rows = await next;
      const last = rows.at(-1)?.id;
      if (last === undefined) break;
      next = load(last);
      const written = toDocuments(db, unpurged(rows)).then((documents) => index.write(documents, generation));
      written.catch(() => {});
      writing.push({ last, size: rows.length, written });
      if (writing.length >= 2) await settleOldest();
      if (options.signal?.aborted) {
        while (writing.length > 0) await settleOldest();
        return { completed: false, resumed, documents: state.done, generation };
      }
    }
    while (writing.length > 0) await settleOldest();
  } finally {
    // After a failure, what was sent may or may not be written: the saved position is before it.
    await Promise.allSettled(writing.map((b) => b.written));
  }
  let seq = state.startSeq;
  for (;;) {
    const rows = await loadDocumentRows(db, sql`p.seq > ${seq}::bigint`, sql`p.seq`, batchSize);
    const last = rows.at(-1);
    if (!last) break;
    await index.write(await toDocuments(db, unpurged(rows)), generation);
    seq = last.seq;
  }
  await index.activate(generation);
  await saveReindexState(db, { ...state, phase: 'done' });
  return { completed: true, resumed, documents: state.done, generation };
}
