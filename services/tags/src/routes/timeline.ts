import {
  EnvelopeSchema,
  ObjectTimelineSchema,
  TimelineDetailQuery,
  TimelineDetailSchema,
  TimelineQuery,
} from '@agora/contracts';
import { type HttpApp, ok } from '@agora/platform';
import type { TagCommands } from '../commands/tags';
import { tagTimeline, tagTimelineDetail } from '../queries/timeline';

/**
 * The timeline of a tag and its revision diffs (`/tags/{tid}/timeline`). The gateway sends a tag's
 * `activity/timeline` here, and a detail here when posts knows neither revision.
 */
export async function tagTimelineRoutes(app: HttpApp, tags: TagCommands) {
  app.get(
    '/answer/api/v1/activity/timeline',
    {
      config: { auth: 'user' },
      schema: { querystring: TimelineQuery, response: { 200: EnvelopeSchema(ObjectTimelineSchema) } },
    },
    async (request) =>
      ok(
        request,
        await tagTimeline(tags.db, tags.context.store, request.query.object_id, request.actor, await tags.settings()),
      ),
  );

  app.get(
    '/answer/api/v1/activity/timeline/detail',
    {
      config: { auth: 'user' },
      schema: { querystring: TimelineDetailQuery, response: { 200: EnvelopeSchema(TimelineDetailSchema) } },
    },
    async (request) => ok(request, await tagTimelineDetail(tags.db, request.query, request.actor)),
  );
}
