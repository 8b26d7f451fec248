import { type Static, Type } from 'typebox';
import { TagRespSchema } from '../posts/responses';
import { UserBasicInfoSchema } from '../users/user-basic-info';

// `activity/timeline` and its detail, answered by posts for posts and by tags for tags.

/** The reference API's `ActObjectInfo`. */
export const ActObjectInfoSchema = Type.Object({
  title: Type.String(),
  object_type: Type.String(),
  question_id: Type.String(),
  answer_id: Type.String(),
  username: Type.String(),
  display_name: Type.String(),
  main_tag_slug_name: Type.String(),
});
export type ActObjectInfo = Static<typeof ActObjectInfoSchema>;

/** The reference API's `ActObjectTimeline`. */
export const ActObjectTimelineSchema = Type.Object({
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
export type ActObjectTimeline = Static<typeof ActObjectTimelineSchema>;

export const ObjectTimelineSchema = Type.Object({
  object_info: ActObjectInfoSchema,
  timeline: Type.Array(ActObjectTimelineSchema),
});
export type ObjectTimeline = Static<typeof ObjectTimelineSchema>;

/** The reference API's `ObjectTimelineDetail` (tags are ObjectTimelineTag, the same fields as TagResp). */
export const ObjectTimelineDetailSchema = Type.Object({
  title: Type.String(),
  tags: Type.Array(TagRespSchema),
  original_text: Type.String(),
  slug_name: Type.String(),
  main_tag_slug_name: Type.String(),
});
export type ObjectTimelineDetail = Static<typeof ObjectTimelineDetailSchema>;

const MaybeDetail = Type.Union([ObjectTimelineDetailSchema, Type.Null()]);
export const TimelineDetailSchema = Type.Object({ old_revision: MaybeDetail, new_revision: MaybeDetail });
export type TimelineDetail = Static<typeof TimelineDetailSchema>;

export const TimelineQuery = Type.Object({
  object_id: Type.String({ minLength: 1, maxLength: 100 }),
  show_vote: Type.Optional(Type.Boolean()),
});
export const TimelineDetailQuery = Type.Object({
  old_revision_id: Type.String({ minLength: 1, maxLength: 100 }),
  new_revision_id: Type.String({ minLength: 1, maxLength: 100 }),
});
