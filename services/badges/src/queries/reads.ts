import {
  type AdminBadge,
  BADGE_GROUPS,
  BADGES,
  type BadgeAwardItem,
  type BadgeDefinition,
  type BadgeGroupList,
  type BadgeInfo,
  type BadgeStatus,
  badgeById,
  badgeGroupName,
  badgeName,
  type Language,
  type Page,
  type UserBadgeAward,
} from '@agora/contracts';
import { type Actor, type Db, errors, loadAuthorCards, type ServiceContext } from '@agora/platform';
import { adminBadge, awardItem, badgeInfo, badgeListInfo, userBadgeAward } from '../responses/badges';
import { awardPage, heldBadges } from './awards';
import { type BadgeFacts, loadBadgeFacts } from './badge-facts';
import { memberIdByUsername } from './members';

/** The read side of badges: the catalogue, a badge, its awards, a member's badges, the admin list. */
export class BadgeReads {
  readonly db: Db;

  constructor(private readonly context: ServiceContext) {
    this.db = context.database.db;
  }

  /** A badge the public may see: a catalogue badge that is active; anything else is a 404. */
  private visible(id: string, facts: BadgeFacts): BadgeDefinition {
    const badge = badgeById(id);
    if (!badge || facts.statusOf(badge.id) !== 'active') throw errors.notFound('error.badge.not_found');
    return badge;
  }

  /** `GET badges`: the active badges by group, in catalogue order, with the caller's earned counts. */
  async catalogue(actor: Actor | null, language: Language): Promise<BadgeGroupList[]> {
    const facts = await loadBadgeFacts(this.db, actor?.id ?? null);
    return BADGE_GROUPS.map((group) => ({
      group_name: badgeGroupName(language, group),
      badges: BADGES.filter((b) => b.group === group && facts.statusOf(b.id) === 'active').map((b) =>
        badgeListInfo(b, facts, language),
      ),
    })).filter((group) => group.badges.length > 0);
  }

  /** `GET badge?id=`. */
  async badge(id: string, actor: Actor | null, language: Language): Promise<BadgeInfo> {
    const facts = await loadBadgeFacts(this.db, actor?.id ?? null);
    return badgeInfo(this.visible(id, facts), facts, language);
  }

  /** `GET badge/awards/page`: a badge's awards, newest first, optionally only one member's. */
  async awards(query: {
    badgeId: string;
    username?: string;
    page: number;
    pageSize: number;
  }): Promise<Page<BadgeAwardItem>> {
    const facts = await loadBadgeFacts(this.db, null);
    const badge = this.visible(query.badgeId, facts);
    const userId = query.username ? await memberIdByUsername(this.db, query.username) : null;
    const { count, rows } = await awardPage(this.db, { ...query, badgeId: badge.id, userId });
    const cards = await loadAuthorCards(
      this.db,
      rows.map((r) => r.user_id),
      await this.context.siteSettings(),
    );
    return { count, list: rows.map((row) => awardItem(row, cards.get(row.user_id))) };
  }

  /** `GET badge/user/awards[/recent]`: the active badges a member holds, latest first, at most `limit`. */
  async memberBadges(username: string, language: Language, limit?: number): Promise<Page<UserBadgeAward>> {
    const userId = await memberIdByUsername(this.db, username);
    const [facts, held] = await Promise.all([loadBadgeFacts(this.db, null), heldBadges(this.db, userId)]);
    const list = held.flatMap((row) => {
      const badge = badgeById(row.badge_id);
      return badge && facts.statusOf(badge.id) === 'active' ? [userBadgeAward(badge, row.earned_count, language)] : [];
    });
    const shown = limit === undefined ? list : list.slice(0, limit);
    return { count: shown.length, list: shown };
  }

  /** `GET {admin}/badges`: every badge, filtered by status and by name or key, a page of them. */
  async adminList(
    query: { page: number; pageSize: number; status?: BadgeStatus | ''; q?: string },
    language: Language,
  ): Promise<Page<AdminBadge>> {
    const facts = await loadBadgeFacts(this.db, null);
    const words = (query.q ?? '').trim().toLowerCase();
    const matching = BADGES.filter(
      (b) =>
        (!query.status || facts.statusOf(b.id) === query.status) &&
        (!words || badgeName(language, b).toLowerCase().includes(words) || b.key.includes(words)),
    );
    const start = (query.page - 1) * query.pageSize;
    return {
      count: matching.length,
      list: matching.slice(start, start + query.pageSize).map((b) => adminBadge(b, facts, language)),
    };
  }
}
