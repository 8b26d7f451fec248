import { EnvelopeSchema, objectTypeOf } from '@agora/contracts';
import { errors, type HttpApp, ok } from '@agora/platform';
import { Type } from 'typebox';
import type { TagCommands } from '../commands/tags';
import { Id } from './schemas';

/** `revisions/edit/check?id=` with a tag id (the gateway sends posts' ids to posts): may the caller edit the tag now? */
export async function tagEditCheckRoutes(app: HttpApp, tags: TagCommands) {
  app.get(
    '/answer/api/v1/revisions/edit/check',
    {
      config: { auth: 'user' },
      schema: { querystring: Type.Object({ id: Id }), response: { 200: EnvelopeSchema(Type.Null()) } },
    },
    async (request) => {
      const { id } = request.query;
      if (objectTypeOf(id) !== 'tag') throw errors.fields({ field: 'id', key: 'validation.invalid' });
      await tags.checkEditable(request.actor, id);
      return ok(request, null);
    },
  );
}
