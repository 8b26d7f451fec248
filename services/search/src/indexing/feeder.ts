import { setTimeout as sleep } from 'node:timers/promises';
import { type ChangeSignal, type Db, Wakeup } from '@agora/platform';
import { sql } from 'kysely';
import type { Logger } from 'pino';
import type { SearchIndex } from '../search-index/port';
import { loadDocumentRows, toDocuments } from './documents';
import { buildingGeneration } from './reindex-state';

export interface FeederOptions {
  db: Db;
  /** The index, prepared (a failure, such as OpenSearch being unreachable, is retried with back-off). */
  index: () => Promise<SearchIndex>;
  log: Logger;
  /** Wakes the feeder when the read model changed (this process's commits and other replicas'). */
  changes?: ChangeSignal;
  batchSize?: number;
}

/**
 * Ships changed documents from the read model to the index: rows the projections marked dirty, oldest
 * change first, written with their version (so shipping twice, or from two replicas, is harmless) and
 * marked clean only if they did not change meanwhile. While a reindex builds a new generation, every
 * change also goes there, so the new generation misses nothing when it becomes the active one.
 */
export class IndexFeeder {
  private stopped = false;
  private loop: Promise<void> | null = null;
  private readonly batchSize: number;
  private readonly wakeup = new Wakeup();

  constructor(private readonly options: FeederOptions) {
    this.batchSize = options.batchSize ?? 500;
  }

  start(): void {
    this.loop ??= this.run();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.wakeup.wake();
    await this.loop;
    this.loop = null;
  }

  /** Ships one batch; returns how many documents it shipped. */
  async shipOnce(): Promise<number> {
    const { db } = this.options;
    const index = await this.options.index();
    const building = await buildingGeneration(db);
    const rows = await loadDocumentRows(db, sql`p.dirty`, sql`p.seq`, this.batchSize);
    if (rows.length === 0) return 0;
    const purged = rows.filter((r) => r.purged);
    const kept = rows.filter((r) => !r.purged);
    const documents = await toDocuments(db, kept);
    await index.write(documents);
    if (building) await index.write(documents, building);
    const purgedIds = purged.map((r) => r.id);
    await index.remove(purgedIds);
    if (building) await index.remove(purgedIds, building);
    // Rows still at the version shipped; one a projection batch is changing right now is skipped, not waited for
    // (waiting deadlocked with a batch locking rows in another order): its change gives it a new version, shipped next.
    const shipped = (list: typeof rows) => sql`
      select t.id from search_posts t
      join unnest(${list.map((r) => r.id)}::text[], ${list.map((r) => r.seq)}::bigint[]) as s(id, seq)
        on t.id = s.id and t.seq = s.seq
      for update of t skip locked`;
    await sql`with done as (${shipped(kept)}) update search_posts p set dirty = false from done where p.id = done.id`.execute(
      db,
    );
    // A purged post's row goes once its document is gone (docs/adr/0078-purging-in-an-event-sourced-system.md).
    await sql`with done as (${shipped(purged)}) delete from search_posts p using done where p.id = done.id`.execute(db);
    return rows.length;
  }

  /** Ships until nothing waits (tests, benchmarks, the reindex command). */
  async drain(): Promise<number> {
    let shipped = 0;
    for (;;) {
      const n = await this.shipOnce();
      shipped += n;
      if (n === 0) return shipped;
    }
  }

  /**
   * Ships whenever the read model changed: the change feed announces every commit to `search_posts` (a
   * statement trigger, and this process's own projection batches), so while it listens the feeder sleeps
   * until then (docs/adr/0048-idle-costs-nothing.md). Without a change feed, or while it cannot hear, it looks
   * ten times a second.
   */
  private async run(): Promise<void> {
    const stopWatching = this.options.changes?.onChange(() => this.wakeup.wake());
    let failures = 0;
    try {
      while (!this.stopped) {
        let again = false;
        try {
          // A full batch means more are waiting: go on at once.
          again = (await this.shipOnce()) === this.batchSize;
          failures = 0;
        } catch (error) {
          if (this.stopped) break;
          failures++;
          this.options.log.error({ err: error, failures }, 'search index feeder failed; retrying');
          await sleep(Math.min(5000, 100 * 2 ** failures));
          continue;
        }
        if (again || this.stopped) continue;
        const hearing = (this.options.changes?.version ?? null) !== null;
        await this.wakeup.wait(hearing ? undefined : 100);
      }
    } finally {
      stopWatching?.();
    }
  }
}
