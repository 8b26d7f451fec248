import { type PrivilegeLevel, privilegeThresholds, type RedDot, type SiteSettings } from '@agora/contracts';
import { type Actor, type Db, isStaff, type UserCache } from '@agora/platform';
import { sql } from 'kysely';

export interface Counters {
  inbox: number;
  achievement: number;
}

const AUDITS = ['question.audit', 'answer.audit', 'tag.audit'] as const;
const auditThresholds = new Map<number, number>();

/** The least reputation that reviews any kind of edit at a privilege level (behaviour §2c), computed once. */
function auditThreshold(level: number): number {
  let threshold = auditThresholds.get(level);
  if (threshold === undefined) {
    const thresholds = privilegeThresholds(level as PrivilegeLevel);
    const values = AUDITS.map((p) => thresholds[p] ?? -1).filter((v) => v >= 0);
    threshold = values.length ? Math.min(...values) : -1;
    auditThresholds.set(level, threshold);
  }
  return threshold;
}

/**
 * `notification/status`, polled every 3 s by every open tab: the user's counter row (one primary-key
 * read, kept in memory until it changes), never a count over the inbox. `can_revision`: the caller may
 * review some edits (staff, or reputation, behaviour §3c); the review queue's count and badge awards
 * belong to services not built yet, so they are 0 and null.
 */
export async function redDot(
  db: Db,
  cache: UserCache<Counters>,
  actor: Actor,
  settings: SiteSettings,
): Promise<RedDot> {
  const counters = await cache.get(actor.id, '', async () => {
    const { rows } = await sql<{ inbox: number; achievement: number }>`
      select inbox, achievement from notification_counters where user_id = ${actor.id}`.execute(db);
    return { inbox: rows[0]?.inbox ?? 0, achievement: rows[0]?.achievement ?? 0 };
  });
  const threshold = auditThreshold(settings.privileges.level);
  return {
    inbox: counters.inbox,
    achievement: counters.achievement,
    revision: 0,
    can_revision: isStaff(actor) || (threshold >= 0 && actor.rank >= threshold),
    badge_award: null,
  };
}
