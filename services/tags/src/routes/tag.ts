import { AddTagRespSchema, EnvelopeSchema, Limits, TagInfoSchema, UpdateTagRespSchema } from '@agora/contracts';
import { errors, type HttpApp, ok } from '@agora/platform';
import { Type } from 'typebox';
import type { TagCommands } from '../commands/tags';
import { tagDetail } from '../queries/tag-info';
import { Description, DisplayName, Id, Slug } from './schemas';

const USER = { auth: 'user' as const };
const Null = Type.Null();

/** One tag: read, create, edit, delete, recover (the reference API's "Tag" group). */
export async function tagRoutes(app: HttpApp, tags: TagCommands) {
  // The reference binds `id` and `name`; its swagger says `tag_id` and `tag_name`: both are understood.
  app.get(
    '/answer/api/v1/tag',
    {
      config: { auth: 'optional' },
      schema: {
        querystring: Type.Object({
          id: Type.Optional(Id),
          name: Type.Optional(Slug),
          tag_id: Type.Optional(Id),
          tag_name: Type.Optional(Slug),
        }),
        response: { 200: EnvelopeSchema(TagInfoSchema) },
      },
    },
    async (request) => {
      const id = request.query.id ?? request.query.tag_id;
      const name = request.query.name ?? request.query.tag_name;
      if (!id && !name) throw errors.fields({ field: 'id', key: 'validation.required' });
      return ok(request, await tagDetail(tags.db, { id, name }, request.actor, await tags.settings()));
    },
  );

  app.post(
    '/answer/api/v1/tag',
    {
      config: USER,
      schema: {
        body: Type.Object({
          slug_name: Slug,
          display_name: Type.String({ minLength: 1, maxLength: Limits.tags.nameMaxLength }),
          original_text: Type.Optional(Description),
        }),
        response: { 200: EnvelopeSchema(AddTagRespSchema) },
      },
    },
    async (request) => ok(request, await tags.create(request.actor, request.body)),
  );

  app.put(
    '/answer/api/v1/tag',
    {
      config: USER,
      schema: {
        body: Type.Object({
          tag_id: Id,
          slug_name: Type.Optional(Slug),
          display_name: Type.Optional(DisplayName),
          original_text: Type.Optional(Description),
          edit_summary: Type.Optional(Type.String({ maxLength: Limits.post.editSummaryMaxLength })),
        }),
        response: { 200: EnvelopeSchema(UpdateTagRespSchema) },
      },
    },
    async (request) => ok(request, await tags.edit(request.actor, request.body)),
  );

  app.delete(
    '/answer/api/v1/tag',
    { config: USER, schema: { body: Type.Object({ tag_id: Id }), response: { 200: EnvelopeSchema(Null) } } },
    async (request) => {
      await tags.delete(request.actor, request.body.tag_id);
      return ok(request, null);
    },
  );

  app.post(
    '/answer/api/v1/tag/recover',
    { config: USER, schema: { body: Type.Object({ tag_id: Id }), response: { 200: EnvelopeSchema(Null) } } },
    async (request) => {
      await tags.recover(request.actor, request.body.tag_id);
      return ok(request, null);
    },
  );
}
