import { givenWhen, refusal } from '@agora/test-support/decider';
import { describe, expect, it } from 'vitest';
import { type QueuedRevision, type ReviewCommand, type ReviewEvent, reviewDecider } from '../src/domain/review/decider';

const given = givenWhen(reviewDecider);

const revision: QueuedRevision = {
  revisionId: 'r1',
  objectId: 'a1',
  objectType: 'answer',
  editorId: 'editor',
  settled: false,
};
const review = (over: Partial<ReviewCommand> = {}): ReviewCommand =>
  ({
    type: 'review',
    approved: true,
    revisionId: 'r1',
    revision,
    reviewerId: 'reviewer',
    mayAudit: true,
    ...over,
  }) as ReviewCommand;
const skip = (over: Partial<ReviewCommand> = {}): ReviewCommand =>
  ({ type: 'skip', revisionId: 'r1', revision, reviewerId: 'reviewer', mayAudit: true, ...over }) as ReviewCommand;

const approved: ReviewEvent = {
  type: 'moderation.revision_reviewed',
  data: {
    revision_id: 'r1',
    object_id: 'a1',
    object_type: 'answer',
    decision: 'approved',
    reviewer_id: 'reviewer',
    editor_id: 'editor',
  },
};
const skipped: ReviewEvent = {
  type: 'moderation.revision_skipped',
  data: { revision_id: 'r1', object_id: 'a1', reviewer_id: 'reviewer' },
};

describe('reviewing a suggested edit', () => {
  it('approves or rejects once, naming the editor for the owner to apply and to tell', () => {
    expect(given().when(review())).toEqual([approved]);
    const [rejected] = given().when(review({ approved: false } as Partial<ReviewCommand>));
    expect(rejected?.data).toMatchObject({ decision: 'rejected', editor_id: 'editor' });
  });

  it('refuses what the queue does not hold: 404', () => {
    const error = refusal(() => given().when(review({ revision: null })));
    expect([error.status, error.messageKey]).toEqual([404, 'error.revision.not_found']);
  });

  it('refuses a reviewer without the audit privilege: 403', () => {
    expect(refusal(() => given().when(review({ mayAudit: false }))).status).toBe(403);
    expect(refusal(() => given().when(skip({ mayAudit: false }))).status).toBe(403);
  });

  it('refuses a second decision, and one on what the owner already settled: 400', () => {
    const again = refusal(() => given(approved).when(review({ approved: false } as Partial<ReviewCommand>)));
    expect([again.status, again.reason]).toEqual([400, 'error.revision.reviewed']);
    const settled = refusal(() => given().when(review({ revision: { ...revision, settled: true } })));
    expect(settled.reason).toBe('error.revision.reviewed');
    expect(refusal(() => given(approved).when(skip())).status).toBe(400);
  });

  it('skips for one reviewer once, leaving the decision open to everyone', () => {
    expect(given().when(skip())).toEqual([skipped]);
    expect(given(skipped).when(skip())).toEqual([]);
    expect(given(skipped).when(skip({ reviewerId: 'other' }))).toHaveLength(1);
    expect(given(skipped).when(review())).toEqual([approved]);
  });
});
