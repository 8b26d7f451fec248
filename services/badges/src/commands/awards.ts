import type { BadgeAward } from '@agora/contracts';
import { type EventStore, itemAt, type StoredEvent, type Tx } from '@agora/platform';
import { sql } from 'kysely';
import { awardIdOf, awardStreamId } from '../domain/award/award-id';
import { awardDecider } from '../domain/award/decider';
import { holderDecider, holderStreamId } from '../domain/holder/decider';
import type { AwardIntent } from '../domain/rules/award-rules';
import { applyOwnEvent } from '../projections/awards/read-model';
import { decideOn } from './decide-on';

/** A badge a fact may earn, and the fact's event (its time is the award's). */
export interface AwardRequest {
  intent: AwardIntent;
  cause: StoredEvent;
}

interface Eligibility {
  n: number;
  active: boolean;
  withdrawn: boolean;
  held: boolean;
}

function awardOf({ intent, cause }: AwardRequest): BadgeAward {
  return {
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
  };
}

/**
 * Awards badges inside the transaction of the projection batch that read the facts (DESIGN §2: an award
 * commits with the checkpoint of the fact that earned it). A badge is awarded when it was active at the
 * time of the fact, its holder has not been deleted, and its key is not held; each award is its own
 * stream, so asking twice awards once.
 */
export class AwardCommands {
  constructor(private readonly store: EventStore) {}

  /** Awards what the intents earn, as of `cause` (the fact's event); returns the awards made. */
  award(tx: Tx, intents: readonly AwardIntent[], cause: StoredEvent): Promise<BadgeAward[]> {
    return this.awardAll(
      tx,
      intents.map((intent) => ({ intent, cause })),
    );
  }

  /**
   * Requests in the order of their facts, checked in one statement; of those asking for the same award,
   * the first that qualifies makes it, as applying the facts one at a time would. The award stream's
   * state is the inline read model's row, written in the transaction that appends to it.
   */
  async awardAll(tx: Tx, requests: readonly AwardRequest[]): Promise<BadgeAward[]> {
    if (requests.length === 0) return [];
    const awards = requests.map(awardOf);
    const rows = JSON.stringify(
      awards.map((a, n) => ({ n, award_id: a.award_id, badge_id: a.badge_id, user_id: a.user_id, at: a.awarded_at })),
    );
    const { rows: checked } = await sql<Eligibility>`
      select i.n,
        coalesce((select h.status = 'active' from badge_status_history h
                  where h.badge_id = i.badge_id and h.changed_at <= i.at
                  order by h.changed_at desc, h.event_id desc limit 1), true) as active,
        exists (select 1 from withdrawn_holders w where w.user_id = i.user_id) as withdrawn,
        exists (select 1 from badge_awards a where a.award_id = i.award_id) as held
      from jsonb_to_recordset(${rows}::jsonb) as i(n int, award_id text, badge_id text, user_id text, at timestamptz)
      order by i.n`.execute(tx);
    const made: BadgeAward[] = [];
    const madeIds = new Set<string>();
    for (const row of checked) {
      const award = itemAt(awards, row.n);
      if (!row.active || row.withdrawn || madeIds.has(award.award_id)) continue;
      const decided = awardDecider.decide({ type: 'award', award }, { awarded: row.held });
      if (decided.length === 0) continue;
      const { events } = await this.store.append(
        awardStreamId(award.award_id),
        0,
        decided,
        {
          actorId: null,
          causationId: award.cause_event_id,
        },
        tx,
      );
      for (const event of events) await applyOwnEvent(tx, event);
      madeIds.add(award.award_id);
      made.push(award);
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
