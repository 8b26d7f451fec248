import { type EventOf, HeldPostReviewed } from '@agora/contracts';
import { type Projection, SAGA_BATCH_SIZE } from '@agora/platform';
import type { RevisionCommands } from '../commands/revisions';

/**
 * Carries out moderators' decisions on held posts (docs/adr/0069-held-posts.md): an approved question or answer
 * is published on its own stream (`posts.question_asked` / `posts.answer_posted`, which every other service
 * then follows as usual), a rejected one dropped. A decision on what is no longer held records nothing, so a
 * replay is harmless.
 */
export function heldPostDecisionsProjection(revisions: RevisionCommands): Projection {
  return {
    name: 'held-post-decisions',
    batchSize: SAGA_BATCH_SIZE,
    source: 'moderation',
    events: [HeldPostReviewed],
    async apply(event) {
      const d = (event as unknown as EventOf<typeof HeldPostReviewed>).data;
      await revisions.decideHeld({
        objectType: d.object_type,
        objectId: d.object_id,
        approved: d.decision === 'approved',
        reviewerId: d.reviewer_id,
      });
    },
    async reset() {},
  };
}
