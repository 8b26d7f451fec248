import type { Language } from '@agora/contracts';
import { type Actor, isStaff, ReadModelCache, type ServiceContext } from '@agora/platform';
import { bookmarkPage } from './bookmarks';
import { rankPage, votePage } from './history';
import { userIdOf } from './members';

interface Paging {
  page: number;
  page_size: number;
}

/**
 * The profile tabs votes owns — a member's reputation history, the caller's votes and bookmarks — kept until
 * votes' read models change (platform ChangeFeed; the site settings and members' cards are among them), as posts
 * keeps its tabs. Pages are kept per member, page and language, and bookmarks per viewer and role too, since
 * hidden questions show to their author and the staff.
 */
export class PersonalReads {
  private readonly cache: ReadModelCache<unknown>;

  constructor(private readonly context: ServiceContext) {
    const limits = context.config.cacheLimits;
    this.cache = new ReadModelCache(context.changes, limits.read_entries, limits.read_mb * 2 ** 20);
  }

  private get db() {
    return this.context.database.db;
  }

  private cached<T>(key: string, load: () => Promise<T>): Promise<T> {
    return this.cache.get(key, load) as Promise<T>;
  }

  /** `personal/collection/page`: the viewer's bookmarks. */
  bookmarks(viewer: Actor, paging: Paging) {
    const key = `bookmarks:${viewer.id}:${isStaff(viewer)}:${paging.page}:${paging.page_size}`;
    // The settings are read inside the load, so they are at least as new as the version the page is kept under.
    return this.cached(key, async () => bookmarkPage(this.db, viewer, paging, await this.context.siteSettings()));
  }

  /** `personal/vote/page`: the member's active votes. */
  votes(userId: string, paging: Paging, language: Language) {
    const key = `votes:${userId}:${paging.page}:${paging.page_size}:${language}`;
    return this.cached(key, () => votePage(this.db, userId, paging, language));
  }

  /** `personal/rank/page`: the reputation history of the member a username names (404 for nobody). */
  async rankOf(username: string, paging: Paging, language: Language) {
    const userId = await this.cached(`member:${username.toLowerCase()}`, () => userIdOf(this.db, username));
    return this.rank(userId, paging, language);
  }

  /** `personal/rank/page` of a member by id. */
  rank(userId: string, paging: Paging, language: Language) {
    const key = `rank:${userId}:${paging.page}:${paging.page_size}:${language}`;
    return this.cached(key, () => rankPage(this.db, userId, paging, language));
  }
}
