/** What tells a cache whether changes can be heard now, and when everything it heard before is void. */
export interface ChangeAnnouncer {
  readonly listening: boolean;
  onReset(handler: () => void): void;
}

/** A ChangeAnnouncer that also names the keys of a keyed topic's changed rows (ChangeFeed.onKeyChanged). */
export interface KeyedChangeAnnouncer extends ChangeAnnouncer {
  onKeyChanged(topic: string, handler: (key: string) => void): void;
}

/**
 * Rows about one user kept in memory until a change of that user is announced (`evict`). A load that
 * overlapped an eviction of its user is returned but not kept, so an announcement is never lost; while
 * the listener is not listening nothing is cached. Entries under one user may differ by a sub-key (a
 * session).
 */
export class UserCache<V> {
  private readonly entries = new Map<string, Map<string, V>>();
  private readonly evictedAt = new Map<string, number>();
  private generation = 0;
  /** Loads begun before this generation are not kept (after a reset). */
  private floor = 0;

  constructor(
    private readonly listener: ChangeAnnouncer,
    private readonly maxUsers = 100_000,
  ) {
    listener.onReset(() => this.reset());
  }

  /** A cache whose users are evicted as the keyed announcements of `topic` name them (`#*`: all of them). */
  static following<V>(changes: KeyedChangeAnnouncer, topic: string, maxUsers?: number): UserCache<V> {
    const cache = new UserCache<V>(changes, maxUsers);
    changes.onKeyChanged(topic, (userId) => cache.evict(userId));
    return cache;
  }

  reset(): void {
    this.entries.clear();
    this.evictedAt.clear();
    this.floor = ++this.generation;
  }

  /** The user's rows changed (announced, or written by this process): the next read loads them. */
  evict(userId: string): void {
    if (userId === '*') {
      this.reset();
      return;
    }
    this.generation++;
    this.entries.delete(userId);
    this.evictedAt.set(userId, this.generation);
    if (this.evictedAt.size > this.maxUsers) this.reset();
  }

  async get(userId: string, subKey: string, load: () => Promise<V>): Promise<V> {
    if (!this.listener.listening) return load();
    const cached = this.entries.get(userId)?.get(subKey);
    if (cached !== undefined) return cached;
    const started = this.generation;
    const value = await load();
    const evicted = this.evictedAt.get(userId) ?? 0;
    if (this.maxUsers > 0 && this.listener.listening && started >= this.floor && evicted <= started) {
      let rows = this.entries.get(userId);
      if (!rows) {
        if (this.entries.size >= this.maxUsers) {
          const oldest = this.entries.keys().next();
          if (!oldest.done) this.entries.delete(oldest.value);
        }
        rows = new Map();
        this.entries.set(userId, rows);
      }
      rows.set(subKey, value);
    }
    return value;
  }
}
