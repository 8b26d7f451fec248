import {
  EnvelopeSchema,
  ObjectTimelineSchema,
  TimelineDetailQuery,
  TimelineDetailSchema,
  TimelineQuery,
} from '@agora/contracts';
import { type HttpApp, ok } from '@agora/platform';
import type { Posts } from '../commands/posts';
import { objectTimeline, timelineDetail } from '../queries/timeline';

/**
 * The activity timeline of a question, answer or comment (behaviour §4b) and the revision pair it links
 * to. For signed-in, activated members (spec §2 "Timelines (logged in)"); the visibility rules then
 * decide what each one may read.
 */
export async function timelineRoutes(app: HttpApp, posts: Posts) {
  const settings = () => posts.context.siteSettings();

  app.get(
    '/answer/api/v1/activity/timeline',
    {
      config: { auth: 'user' },
      schema: {
        querystring: TimelineQuery,
        response: { 200: EnvelopeSchema(ObjectTimelineSchema) },
      },
    },
    async (request) =>
      ok(request, await objectTimeline(posts.db, request.query.object_id, request.actor, await settings())),
  );

  app.get(
    '/answer/api/v1/activity/timeline/detail',
    {
      config: { auth: 'user' },
      schema: {
        querystring: TimelineDetailQuery,
        response: { 200: EnvelopeSchema(TimelineDetailSchema) },
      },
    },
    async (request) => ok(request, await timelineDetail(posts.db, request.query, request.actor, await settings())),
  );
}
