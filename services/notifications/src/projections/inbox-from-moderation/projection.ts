import { type DataOf, FlagHandled } from '@agora/contracts';
import type { Projection } from '@agora/platform';
import { COUNTER_WRITERS, COUNTER_WRITERS_BATCH } from '../../inbox/counters';
import { forgetSource, notify } from '../../inbox/notify';

/**
 * The member who flagged something is told what became of it (issue 20): acted on (`completed`), or looked
 * at and left as it was (`ignored`). The moderator stays unnamed; one notification per flag.
 */
export const inboxFromModeration: Projection = {
  name: 'inbox-from-moderation',
  source: 'moderation',
  events: [FlagHandled],
  lockGroup: COUNTER_WRITERS,
  batchSize: COUNTER_WRITERS_BATCH,
  async apply(event, tx) {
    const d = event.data as DataOf<typeof FlagHandled>;
    await notify(tx, event, {
      receiver: d.reporter_id,
      action: d.status === 'completed' ? 'your_flag_was_upheld' : 'your_flag_was_declined',
      groupKey: d.flag_id,
      objectId: d.object_id,
      objectType: d.object_type,
      questionId: d.question_id,
      triggerUserId: null,
    });
  },
  reset: (tx) => forgetSource(tx, 'moderation'),
};
