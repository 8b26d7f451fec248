import type { HttpApp, ServiceContext } from '@agora/platform';
import { Type } from 'typebox';
import { callerState } from '../queries/caller-state';
import { ObjectId } from './votes';

/**
 * The caller's votes and bookmarks under a post's question, for the gateway to compose into question,
 * answer and comment pages (DESIGN §2). Not under a public prefix, so the gateway never routes to it;
 * the caller's token comes along and decides whose state it is (anonymous: none).
 */
export async function internalRoutes(app: HttpApp, context: ServiceContext) {
  app.get(
    '/internal/votes/state',
    {
      config: { auth: 'optional' },
      schema: { hide: true, querystring: Type.Object({ object_id: ObjectId }) },
    },
    async (request) =>
      request.actor
        ? callerState(context.database.db, request.actor.id, request.query.object_id)
        : { votes: {}, bookmarks: [] },
  );
}
