import {
  badgeById,
  badgeName,
  type Language,
  type PrivilegeSettings,
  type RedDot,
  type SiteSettings,
  thresholdsOf,
} from '@agora/contracts';
import { type Actor, type Db, isStaff, type UserCache } from '@agora/platform';
import { sql } from 'kysely';

export interface Counters {
  inbox: number;
  achievement: number;
  /** The oldest unread badge award: the pop-up. */
  badgeAward: { notificationId: string; badgeId: string } | null;
}

const AUDITS = ['question.audit', 'answer.audit', 'tag.audit'] as const;
const auditThresholds = new WeakMap<object, number>();

/** The least reputation that reviews any kind of edit under the site's privileges, computed once per setting. */
function auditThreshold(privileges: PrivilegeSettings): number {
  let threshold = auditThresholds.get(privileges);
  if (threshold === undefined) {
    const thresholds = thresholdsOf(privileges);
    const values = AUDITS.map((p) => thresholds[p] ?? -1).filter((v) => v >= 0);
    threshold = values.length ? Math.min(...values) : -1;
    auditThresholds.set(privileges, threshold);
  }
  return threshold;
}

/**
 * `notification/status`, polled every 3 s by every open tab: the user's counter row (one primary-key
 * read, kept in memory until it changes), never a count over the inbox. `can_revision`: the caller may
 * review some edits (staff, or reputation); the review queue's count is moderation's, so
 * it is 0 here and the gateway writes moderation's into the answer (gateway/src/review-count.ts). `badge_award`: the oldest badge award the user has not read, named in the
 * request's language; reading its notification dismisses it.
 */
export async function redDot(
  db: Db,
  cache: UserCache<Counters>,
  actor: Actor,
  settings: SiteSettings,
  language: Language,
): Promise<RedDot> {
  const counters = await cache.get(actor.id, '', async () => {
    const { rows } = await sql<{
      inbox: number | null;
      achievement: number | null;
      award_id: string | null;
      badge_id: string | null;
    }>`
      select c.inbox, c.achievement, b.id as award_id, b.object_id as badge_id
      from (select 1) as one
      left join notification_counters c on c.user_id = ${actor.id}
      left join lateral (
        select n.id, n.object_id from notifications n
        where n.user_id = ${actor.id} and n.action = 'badge_award'
          and not exists (select 1 from notification_reads r where r.notification_id = n.id)
        order by n.created_at, n.id limit 1) as b on true`.execute(db);
    const row = rows[0];
    return {
      inbox: row?.inbox ?? 0,
      achievement: row?.achievement ?? 0,
      badgeAward: row?.award_id && row.badge_id ? { notificationId: row.award_id, badgeId: row.badge_id } : null,
    };
  });
  const badge = counters.badgeAward ? badgeById(counters.badgeAward.badgeId) : undefined;
  const threshold = auditThreshold(settings.privileges);
  return {
    inbox: counters.inbox,
    achievement: counters.achievement,
    revision: 0,
    can_revision: isStaff(actor) || (threshold >= 0 && actor.rank >= threshold),
    badge_award:
      badge && counters.badgeAward
        ? {
            notification_id: counters.badgeAward.notificationId,
            badge_id: badge.id,
            name: badgeName(language, badge),
            icon: badge.icon,
            level: badge.level,
          }
        : null,
  };
}
