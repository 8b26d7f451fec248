import { ObjectPurged, ReputationChanged, VoteCancelled, VoteCast } from '@agora/contracts';
import { LINGERING, type Projection, type StoredEvent, type Tx } from '@agora/platform';
import { sql } from 'kysely';
import { DASHBOARD_TOPIC } from './topic';

interface VoteData {
  object_id: string;
  object_type: string;
  user_id: string;
}

async function apply(event: StoredEvent, tx: Tx): Promise<void> {
  if (event.type === ObjectPurged.type) {
    // Votes on a purged post are void and no longer counted (docs/adr/0078-purging-in-an-event-sourced-system.md).
    await sql`delete from dashboard_votes where object_id = ${(event.data as { object_id: string }).object_id}`.execute(
      tx,
    );
    return;
  }
  if (event.type === VoteCast.type || event.type === VoteCancelled.type) {
    const vote = event.data as VoteData;
    const standing = event.type === VoteCast.type;
    // A cancel keeps the time of the vote it takes back; a cast is the vote's new time.
    await sql`
      insert into dashboard_votes (user_id, object_id, object_type, standing, cast_at)
      values (${vote.user_id}, ${vote.object_id}, ${vote.object_type}, ${standing}, ${event.occurredAt})
      on conflict (user_id, object_id) do update
        set standing = excluded.standing,
            cast_at = case when excluded.standing then excluded.cast_at else dashboard_votes.cast_at end`.execute(tx);
    return;
  }
  if (event.type === ReputationChanged.type) {
    const change = event.data as { user_id: string; delta: number };
    if (change.delta === 0) return;
    await sql`
      insert into dashboard_reputation (event_id, user_id, delta, changed_at)
      values (${event.id}, ${change.user_id}, ${change.delta}, ${event.occurredAt})
      on conflict do nothing`.execute(tx);
  }
}

/** Votes' facts the dashboard counts: standing votes, and reputation gained, for the week's top members. */
export const dashboardFromVotes: Projection = {
  name: 'dashboard-from-votes',
  // An admin's counts, a second late at most.
  ...LINGERING,
  source: 'votes',
  events: [VoteCast, VoteCancelled, ReputationChanged, ObjectPurged],
  topics: [DASHBOARD_TOPIC],
  apply,
  async reset(tx) {
    await sql`truncate dashboard_votes, dashboard_reputation`.execute(tx);
  },
};
