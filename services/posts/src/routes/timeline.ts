import {
  EnvelopeSchema,
  ObjectTimelineSchema,
  TimelineDetailQuery,
  TimelineDetailSchema,
  TimelineQuery,
} from '@agora/contracts';
import { type HttpApp, ok } from '@agora/platform';
import type { PostsReads } from '../queries/reads';
import { objectTimeline, timelineDetail } from '../queries/timeline';

/**
 * The activity timeline of a question, answer or comment and the revision pair it links
 * to. For signed-in, activated members (the reference client shows timelines to them only); the visibility rules then
 * decide what each one may read.
 */
export async function timelineRoutes(app: HttpApp, reads: PostsReads) {
  const settings = () => reads.settings();

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
      ok(
        request,
        await objectTimeline(reads.db, request.query.object_id, request.actor, await settings(), request.language),
      ),
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
    async (request) => ok(request, await timelineDetail(reads.db, request.query, request.actor, await settings())),
  );
}
