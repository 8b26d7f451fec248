import {
  type Language,
  Limits,
  type Page,
  type ReportItem,
  type ReviewingType,
  type SiteSettings,
  translate,
  type UnreviewedRevisionItem,
} from '@agora/contracts';
import { type Actor, type Db, isStaff, type ServiceContext } from '@agora/platform';
import { auditableTypes } from '../commands/permissions';
import { type FlagListStatus, flagPage, pendingFlagCount } from './reports';
import { unreviewedPage, waitingCount } from './review-queue';

/** The read side of moderation: flag queues, the review queue and what waits in each. */
export class ModerationReads {
  readonly db: Db;

  constructor(private readonly context: ServiceContext) {
    this.db = context.database.db;
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

  /** The kinds of suggested edit this reviewer may decide (staff: all). */
  private async reviewable(actor: Actor): Promise<string[]> {
    if (isStaff(actor)) return ['question', 'answer', 'tag'];
    return auditableTypes(actor, await this.settings());
  }

  /** `revisions/unreviewed?page=`. */
  async unreviewed(actor: Actor, page: number): Promise<Page<UnreviewedRevisionItem>> {
    return unreviewedPage(this.db, actor.id, await this.reviewable(actor), page, await this.settings());
  }

  /**
   * `reviewing/type`: flagged posts for the staff, and suggested edits for everyone (none for a member who
   * may review none). Held posts are not kept yet (docs/behaviour-decisions.md).
   */
  async reviewingTypes(actor: Actor, language: Language): Promise<ReviewingType[]> {
    const label = (name: string) => translate(language, `moderation.reviewing.${name}`);
    const types: ReviewingType[] = [];
    if (isStaff(actor)) {
      types.push({ name: 'flagged_post', label: label('flagged_post'), todo_amount: await pendingFlagCount(this.db) });
    }
    types.push({
      name: 'suggested_post_edit',
      label: label('suggested_post_edit'),
      todo_amount: await waitingCount(this.db, actor.id, await this.reviewable(actor)),
    });
    return types;
  }
}
