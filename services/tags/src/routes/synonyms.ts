import { EnvelopeSchema, TagSynonymsSchema } from '@agora/contracts';
import { type HttpApp, ok } from '@agora/platform';
import { Type } from 'typebox';
import type { TagCommands } from '../commands/tags';
import { tagSynonyms } from '../queries/synonyms';
import { Id, TagItemSchema } from './schemas';

/** A main tag's synonyms: read, and replace the list (the reference API's "Tag" group). */
export async function synonymRoutes(app: HttpApp, tags: TagCommands) {
  app.get(
    '/answer/api/v1/tag/synonyms',
    {
      config: { auth: 'optional' },
      schema: { querystring: Type.Object({ tag_id: Id }), response: { 200: EnvelopeSchema(TagSynonymsSchema) } },
    },
    async (request) => {
      return ok(request, await tagSynonyms(tags.db, request.query.tag_id, request.actor, await tags.settings()));
    },
  );

  app.put(
    '/answer/api/v1/tag/synonym',
    {
      config: { auth: 'user' },
      schema: {
        body: Type.Object({ tag_id: Id, synonym_tag_list: Type.Array(TagItemSchema, { maxItems: 50 }) }),
        response: { 200: EnvelopeSchema(Type.Null()) },
      },
    },
    async (request) => {
      await tags.setSynonyms(request.actor, request.body);
      return ok(request, null);
    },
  );
}
