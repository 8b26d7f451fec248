import { type EventOf, RevisionReviewed } from '@agora/contracts';
import { type Projection, SAGA_BATCH_SIZE } from '@agora/platform';
import type { RevisionCommands } from '../commands/revisions';

/**
 * Applies reviewers' decisions on suggested edits of questions and answers: each one
 * becomes a command on the post's own stream, so the post's history says who edited and who approved.
 * Deciding what is no longer waiting records nothing, so a replay is harmless.
 */
export function revisionDecisionsProjection(revisions: RevisionCommands): Projection {
  return {
    name: 'revision-decisions',
    batchSize: SAGA_BATCH_SIZE,
    source: 'moderation',
    events: [RevisionReviewed],
    async apply(event) {
      const d = (event as unknown as EventOf<typeof RevisionReviewed>).data;
      if (d.object_type === 'tag') return;
      await revisions.review({
        objectType: d.object_type,
        objectId: d.object_id,
        revisionId: d.revision_id,
        approved: d.decision === 'approved',
        reviewerId: d.reviewer_id,
      });
    },
    async reset() {},
  };
}
