import type { Db } from '@agora/platform';
import { sql } from 'kysely';

/**
 * Where a reindex stands, kept in one row so that an interrupted run resumes: `replaying` while the
 * read model is rebuilt from the events, `building` while documents go into a new generation (up to
 * `cursor`), `done` once it is active.
 */
export interface ReindexState {
  phase: 'replaying' | 'building' | 'done';
  generation: string | null;
  cursor: string;
  done: number;
  total: number;
  startSeq: string;
}

const NAME = 'posts';

export async function readReindexState(db: Db): Promise<ReindexState | null> {
  const { rows } = await sql<{
    phase: ReindexState['phase'];
    generation: string | null;
    cursor: string;
    done: number;
    total: number;
    start_seq: string;
  }>`select phase, generation, cursor, done, total, start_seq from search_reindex where name = ${NAME}`.execute(db);
  const row = rows[0];
  return row
    ? {
        phase: row.phase,
        generation: row.generation,
        cursor: row.cursor,
        done: row.done,
        total: row.total,
        startSeq: row.start_seq,
      }
    : null;
}

export async function saveReindexState(db: Db, state: ReindexState): Promise<void> {
  await sql`
    insert into search_reindex (name, phase, generation, cursor, done, total, start_seq, started_at, updated_at)
    values (${NAME}, ${state.phase}, ${state.generation}, ${state.cursor}, ${state.done}, ${state.total},
            ${state.startSeq}, now(), now())
    on conflict (name) do update set phase = excluded.phase, generation = excluded.generation, cursor = excluded.cursor,
      done = excluded.done, total = excluded.total, start_seq = excluded.start_seq, updated_at = now(),
      started_at = case when search_reindex.phase = 'done' then now() else search_reindex.started_at end`.execute(db);
}

/** The generation a reindex is building, which the feeder writes every change to as well. */
export async function buildingGeneration(db: Db): Promise<string | null> {
  const { rows } = await sql<{ generation: string }>`
    select generation from search_reindex where name = ${NAME} and phase = 'building'`.execute(db);
  return rows[0]?.generation ?? null;
}
