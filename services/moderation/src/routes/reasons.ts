import { EnvelopeSchema, ReasonItemSchema } from '@agora/contracts';
import { type HttpApp, ok } from '@agora/platform';
import { Type } from 'typebox';
import { reasonList } from '../responses/reasons';
import { ADMIN, ReasonQuery, USER } from './schemas';

/** `reasons?object_type=&action=` for members, and the same list for the admin pages. */
export async function reasonRoutes(app: HttpApp) {
  const schema = { querystring: ReasonQuery, response: { 200: EnvelopeSchema(Type.Array(ReasonItemSchema)) } };
  app.get('/answer/api/v1/reasons', { config: USER, schema }, async (request) =>
    ok(request, reasonList(request.query.object_type, request.query.action, request.language)),
  );
  app.get('/answer/admin/api/reasons', { config: ADMIN, schema }, async (request) =>
    ok(request, reasonList(request.query.object_type, request.query.action, request.language)),
  );
}
