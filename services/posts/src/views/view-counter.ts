import { type NewEvent, QuestionSharesVisited, ViewsCounted } from '@agora/contracts';
import { CHANGE_TOPIC_SETTING, type ServiceContext, TALLIES_TOPIC } from '@agora/platform';
import { sql } from 'kysely';
import { applyPostsEvent } from '../projections/posts/read-model';

const FLUSH_MS = 5000;
const SEEN_LIMIT = 100_000;

/**
 * Question views without a database write per view: counted in memory and recorded every few seconds
 * as one event (so a rebuild keeps them), applied to the read model in the same transaction. Unique
 * views count the first view of a viewer (user or address) per process. The flush is timed from the first
 * view since the last one, so a site nobody reads sets no timer at all. Visits through a member's share
 * link are recorded with the views (`posts.question_shares_visited`): once per question, sharer and
 * viewer per process, never the sharer's own.
 */
export class ViewCounter {
  private views = new Map<string, number>();
  private unique = new Map<string, number>();
  private shares = new Map<string, { question_id: string; sharer_id: string }>();
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

  /** A view through `sharerId`'s share link (the view itself is recorded apart). */
  recordShare(questionId: string, sharerId: string, viewer: string): void {
    if (sharerId === viewer) return;
    const key = `share:${questionId}:${sharerId}:${viewer}`;
    if (this.seen.has(key)) return;
    if (this.seen.size >= SEEN_LIMIT) this.seen.clear();
    this.seen.add(key);
    this.shares.set(`${questionId}:${sharerId}`, { question_id: questionId, sharer_id: sharerId });
    this.schedule();
  }

  start(): void {
    this.running = true;
    this.schedule();
  }

  /** A flush FLUSH_MS from now, unless one is due already or nothing waits. */
  private schedule(): void {
    if (!this.running || this.timer || (this.views.size === 0 && this.shares.size === 0)) return;
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
    if (this.views.size === 0 && this.shares.size === 0) return;
    const views = this.views;
    const unique = this.unique;
    const shares = this.shares;
    this.views = new Map();
    this.unique = new Map();
    this.shares = new Map();
    const counts = [...views].map(([id, count]) => ({
      question_id: id,
      views: count,
      unique_views: unique.get(id) ?? 0,
    }));
    try {
      await this.context.database.db.transaction().execute(async (tx) => {
        // Counts, not content: announced as tallies, so kept pages and versions stay (docs/adr/0071-public-page-caching.md).
        await sql`select set_config(${CHANGE_TOPIC_SETTING}, ${TALLIES_TOPIC}, true)`.execute(tx);
        const recorded: NewEvent[] = [];
        if (counts.length > 0) recorded.push({ type: ViewsCounted.type, data: { counts } });
        if (shares.size > 0)
          recorded.push({ type: QuestionSharesVisited.type, data: { visits: [...shares.values()] } });
        const { events } = await this.context.store.append('question-views', 'any', recorded, {}, tx);
        for (const event of events) await applyPostsEvent(tx, event);
      });
      this.context.changes.changed([TALLIES_TOPIC]);
    } catch (error) {
      // Keep the counts for the next flush rather than lose them.
      for (const [id, n] of views) this.views.set(id, (this.views.get(id) ?? 0) + n);
      for (const [id, n] of unique) this.unique.set(id, (this.unique.get(id) ?? 0) + n);
      for (const [key, visit] of shares) this.shares.set(key, visit);
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
