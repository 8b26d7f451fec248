import { Type } from 'typebox';
import { defineEvent } from '../events/envelope';

const Id = Type.String({ minLength: 1 });

/**
 * Questions opened through members' share links (`question/info?share=<username>`),
 * counted in memory like views and recorded with them: one visit per (question, sharer, visitor) and
 * process, never the sharer's own. Badges reads it for "First Share".
 */
export const QuestionSharesVisited = defineEvent(
  'posts.question_shares_visited',
  Type.Object({ visits: Type.Array(Type.Object({ question_id: Id, sharer_id: Id }), { minItems: 1 }) }),
);
