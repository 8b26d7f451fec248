const COUNT_TTL_MS = 2000;
const MAX_FILTERS = 10_000;

/**
 * How many questions each list filter had, kept for two seconds (see `questionPage`): one instance's
 * memory, owned by its read side (`PostsReads`).
 */
export class ListCounts {
  private readonly counts = new Map<string, { n: number; at: number }>();

  /** The count kept for a filter, while it is fresh. */
  fresh(key: string): number | undefined {
    const kept = this.counts.get(key);
    return kept && Date.now() - kept.at < COUNT_TTL_MS ? kept.n : undefined;
  }

  remember(key: string, n: number): void {
    if (this.counts.size > MAX_FILTERS) this.counts.clear();
    this.counts.set(key, { n, at: Date.now() });
  }
}
