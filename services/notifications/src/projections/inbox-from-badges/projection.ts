import { type BadgeAward, BadgeAwarded } from '@agora/contracts';
import type { Projection } from '@agora/platform';
import { COUNTER_WRITERS, COUNTER_WRITERS_BATCH } from '../../inbox/counters';
import { forgetSource, notify } from '../../inbox/notify';

/**
 * An achievement for each badge awarded: `object_type: badge_award`, the badge as its
 * object, one notification per award (never grouped), no user info. The oldest unread one is the red
 * dot's `badge_award` pop-up until it is read.
 */
export const inboxFromBadges: Projection = {
  name: 'inbox-from-badges',
  source: 'badges',
  events: [BadgeAwarded],
  lockGroup: COUNTER_WRITERS,
  batchSize: COUNTER_WRITERS_BATCH,
  async apply(event, tx) {
    const award = event.data as BadgeAward;
    await notify(tx, event, {
      receiver: award.user_id,
      action: 'badge_award',
      groupKey: award.award_id,
      objectId: award.badge_id,
      objectType: 'badge_award',
      questionId: '',
      triggerUserId: null,
    });
  },
  reset: (tx) => forgetSource(tx, 'badges'),
};
