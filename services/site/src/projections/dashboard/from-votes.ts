import { ObjectPurged, ReputationChanged, VoteCancelled, VoteCast } from '@agora/contracts';
import { applyInRuns, type BulkApply, LINGERING, type Projection, type StoredEvent, type Tx } from '@agora/platform';
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

/** A member's votes on one post within a run, folded to what applying them in turn would leave. */
interface FoldedVote extends VoteData {
  standing: boolean;
  /** The run's last cast, which sets the vote's time; null when the run only took the vote back. */
  castAt: string | null;
  /** The time of the run's first event: a row the run creates by a cancel gets it. */
  firstAt: string;
}

function foldVotes(events: StoredEvent[]): FoldedVote[] {
  const folded = new Map<string, FoldedVote>();
  for (const event of events) {
    if (event.type !== VoteCast.type && event.type !== VoteCancelled.type) continue;
    const vote = event.data as VoteData;
    const key = `${vote.user_id} ${vote.object_id}`;
    const cast = event.type === VoteCast.type;
    const before = folded.get(key);
    folded.set(key, {
      user_id: vote.user_id,
      object_id: vote.object_id,
      object_type: vote.object_type,
      standing: cast,
      castAt: cast ? event.occurredAt : (before?.castAt ?? null),
      firstAt: before?.firstAt ?? event.occurredAt,
    });
  }
  return [...folded.values()];
}

/**
 * A run of votes and reputation changes in a few statements: each member's votes on a post folded into one row
 * (an upsert may touch a row once), those the run cast apart from those it only took back, whose time stays.
 */
const votesInBulk: BulkApply = {
  types: new Set([VoteCast.type, VoteCancelled.type, ReputationChanged.type]),
  async apply(events, tx) {
    const votes = foldVotes(events);
    const columns = (rows: FoldedVote[], at: (row: FoldedVote) => string) => sql`
      select * from unnest(${rows.map((r) => r.user_id)}::text[], ${rows.map((r) => r.object_id)}::text[],
                           ${rows.map((r) => r.object_type)}::text[], ${rows.map((r) => r.standing)}::boolean[],
                           ${rows.map(at)}::timestamptz[])`;
    const cast = votes.filter((v) => v.castAt !== null);
    if (cast.length > 0) {
      await sql`
        insert into dashboard_votes (user_id, object_id, object_type, standing, cast_at)
        ${columns(cast, (v) => v.castAt ?? v.firstAt)}
        on conflict (user_id, object_id) do update set standing = excluded.standing, cast_at = excluded.cast_at`.execute(
        tx,
      );
    }
    const takenBack = votes.filter((v) => v.castAt === null);
    if (takenBack.length > 0) {
      await sql`
        insert into dashboard_votes (user_id, object_id, object_type, standing, cast_at)
        ${columns(takenBack, (v) => v.firstAt)}
        on conflict (user_id, object_id) do update set standing = false`.execute(tx);
    }
    const changes = events.filter(
      (e) => e.type === ReputationChanged.type && (e.data as { delta: number }).delta !== 0,
    );
    if (changes.length > 0) {
      const data = (e: StoredEvent) => e.data as { user_id: string; delta: number };
      await sql`
        insert into dashboard_reputation (event_id, user_id, delta, changed_at)
        select * from unnest(${changes.map((e) => e.id)}::text[], ${changes.map((e) => data(e).user_id)}::text[],
                             ${changes.map((e) => data(e).delta)}::int[], ${changes.map((e) => e.occurredAt)}::timestamptz[])
        on conflict do nothing`.execute(tx);
    }
  },
};

/** Votes' facts the dashboard counts: standing votes, and reputation gained, for the week's top members. */
export const dashboardFromVotes: Projection = {
  name: 'dashboard-from-votes',
  // An admin's counts, a second late at most.
  ...LINGERING,
  source: 'votes',
  events: [VoteCast, VoteCancelled, ReputationChanged, ObjectPurged],
  topics: [DASHBOARD_TOPIC],
  apply,
  applyBatch: (events, tx) => applyInRuns(events, tx, votesInBulk, apply),
  async reset(tx) {
    await sql`truncate dashboard_votes, dashboard_reputation`.execute(tx);
  },
};
