import { EnvelopeSchema, PageBounds, PageSchema, PendingPostItemSchema } from '@agora/contracts';
import { type HttpApp, ok } from '@agora/platform';
import { Type } from 'typebox';
import type { HeldPostCommands } from '../commands/held-posts';
import type { ModerationReads } from '../queries/reads';
import { Id, Null, STAFF } from './schemas';

/** Held posts (pre-moderation): one per page, oldest first, and the moderator's approve or reject. */
export async function heldPostRoutes(app: HttpApp, held: HeldPostCommands, reads: ModerationReads) {
  app.get(
    '/answer/api/v1/review/pending/post/page',
    {
      config: STAFF,
      schema: {
        querystring: Type.Object({
          page: Type.Integer({ minimum: 1, maximum: PageBounds.maxPage, default: 1 }),
          object_id: Type.Optional(Id),
        }),
        response: { 200: EnvelopeSchema(PageSchema(PendingPostItemSchema)) },
      },
    },
    async (request) =>
      ok(
        request,
        await reads.heldPosts({ page: request.query.page, objectId: request.query.object_id }, request.language),
      ),
  );

  app.put(
    '/answer/api/v1/review/pending/post',
    {
      config: STAFF,
      schema: {
        body: Type.Object({
          review_id: Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER }),
          status: Type.Union([Type.Literal('approve'), Type.Literal('reject')]),
        }),
        response: { 200: EnvelopeSchema(Null) },
      },
    },
    async (request) => {
      await held.review(request.actor, request.body.review_id, request.body.status === 'approve');
      return ok(request, null);
    },
  );
}
