import type { SiteSettings } from '@agora/contracts';
import { ReadModelCache, type ServiceContext } from '@agora/platform';
import { suggestTags } from './suggestions';
import { TagNameIndex } from './tag-name-index';
import { markFollowed, type TagPage, type TagPageQuery, tagPage } from './tag-page';

/**
 * The tag lists, kept until the tags read model changes (platform ChangeFeed: this process's commits
 * at once, other replicas' by NOTIFY), so a busy tag page or a popular prefix costs one query per change.
 * Only what is the same for every viewer is kept; the viewer's follows are read per request.
 */
export class TagReads {
  private readonly cache: ReadModelCache<unknown>;
  private readonly names: TagNameIndex;

  constructor(readonly context: ServiceContext) {
    const limits = context.config.cacheLimits;
    this.cache = new ReadModelCache(context.changes, limits.read_entries, limits.read_mb * 2 ** 20);
    this.names = new TagNameIndex(context.database.db, context.changes);
  }

  /** Loads the tag names at start, so no visitor waits for the first load of every tag name. */
  warm(): void {
    void this.names
      .current()
      .catch((error) => this.context.log.warn({ err: error }, 'tag name index: first load failed'));
  }

  get db() {
    return this.context.database.db;
  }

  settings(): Promise<SiteSettings> {
    return this.context.siteSettings();
  }

  async page(query: TagPageQuery, viewerId: string | undefined): Promise<TagPage> {
    const settings = await this.settings();
    const key = `page:${query.query_cond}:${query.page}:${query.page_size}:${query.filter?.trim().toLowerCase() ?? ''}`;
    const page = (await this.cache.get(key, async () =>
      tagPage(this.db, query, settings, query.filter?.trim() ? await this.names.current() : null),
    )) as TagPage;
    return markFollowed(this.db, page, viewerId);
  }

  async suggestions(typed: string) {
    const settings = await this.settings();
    const key = `suggest:${typed.replace(/;/g, '').trim().toLowerCase()}`;
    return (await this.cache.get(key, async () =>
      suggestTags(this.db, typed, settings, await this.names.current()),
    )) as Awaited<ReturnType<typeof suggestTags>>;
  }
}
