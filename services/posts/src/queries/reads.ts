import type { SiteSettings } from '@agora/contracts';
import type { LegacyIdStyle } from '@agora/contracts/import/legacy-ids';
import { ReadModelCache, type ServiceContext } from '@agora/platform';
import { legacyIdStyle } from './legacy-ids';
import { ListCounts } from './list-counts';

/**
 * The posts read side of one instance: the read models' handle, the site settings, and what it keeps
 * of them. A read whose result depends on the read models alone (not on who asks) is kept until they
 * change (platform ChangeFeed: this process's commits at once, other replicas' by NOTIFY).
 */
export class PostsReads {
  private readonly cache: ReadModelCache<unknown>;
  /** The question lists' counts (see `questionPage`). */
  readonly listCounts = new ListCounts();

  constructor(private readonly context: ServiceContext) {
    const limits = context.config.cacheLimits;
    // Replies show view counts too: a flush of them empties the cache, though it moves no version.
    this.cache = new ReadModelCache(context.changes.withTallies(), limits.read_entries, limits.read_mb * 2 ** 20);
  }

  get db() {
    return this.context.database.db;
  }

  settings(): Promise<SiteSettings> {
    return this.context.siteSettings();
  }

  /** The id style of an imported site's old links, or null (kept until the read models change: an import changes them). */
  legacyIdStyle(): Promise<LegacyIdStyle | null> {
    return this.cached('legacy-id-style', () => legacyIdStyle(this.db));
  }

  /** The read models' version as the gateway compares it (ChangeFeed.token). */
  get versionToken(): string | null {
    return this.context.changes.token;
  }

  /** A read kept until the read models change. */
  cached<T>(key: string, load: () => Promise<T>): Promise<T> {
    return this.cache.get(key, load) as Promise<T>;
  }
}
