import type { Db, ServiceContext } from '@agora/platform';
import { sql } from 'kysely';

const FLUSH_MS = 5000;
const SEEN_LIMIT = 100_000;

/**
 * Question views without a database write per view: counted in memory and flushed every few seconds
 * in one statement. Unique views count the first view of a viewer (user or address) per process.
 */
export class ViewCounter {
  private views = new Map<string, number>();
  private unique = new Map<string, number>();
  private readonly seen = new Set<string>();
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly db: Db,
    private readonly log: ServiceContext['log'],
  ) {}

  record(questionId: string, viewer: string): void {
    this.views.set(questionId, (this.views.get(questionId) ?? 0) + 1);
    const key = `${questionId}:${viewer}`;
    if (!this.seen.has(key)) {
      if (this.seen.size >= SEEN_LIMIT) this.seen.clear();
      this.seen.add(key);
      this.unique.set(questionId, (this.unique.get(questionId) ?? 0) + 1);
    }
  }

  start(): void {
    this.timer = setInterval(
      () => void this.flush().catch((error) => this.log.warn({ err: error }, 'view counts not flushed')),
      FLUSH_MS,
    );
    this.timer.unref();
  }

  async flush(): Promise<void> {
    if (this.views.size === 0) return;
    const views = this.views;
    const unique = this.unique;
    this.views = new Map();
    this.unique = new Map();
    const ids = [...views.keys()];
    try {
      await sql`
        update questions q set view_count = q.view_count + v.views, unique_view_count = q.unique_view_count + v.uniq
        from unnest(${ids}::text[], ${ids.map((id) => views.get(id)!)}::int[], ${ids.map((id) => unique.get(id) ?? 0)}::int[])
          as v(id, views, uniq)
        where q.id = v.id`.execute(this.db);
    } catch (error) {
      // Keep the counts for the next flush rather than lose them.
      for (const [id, n] of views) this.views.set(id, (this.views.get(id) ?? 0) + n);
      for (const [id, n] of unique) this.unique.set(id, (this.unique.get(id) ?? 0) + n);
      throw error;
    }
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    await this.flush().catch(() => {});
  }
}
