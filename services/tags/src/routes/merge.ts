import { EnvelopeSchema } from '@agora/contracts';
import { type HttpApp, ok } from '@agora/platform';
import { Type } from 'typebox';
import type { TagMerges } from '../commands/merge';
import { Id } from './schemas';

/**
 * `tag/merge`: a moderator or an admin folds the source tag (and its synonyms) into the target. The reference's
 * swagger names the body `AddTagReq`; its handler binds `{source_tag_id, target_tag_id}`, as here.
 */
export async function mergeRoutes(app: HttpApp, merges: TagMerges) {
  app.post(
    '/answer/api/v1/tag/merge',
    {
      config: { auth: 'user' },
      schema: {
        body: Type.Object({ source_tag_id: Id, target_tag_id: Id }),
        response: { 200: EnvelopeSchema(Type.Null()) },
      },
    },
    async (request) => {
      await merges.merge(request.actor, request.body);
      return ok(request, null);
    },
  );
}
