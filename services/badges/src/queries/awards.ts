import type { Db } from '@agora/platform';
import { sql } from 'kysely';

export interface AwardRow {
  award_id: string;
  user_id: string;
  object_id: string;
  object_type: string;
  question_id: string;
  answer_id: string;
  awarded_at: Date;
  url_title: string | null;
}

/** One page of a badge's awards, newest first, optionally one member's; with the count. */
export async function awardPage(
  db: Db,
  query: { badgeId: string; userId: string | null; page: number; pageSize: number },
): Promise<{ count: number; rows: AwardRow[] }> {
  const member = query.userId === null ? sql`true` : sql`a.user_id = ${query.userId}`;
  const [{ rows: counted }, { rows }] = await Promise.all([
    sql<{ count: number }>`
      select count(*)::int as count from badge_awards a
      where a.badge_id = ${query.badgeId} and not a.withdrawn and ${member}`.execute(db),
    sql<AwardRow>`
      select a.award_id, a.user_id, a.object_id, a.object_type, a.question_id, a.answer_id, a.awarded_at,
             q.url_title
      from badge_awards a
      left join post_index q on q.object_id = a.question_id
      where a.badge_id = ${query.badgeId} and not a.withdrawn and ${member}
      order by a.awarded_at desc, a.award_id desc
      limit ${query.pageSize} offset ${(query.page - 1) * query.pageSize}`.execute(db),
  ]);
  return { count: counted[0]?.count ?? 0, rows };
}

export interface HeldBadgeRow {
  badge_id: string;
  earned_count: number;
}

/** The badges a member holds, and how often, the most recently earned first. */
export async function heldBadges(db: Db, userId: string): Promise<HeldBadgeRow[]> {
  const { rows } = await sql<HeldBadgeRow>`
    select badge_id, count(*)::int as earned_count from badge_awards
    where user_id = ${userId} and not withdrawn
    group by badge_id
    order by max(awarded_at) desc, badge_id`.execute(db);
  return rows;
}
