import type { DataOf, RevisionReviewed, RevisionSkipped } from '@agora/contracts';
import { type Decider, errors } from '@agora/platform';

export type ReviewEvent =
  | { type: 'moderation.revision_reviewed'; data: DataOf<typeof RevisionReviewed> }
  | { type: 'moderation.revision_skipped'; data: DataOf<typeof RevisionSkipped> };

/** A suggested edit as the queue knows it (from its owner's events). */
export interface QueuedRevision {
  revisionId: string;
  objectId: string;
  objectType: 'question' | 'answer' | 'tag';
  editorId: string;
  /** The owner applied or dropped it already (a later edit, a deletion). */
  settled: boolean;
}

/** One suggested edit's review (stream `revision-review-<revision id>`): decided once, skipped per reviewer. */
export interface ReviewState {
  decided: boolean;
  skippedBy: ReadonlySet<string>;
}

interface ReviewerFacts {
  revisionId: string;
  /** Null when the queue holds no suggested edit by that id. */
  revision: QueuedRevision | null;
  reviewerId: string;
  /** The reviewer holds `<type>.audit` (or is staff) for the revision's object type. */
  mayAudit: boolean;
}

export type ReviewCommand = ({ type: 'review'; approved: boolean } | { type: 'skip' }) & ReviewerFacts;

function waiting(command: ReviewCommand, state: ReviewState): QueuedRevision {
  const { revision } = command;
  if (!revision) throw errors.notFound('error.revision.not_found');
  if (!command.mayAudit) throw errors.forbidden(undefined, 'error.rank.role_only');
  if (state.decided || revision.settled) {
    throw errors.business('error.revision.reviewed', 'error.revision.reviewed', 'toast');
  }
  return revision;
}

/** Reviews of suggested edits: approve or reject once; a skip hides it from that reviewer only. */
export const reviewDecider: Decider<ReviewState, ReviewCommand, ReviewEvent> = {
  initialState: () => ({ decided: false, skippedBy: new Set() }),
  evolve(state, event) {
    if (event.type === 'moderation.revision_reviewed') return { ...state, decided: true };
    return { ...state, skippedBy: new Set([...state.skippedBy, event.data.reviewer_id]) };
  },
  decide(command, state) {
    const revision = waiting(command, state);
    if (command.type === 'skip') {
      if (state.skippedBy.has(command.reviewerId)) return [];
      return [
        {
          type: 'moderation.revision_skipped',
          data: { revision_id: revision.revisionId, object_id: revision.objectId, reviewer_id: command.reviewerId },
        },
      ];
    }
    return [
      {
        type: 'moderation.revision_reviewed',
        data: {
          revision_id: revision.revisionId,
          object_id: revision.objectId,
          object_type: revision.objectType,
          decision: command.approved ? 'approved' : 'rejected',
          reviewer_id: command.reviewerId,
          editor_id: revision.editorId,
        },
      },
    ];
  },
};

export function reviewStreamId(revisionId: string): string {
  return `revision-review-${revisionId}`;
}
