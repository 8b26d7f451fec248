import { Type } from 'typebox';
import { defineEvent } from '../events/envelope';

const Id = Type.String({ minLength: 1 });

/**
 * A member's reaction added to a post (`PUT meta/reaction` with `reaction: activate`), as votes is to
 * record it (issue 19 item 3). Defined here first so that the badges service's "First Reaction" rule can
 * be built and tested against it; votes produces it once reactions are built.
 */
export const ReactionAdded = defineEvent(
  'votes.reaction_added',
  Type.Object({
    object_id: Id,
    object_type: Type.Union([Type.Literal('question'), Type.Literal('answer'), Type.Literal('comment')]),
    question_id: Id,
    user_id: Id,
    emoji: Type.String({ minLength: 1 }),
  }),
);
