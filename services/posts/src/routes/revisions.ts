import { EnvelopeSchema } from '@agora/contracts';
import { type HttpApp, ok } from '@agora/platform';
import { Type } from 'typebox';
import { UserBasicInfoSchema } from '../queries/authors';
import { checkEditable } from '../queries/edit-check';
import type { PostsReads } from '../queries/reads';
import { revisionList } from '../queries/revisions';
import { Id } from './schemas';

/** The reference API's `GetRevisionResp`; `content` is the post as that revision had it. */
const RevisionSchema = Type.Object({
  id: Type.String(),
  use_id: Type.String(),
  object_id: Type.String(),
  title: Type.String(),
  url_title: Type.String(),
  content: Type.Any(),
  status: Type.Integer(),
  reason: Type.String(),
  create_at: Type.Integer(),
  user_info: UserBasicInfoSchema,
});

/**
 * `GET revisions?object_id=`: the edit history of a question or answer; `revisions/edit/check?id=`:
 * whether the caller may open its editor now (the reference's client asks before it opens one).
 */
export async function revisionRoutes(app: HttpApp, reads: PostsReads) {
  const settings = () => reads.settings();

  app.get(
    '/answer/api/v1/revisions',
    {
      config: { auth: 'user' },
      schema: {
        querystring: Type.Object({ object_id: Type.String({ minLength: 1, maxLength: 100 }) }),
        response: { 200: EnvelopeSchema(Type.Array(RevisionSchema)) },
      },
    },
    async (request) =>
      ok(request, await revisionList(reads.db, request.query.object_id, request.actor, await settings())),
  );

  app.get(
    '/answer/api/v1/revisions/edit/check',
    {
      config: { auth: 'user' },
      schema: { querystring: Type.Object({ id: Id }), response: { 200: EnvelopeSchema(Type.Null()) } },
    },
    async (request) => {
      await checkEditable(reads.db, request.actor, request.query.id, await settings());
      return ok(request, null);
    },
  );
}
