import { EnvelopeSchema, FollowingTagSchema, FollowRespSchema, objectTypeOf } from '@agora/contracts';
import { errors, type HttpApp, ok, tagMarks } from '@agora/platform';
import { Type } from 'typebox';
import type { FollowCommands } from '../commands/follows';
import { followingTags } from '../queries/follows';
import { Id, Slug } from './schemas';

/** Following tags: one at a time (`follow` with a tag id), the whole list, and the list itself. */
export async function followRoutes(app: HttpApp, follows: FollowCommands) {
  app.post(
    '/answer/api/v1/follow',
    {
      config: { auth: 'user' },
      schema: {
        body: Type.Object({ object_id: Id, is_cancel: Type.Optional(Type.Boolean()) }),
        response: { 200: EnvelopeSchema(FollowRespSchema) },
      },
    },
    async (request) => {
      const { object_id, is_cancel } = request.body;
      // The gateway sends only tag ids here; other objects are followed in posts.
      if (objectTypeOf(object_id) !== 'tag') throw errors.fields({ field: 'object_id', key: 'validation.invalid' });
      return ok(request, await follows.follow(request.actor, object_id, is_cancel ?? false));
    },
  );

  app.put(
    '/answer/api/v1/follow/tags',
    {
      config: { auth: 'user' },
      schema: {
        body: Type.Object({ slug_name_list: Type.Array(Slug, { maxItems: 500 }) }),
        response: { 200: EnvelopeSchema(Type.Null()) },
      },
    },
    async (request) => {
      await follows.replace(request.actor, request.body.slug_name_list);
      return ok(request, null);
    },
  );

  // Anonymous visitors follow nothing: an empty list, as the reference answers.
  app.get(
    '/answer/api/v1/tags/following',
    { config: { auth: 'optional' }, schema: { response: { 200: EnvelopeSchema(Type.Array(FollowingTagSchema)) } } },
    async (request) => {
      if (!request.actor) return ok(request, []);
      const db = follows.db;
      const marks = tagMarks(await follows.context.siteSettings());
      const rows = await followingTags(db, request.actor.id);
      return ok(
        request,
        rows.map((t) => ({
          tag_id: t.id,
          slug_name: t.slug_name,
          display_name: t.display_name,
          main_tag_slug_name: t.main_tag_slug_name,
          ...marks.of(t.slug_name),
        })),
      );
    },
  );
}
