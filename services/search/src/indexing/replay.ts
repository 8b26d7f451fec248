import { setTimeout as sleep } from 'node:timers/promises';
import type { Db, ProjectionRunner } from '@agora/platform';
import { readReindexState, saveReindexState } from './reindex-state';

export interface ReplayOptions {
  db: Db;
  /** A runner over (at least) the search projections, not started. */
  runner: ProjectionRunner;
  /** The projections that make the read model (`searchReadModelProjections`). */
  projections: string[];
  restart?: boolean;
  onProgress?: (done: number, total: number) => void;
  signal?: AbortSignal;
}

async function lagOf(runner: ProjectionRunner, names: string[]): Promise<number> {
  const status = await runner.status();
  return status.filter((s) => names.includes(s.name)).reduce((sum, s) => sum + s.lag, 0);
}

/**
 * Rebuilds search's read model from the events: every search projection replays its producer's log
 * from position zero into emptied tables. Positions are saved with each batch, so an interrupted replay
 * resumes where it stopped instead of starting over (unless `restart`). Returns whether it finished.
 */
export async function replayReadModel(options: ReplayOptions): Promise<boolean> {
  const { db, runner, projections } = options;
  const state = await readReindexState(db);
  if (state?.phase !== 'replaying' || options.restart) {
    for (const name of projections) await runner.rebuild(name);
    await saveReindexState(db, { phase: 'replaying', generation: null, cursor: '', done: 0, total: 0, startSeq: '0' });
  }
  await runner.start();
  try {
    const total = Math.max(await lagOf(runner, projections), 1);
    for (;;) {
      const lag = await lagOf(runner, projections);
      options.onProgress?.(Math.max(0, total - lag), total);
      if (lag === 0) break;
      if (options.signal?.aborted) return false;
      await sleep(250);
    }
  } finally {
    await runner.stop();
  }
  await saveReindexState(db, { phase: 'done', generation: null, cursor: '', done: 0, total: 0, startSeq: '0' });
  return true;
}
