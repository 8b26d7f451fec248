import { BADGE_STATUSES, type BadgeStatus } from '@agora/contracts';
import { type Db, first } from '@agora/platform';
import { sql } from 'kysely';

/** What the catalogue screens need to know of every badge, read in one statement. */
export interface BadgeFacts {
  /** A badge's current status; a badge never switched is active. */
  statusOf(badgeId: string): BadgeStatus;
  awardCount(badgeId: string): number;
  /** How often the member asked about earned it (0 for nobody). */
  earnedCount(badgeId: string): number;
}

type Counts = Record<string, number>;

/**
 * Statuses (the latest change of each badge), award counts, and the member's earned counts, as JSON
 * objects from one statement: fourteen badges, so no query per badge.
 */
export async function loadBadgeFacts(db: Db, userId: string | null): Promise<BadgeFacts> {
  const { rows } = await sql<{ statuses: Record<string, string>; counts: Counts; earned: Counts }>`
    select
      (select coalesce(jsonb_object_agg(badge_id, status), '{}') from (
         select distinct on (badge_id) badge_id, status from badge_status_history
         order by badge_id, changed_at desc, event_id desc) s) as statuses,
      (select coalesce(jsonb_object_agg(badge_id, award_count), '{}') from badge_award_counts) as counts,
      (select coalesce(jsonb_object_agg(badge_id, n), '{}') from (
         select badge_id, count(*)::int as n from badge_awards
         where user_id = ${userId ?? ''} and not withdrawn group by badge_id) e) as earned`.execute(db);
  const { statuses, counts, earned } = first(rows, 'the badge facts');
  return {
    statusOf: (id) =>
      (BADGE_STATUSES as readonly string[]).includes(statuses[id] ?? '') ? (statuses[id] as BadgeStatus) : 'active',
    awardCount: (id) => counts[id] ?? 0,
    earnedCount: (id) => earned[id] ?? 0,
  };
}
