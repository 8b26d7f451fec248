import { AwardsWithdrawn, type BadgeAward, BadgeAwarded, BadgeStatusChanged, type EventOf } from '@agora/contracts';
import type { StoredEvent, Tx } from '@agora/platform';
import { sql } from 'kysely';

type StatusChange = EventOf<typeof BadgeStatusChanged>['data'];
type Withdrawal = EventOf<typeof AwardsWithdrawn>['data'];

/** An award and its badge's count, in one statement; an award already recorded changes nothing. */
async function recordAward(tx: Tx, award: BadgeAward): Promise<void> {
  await sql`
    with recorded as (
      insert into badge_awards (award_id, badge_id, user_id, award_key, object_id, object_type, question_id,
                                answer_id, awarded_at)
      values (${award.award_id}, ${award.badge_id}, ${award.user_id}, ${award.award_key}, ${award.object_id},
              ${award.object_type}, ${award.question_id}, ${award.answer_id}, ${award.awarded_at}::timestamptz)
      on conflict do nothing
      returning badge_id)
    insert into badge_award_counts as c (badge_id, award_count)
    select badge_id, 1 from recorded
    on conflict (badge_id) do update set award_count = c.award_count + 1`.execute(tx);
}

async function recordStatus(tx: Tx, event: StoredEvent, change: StatusChange): Promise<void> {
  await sql`
    insert into badge_status_history (event_id, badge_id, status, changed_at)
    values (${event.id}, ${change.badge_id}, ${change.status}, ${event.occurredAt}::timestamptz)
    on conflict do nothing`.execute(tx);
}

/** A deleted member's awards leave every list and count; the rows stay, so their keys stay taken. */
async function withdraw(tx: Tx, event: StoredEvent, withdrawal: Withdrawal): Promise<void> {
  await sql`
    with holder as (
      insert into withdrawn_holders (user_id, withdrawn_at) values (${withdrawal.user_id}, ${event.occurredAt}::timestamptz)
      on conflict do nothing returning user_id),
    withdrawn as (
      update badge_awards set withdrawn = true
      where user_id in (select user_id from holder) and not withdrawn
      returning badge_id),
    per_badge as (select badge_id, count(*)::int as n from withdrawn group by badge_id)
    update badge_award_counts c set award_count = c.award_count - per_badge.n
    from per_badge where c.badge_id = per_badge.badge_id`.execute(tx);
}

/** Applies one of badges' own events to its inline read model, in the transaction that appends it. */
export async function applyOwnEvent(tx: Tx, event: StoredEvent): Promise<void> {
  if (event.type === BadgeAwarded.type) return recordAward(tx, event.data as BadgeAward);
  if (event.type === BadgeStatusChanged.type) return recordStatus(tx, event, event.data as StatusChange);
  if (event.type === AwardsWithdrawn.type) return withdraw(tx, event, event.data as Withdrawal);
}

/** The inline read model as one unit, for a rebuild from the service's own log (rebuildInlineReadModel). */
export const ownReadModel = {
  async reset(tx: Tx) {
    await sql`truncate badge_awards, badge_award_counts, badge_status_history, withdrawn_holders`.execute(tx);
  },
  apply: applyOwnEvent,
};
