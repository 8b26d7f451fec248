import type { BadgeAward } from '@agora/contracts';
import type { EventStore, StoredEvent, Tx } from '@agora/platform';
import { sql } from 'kysely';
import { awardIdOf, awardStreamId } from '../domain/award/award-id';
import { awardDecider } from '../domain/award/decider';
import { holderDecider, holderStreamId } from '../domain/holder/decider';
import type { AwardIntent } from '../domain/rules/award-rules';
import { decideOn } from './decide-on';

interface Eligibility {
  award_id: string;
  active: boolean;
  withdrawn: boolean;
  held: boolean;
}

/**
 * Awards badges inside the transaction of the projection batch that read the facts (DESIGN §2: the award
 * commits with the checkpoint). A badge is awarded when it was active at the time of the fact, its holder
 * has not been deleted, and its key is not held already; each award is its own stream, so asking twice
 * awards once.
 */
export class AwardCommands {
  constructor(private readonly store: EventStore) {}

  /** Awards what the intents earn, as of `cause` (the fact's event); returns the awards made. */
  async award(tx: Tx, intents: readonly AwardIntent[], cause: StoredEvent): Promise<BadgeAward[]> {
    if (intents.length === 0) return [];
    const awards = intents.map(
      (intent): BadgeAward => ({
        award_id: awardIdOf(intent.badge.id, intent.userId, intent.awardKey),
        badge_id: intent.badge.id,
        user_id: intent.userId,
        award_key: intent.awardKey,
        object_id: intent.on.objectId,
        object_type: intent.on.objectType,
        question_id: intent.on.questionId,
        answer_id: intent.on.answerId,
        awarded_at: cause.occurredAt,
        cause_event_id: cause.id,
      }),
    );
    const records = JSON.stringify(
      awards.map((a) => ({ award_id: a.award_id, badge_id: a.badge_id, user_id: a.user_id })),
    );
    const { rows } = await sql<Eligibility>`
      select i.award_id,
        coalesce((select h.status = 'active' from badge_status_history h
                  where h.badge_id = i.badge_id and h.changed_at <= ${cause.occurredAt}::timestamptz
                  order by h.changed_at desc, h.event_id desc limit 1), true) as active,
        exists (select 1 from withdrawn_holders w where w.user_id = i.user_id) as withdrawn,
        exists (select 1 from badge_awards a where a.award_id = i.award_id) as held
      from jsonb_to_recordset(${records}::jsonb) as i(award_id text, badge_id text, user_id text)`.execute(tx);
    const eligible = new Set(rows.filter((r) => r.active && !r.withdrawn && !r.held).map((r) => r.award_id));
    const made: BadgeAward[] = [];
    for (const award of awards) {
      if (!eligible.has(award.award_id)) continue;
      const events = await decideOn(
        this.store,
        tx,
        awardStreamId(award.award_id),
        awardDecider,
        { type: 'award', award },
        { actorId: null, causationId: cause.id },
      );
      if (events.length > 0) made.push(award);
    }
    return made;
  }

  /** A deleted member's awards withdrawn, once. */
  async withdraw(tx: Tx, userId: string, cause: StoredEvent): Promise<void> {
    await decideOn(
      this.store,
      tx,
      holderStreamId(userId),
      holderDecider,
      { type: 'withdraw', userId },
      {
        actorId: cause.metadata.actorId,
        causationId: cause.id,
      },
    );
  }
}
