import type { SiteSettings } from '@agora/contracts';
import { type Db, RoleSql } from '@agora/platform';
import { sql } from 'kysely';
import { type ActorCardRow, avatarOf } from './authors';

const TOP = 20;
const WINDOW = sql`now() - interval '7 days'`;

type Ranked = ActorCardRow & { score: number };

/**
 * `user/ranking`, over the last 7 days, 20 each: the most reputation gained (net, above
 * 0), the most votes and acceptances (cast and received; comments' up-votes count for the voter), and
 * every admin and moderator with their total reputation. Deleted users are left out.
 */
export async function userRanking(db: Db, settings: SiteSettings) {
  const [reputation, votes, staff] = await Promise.all([
    sql<Ranked>`
      select a.*, r.score from (
        select user_id, sum(amount)::int as score from ledger_entries
        where state = 'active' and granted_at > ${WINDOW} and reason not in ('user.created', 'adjusted')
        group by user_id having sum(amount) > 0
      ) r join actors a on a.user_id = r.user_id
      where a.status <> 'deleted'
      order by r.score desc, a.user_id limit ${TOP}`.execute(db),
    sql<Ranked>`
      select a.*, r.score from (
        select user_id, count(*)::int as score from (
          select user_id from votes where voted_at > ${WINDOW}
          union all
          select owner_id from votes where voted_at > ${WINDOW} and object_type <> 'comment'
          union all
          select user_id from ledger_entries
          where reason in ('answer.accept', 'answer.accepted') and state = 'active' and granted_at > ${WINDOW}
        ) acts group by user_id
      ) r join actors a on a.user_id = r.user_id
      where a.status <> 'deleted'
      order by r.score desc, a.user_id limit ${TOP}`.execute(db),
    sql<Ranked>`
      select a.*, 0 as score from actors a where a.role_id in (${RoleSql.admin}, ${RoleSql.moderator}) and a.status <> 'deleted'
      order by a.rank desc, a.user_id`.execute(db),
  ]);
  const item = (row: Ranked, rank: number, voteCount: number) => ({
    username: row.username,
    display_name: row.display_name,
    avatar: avatarOf(row, settings),
    rank,
    vote_count: voteCount,
  });
  return {
    users_with_the_most_reputation: reputation.rows.map((r) => item(r, r.score, 0)),
    users_with_the_most_vote: votes.rows.map((r) => item(r, r.rank, r.score)),
    staffs: staff.rows.map((r) => item(r, r.rank, 0)),
  };
}
