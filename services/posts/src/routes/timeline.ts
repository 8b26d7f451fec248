import { EnvelopeSchema } from '@agora/contracts';
import { type HttpApp, ok, siteSettingsOf } from '@agora/platform';
import { Type } from 'typebox';
import type { Posts } from '../commands/posts';
import { UserBasicInfoSchema } from '../queries/authors';
import { objectTimeline, timelineDetail } from '../queries/timeline';
import { TagRespSchema } from '../responses/schemas';

const ObjectId = Type.String({ minLength: 1, maxLength: 100 });

/** api.md ActObjectInfo */
const ActObjectInfoSchema = Type.Object({
  title: Type.String(),
  object_type: Type.String(),
  question_id: Type.String(),
  answer_id: Type.String(),
  username: Type.String(),
  display_name: Type.String(),
  main_tag_slug_name: Type.String(),
});

/** api.md ActObjectTimeline */
const ActObjectTimelineSchema = Type.Object({
  activity_id: Type.String(),
  revision_id: Type.String(),
  created_at: Type.Integer(),
  activity_type: Type.String(),
  comment: Type.String(),
  object_id: Type.String(),
  object_type: Type.String(),
  cancelled: Type.Boolean(),
  cancelled_at: Type.Integer(),
  user_info: UserBasicInfoSchema,
});

/** api.md ObjectTimelineDetail (tags are ObjectTimelineTag, the same fields as TagResp). */
const ObjectTimelineDetailSchema = Type.Object({
  title: Type.String(),
  tags: Type.Array(TagRespSchema),
  original_text: Type.String(),
  slug_name: Type.String(),
  main_tag_slug_name: Type.String(),
});
const MaybeDetail = Type.Union([ObjectTimelineDetailSchema, Type.Null()]);

/**
 * The activity timeline of a question, answer or comment (behaviour §4b) and the revision pair it links
 * to. For signed-in, activated members (spec §2 "Timelines (logged in)"); the visibility rules then
 * decide what each one may read.
 */
export async function timelineRoutes(app: HttpApp, posts: Posts) {
  const settings = () => siteSettingsOf(posts.context);

  app.get(
    '/answer/api/v1/activity/timeline',
    {
      config: { auth: 'user' },
      schema: {
        querystring: Type.Object({ object_id: ObjectId, show_vote: Type.Optional(Type.Boolean()) }),
        response: {
          200: EnvelopeSchema(
            Type.Object({ object_info: ActObjectInfoSchema, timeline: Type.Array(ActObjectTimelineSchema) }),
          ),
        },
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
        querystring: Type.Object({ old_revision_id: ObjectId, new_revision_id: ObjectId }),
        response: { 200: EnvelopeSchema(Type.Object({ old_revision: MaybeDetail, new_revision: MaybeDetail })) },
      },
    },
    async (request) => ok(request, await timelineDetail(posts.db, request.query, request.actor, await settings())),
  );
}
