import { Type } from 'typebox';
import { defineEvent } from '../events/envelope';

const Id = Type.String({ minLength: 1 });

/**
 * A reviewer's decision on a suggested edit. The owner of the object (posts for
 * questions and answers, tags for tags) applies an approved revision or drops a rejected one.
 */
export const RevisionReviewed = defineEvent(
  'moderation.revision_reviewed',
  Type.Object({
    revision_id: Id,
    object_id: Id,
    object_type: Type.Union([Type.Literal('question'), Type.Literal('answer'), Type.Literal('tag')]),
    decision: Type.Union([Type.Literal('approved'), Type.Literal('rejected')]),
    reviewer_id: Id,
  }),
);

export const ModerationEvents = [RevisionReviewed] as const;
