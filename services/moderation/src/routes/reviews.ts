import {
  EnvelopeSchema,
  PageBounds,
  PageSchema,
  ReviewingTypeSchema,
  UnreviewedRevisionItemSchema,
} from '@agora/contracts';
import { type HttpApp, ok } from '@agora/platform';
import { Type } from 'typebox';
import type { ReviewCommands } from '../commands/reviews';
import type { ModerationReads } from '../queries/reads';
import { Id, USER } from './schemas';

/**
 * The review queue of suggested edits: one per page, the decision (approve, reject),
 * a reviewer's skip, and what waits in each queue for the caller.
 */
export async function reviewRoutes(app: HttpApp, reviews: ReviewCommands, reads: ModerationReads) {
  app.get(
    '/answer/api/v1/revisions/unreviewed',
    {
      config: USER,
      schema: {
        querystring: Type.Object({ page: Type.Integer({ minimum: 1, maximum: PageBounds.maxPage, default: 1 }) }),
        response: { 200: EnvelopeSchema(PageSchema(UnreviewedRevisionItemSchema)) },
      },
    },
    async (request) => ok(request, await reads.unreviewed(request.actor, request.query.page)),
  );

  app.put(
    '/answer/api/v1/revisions/audit',
    {
      config: USER,
      schema: {
        body: Type.Object({
          id: Id,
          operation: Type.Union([Type.Literal('approve'), Type.Literal('reject'), Type.Literal('skip')]),
        }),
        response: { 200: EnvelopeSchema(Type.Object({})) },
      },
    },
    async (request) => {
      const { id, operation } = request.body;
      if (operation === 'skip') await reviews.skip(request.actor, id);
      else await reviews.review(request.actor, id, operation === 'approve');
      return ok(request, {});
    },
  );

  app.get(
    '/answer/api/v1/reviewing/type',
    { config: USER, schema: { response: { 200: EnvelopeSchema(Type.Array(ReviewingTypeSchema)) } } },
    async (request) => ok(request, await reads.reviewingTypes(request.actor, request.language)),
  );
}
