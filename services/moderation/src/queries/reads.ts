import {
  type Language,
  Limits,
  type Page,
  type PendingPostItem,
  type ReportItem,
  type ReviewingType,
  type SiteSettings,
  translate,
  type UnreviewedRevisionItem,
} from '@agora/contracts';
import { type Actor, type Db, isStaff, ReadModelCache, type ServiceContext } from '@agora/platform';
import { auditableTypes } from '../commands/permissions';
import { heldPostCount, heldPostPage } from './held-posts';
import { type FlagListStatus, flagPage, pendingFlagCount } from './reports';
import { queueItem, skippedBy, waitingIds } from './review-queue';

/**
 * The read side of moderation: flag queues, the review queue and what waits in each. The review queue and the
 * counts behind every reviewer's red dot are kept until moderation's read models change (platform ChangeFeed),
 * so a reviewer's polling costs no query while nothing new waits; what is per reviewer (their skips) is keyed
 * by reviewer.
 */
export class ModerationReads {
  readonly db: Db;
  private readonly cache: ReadModelCache<unknown>;

  constructor(private readonly context: ServiceContext) {
    this.db = context.database.db;
    const limits = context.config.cacheLimits;
    this.cache = new ReadModelCache(context.changes, limits.read_entries, limits.read_mb * 2 ** 20);
  }

  private cached<T>(key: string, load: () => Promise<T>): Promise<T> {
    return this.cache.get(key, load) as Promise<T>;
  }

  settings(): Promise<SiteSettings> {
    return this.context.siteSettings();
  }

  /** `report/unreviewed/post?page=`: one pending flag per page, newest first. */
  async pendingFlag(page: number, language: Language): Promise<Page<ReportItem>> {
    return flagPage(this.db, { status: 'pending', page, pageSize: 1 }, await this.settings(), language);
  }

  /** The admin's flag list: pending or handled, optionally of one object type. */
  async flags(
    query: { status: FlagListStatus; objectType?: string; page: number; pageSize?: number },
    language: Language,
  ): Promise<Page<ReportItem>> {
    return flagPage(
      this.db,
      { ...query, pageSize: query.pageSize ?? Limits.report.adminPageSize },
      await this.settings(),
      language,
    );
  }

  /** `review/pending/post/page`: one held post per page, oldest first (moderators only). */
  async heldPosts(query: { page: number; objectId?: string }, language: Language): Promise<Page<PendingPostItem>> {
    return heldPostPage(this.db, query, await this.settings(), language);
  }

  /** The kinds of suggested edit this reviewer may decide (staff: all). */
  private async reviewable(actor: Actor): Promise<string[]> {
    if (isStaff(actor)) return ['question', 'answer', 'tag'];
    return auditableTypes(actor, await this.settings());
  }

  /** `revisions/unreviewed?page=`: one suggested edit per page, oldest first. */
  async unreviewed(actor: Actor, page: number): Promise<Page<UnreviewedRevisionItem>> {
    const [queue, settings] = await Promise.all([this.queueOf(actor), this.settings()]);
    const id = queue[page - 1];
    const item = id ? await this.cached(`queue-item:${id}`, () => queueItem(this.db, id, settings)) : null;
    return { count: queue.length, list: item ? [item] : [] };
  }

  /**
   * `reviewing/type`: held posts and flagged posts for the staff, and suggested edits for everyone (none for a
   * member who may review none).
   */
  async reviewingTypes(actor: Actor, language: Language): Promise<ReviewingType[]> {
    const label = (name: string) => translate(language, `moderation.reviewing.${name}`);
    const types: ReviewingType[] = [];
    if (isStaff(actor)) {
      const [held, flagged] = await Promise.all([
        this.cached('held-count', () => heldPostCount(this.db)),
        this.cached('flag-count', () => pendingFlagCount(this.db)),
      ]);
      types.push({ name: 'queued_post', label: label('queued_post'), todo_amount: held });
      types.push({ name: 'flagged_post', label: label('flagged_post'), todo_amount: flagged });
    }
    types.push({
      name: 'suggested_post_edit',
      label: label('suggested_post_edit'),
      todo_amount: (await this.queueOf(actor)).length,
    });
    return types;
  }

  /**
   * What waits for this reviewer, in queue order: the queue everyone of these kinds shares, less their own skips
   * (both kept until the read models change, so a page deep in the queue costs one row).
   */
  private async queueOf(actor: Actor): Promise<readonly string[]> {
    const types = await this.reviewable(actor);
    if (types.length === 0) return [];
    const kinds = types.join(',');
    const [ids, skipped] = await Promise.all([
      this.cached(`waiting:${kinds}`, () => waitingIds(this.db, types)),
      this.cached(`skips:${actor.id}`, () => skippedBy(this.db, actor.id)),
    ]);
    if (skipped.length === 0) return ids;
    return this.cached(`queue:${actor.id}:${kinds}`, async () => {
      const out = new Set(skipped);
      return ids.filter((id) => !out.has(id));
    });
  }
}
