import { ViewsCounted } from '@agora/contracts';
import type { ServiceContext } from '@agora/platform';
import { applyPostsEvent } from '../projections/posts/read-model';

const FLUSH_MS = 5000;
const SEEN_LIMIT = 100_000;

/**
 * Question views without a database write per view: counted in memory and recorded every few seconds
 * as one event (so a rebuild keeps them), applied to the read model in the same transaction. Unique
 * views count the first view of a viewer (user or address) per process. The flush is timed from the first
 * view since the last one, so a site nobody reads sets no timer at all.
 */
export class ViewCounter {
  private views = new Map<string, number>();
  private unique = new Map<string, number>();
  private readonly seen = new Set<string>();
  private timer: NodeJS.Timeout | null = null;
  private running = false;

  constructor(private readonly context: ServiceContext) {}

  record(questionId: string, viewer: string): void {
    this.views.set(questionId, (this.views.get(questionId) ?? 0) + 1);
    this.schedule();
    const key = `${questionId}:${viewer}`;
    if (!this.seen.has(key)) {
      if (this.seen.size >= SEEN_LIMIT) this.seen.clear();
      this.seen.add(key);
      this.unique.set(questionId, (this.unique.get(questionId) ?? 0) + 1);
    }
  }

  start(): void {
    this.running = true;
    this.schedule();
  }

  /** A flush FLUSH_MS from now, unless one is due already or nothing waits. */
  private schedule(): void {
    if (!this.running || this.timer || this.views.size === 0) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      this.flush()
        .catch((error) => this.context.log.warn({ err: error }, 'view counts not flushed'))
        // Counts kept after a failed flush, or recorded during it, wait for the next one.
        .finally(() => this.schedule());
    }, FLUSH_MS);
    this.timer.unref();
  }

  async flush(): Promise<void> {
    if (this.views.size === 0) return;
    const views = this.views;
    const unique = this.unique;
    this.views = new Map();
    this.unique = new Map();
    const counts = [...views].map(([id, count]) => ({
      question_id: id,
      views: count,
      unique_views: unique.get(id) ?? 0,
    }));
    try {
      await this.context.database.db.transaction().execute(async (tx) => {
        const { events } = await this.context.store.append(
          'question-views',
          'any',
          [{ type: ViewsCounted.type, data: { counts } }],
          {},
          tx,
        );
        for (const event of events) await applyPostsEvent(tx, event);
      });
      this.context.changes.changed();
    } catch (error) {
      // Keep the counts for the next flush rather than lose them.
      for (const [id, n] of views) this.views.set(id, (this.views.get(id) ?? 0) + n);
      for (const [id, n] of unique) this.unique.set(id, (this.unique.get(id) ?? 0) + n);
      throw error;
    }
  }

  async stop(): Promise<void> {
    this.running = false;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.flush().catch(() => {});
  }
}
