import { type Static, Type } from 'typebox';
import { TagRespSchema } from '../posts/responses';
import { UserBasicInfoSchema } from '../users/user-basic-info';

// Response shapes of moderation's routes that the web app reads as types (DESIGN §7, "Wire types").

/**
 * ReasonItem: one of the reasons `reasons?object_type=&action=` offers for closing or flagging a post;
 * `content_type` says whether the reason takes text (`text`, `textarea`) or none ('').
 */
export const ReasonItemSchema = Type.Object({
  reason_key: Type.String(),
  reason_type: Type.Integer(),
  name: Type.String(),
  description: Type.String(),
  content_type: Type.String(),
  placeholder: Type.String(),
});
export type ReasonItem = Static<typeof ReasonItemSchema>;

/** The reference API's `GetReportListPageResp`: a flag with a snapshot of what it is about (a post, or a member). */
export const ReportItemSchema = Type.Object({
  flag_id: Type.String(),
  object_id: Type.String(),
  object_type: Type.String(),
  question_id: Type.String(),
  answer_id: Type.String(),
  comment_id: Type.String(),
  title: Type.String(),
  url_title: Type.String(),
  original_text: Type.String(),
  parsed_text: Type.String(),
  tags: Type.Array(TagRespSchema),
  answer_count: Type.Integer(),
  answer_accepted: Type.Boolean(),
  object_status: Type.Integer(),
  object_show_status: Type.Integer(),
  author_user_info: UserBasicInfoSchema,
  /** The member who flagged it. */
  submitter_user: UserBasicInfoSchema,
  reason: ReasonItemSchema,
  reason_content: Type.String(),
  created_at: Type.Integer(),
  submit_at: Type.Integer(),
  /** Agora's: `pending`, `completed` or `ignored`, and what handling it did ('' while pending). */
  status: Type.String(),
  operation_type: Type.String(),
  handled_at: Type.Integer(),
});
export type ReportItem = Static<typeof ReportItemSchema>;

/** The reference API's `GetReviewingTypeResp`: one of the review queues and what waits in it for the caller. */
export const ReviewingTypeSchema = Type.Object({
  name: Type.String(),
  label: Type.String(),
  todo_amount: Type.Integer(),
});
export type ReviewingType = Static<typeof ReviewingTypeSchema>;

/**
 * A revision's content as the review queue shows it: a question's title, body and tags, an answer's body,
 * or a tag's names and description (the fields a kind of object lacks are empty).
 */
export const RevisionContentSchema = Type.Object({
  title: Type.String(),
  content: Type.String(),
  html: Type.String(),
  tags: Type.Array(TagRespSchema),
  slug_name: Type.String(),
  display_name: Type.String(),
});
export type RevisionContent = Static<typeof RevisionContentSchema>;

/** The reference API's `GetRevisionResp`, as the review queue shows the suggested one. */
export const UnreviewedRevisionSchema = Type.Object({
  id: Type.String(),
  use_id: Type.String(),
  object_id: Type.String(),
  title: Type.String(),
  url_title: Type.String(),
  content: RevisionContentSchema,
  status: Type.Integer(),
  reason: Type.String(),
  create_at: Type.Integer(),
  user_info: UserBasicInfoSchema,
});

/** The reference API's `UnreviewedRevisionInfoInfo`: the object as it stands, beside the suggestion. */
export const UnreviewedObjectSchema = Type.Object({
  object_id: Type.String(),
  object_type: Type.String(),
  question_id: Type.String(),
  answer_id: Type.String(),
  comment_id: Type.String(),
  title: Type.String(),
  url_title: Type.String(),
  content: Type.String(),
  html: Type.String(),
  tags: Type.Array(TagRespSchema),
  answer_count: Type.Integer(),
  answer_accepted: Type.Boolean(),
  object_creator_user_id: Type.String(),
  status: Type.Integer(),
  show_status: Type.Integer(),
  created_at: Type.Integer(),
});

/** The reference API's `GetUnreviewedRevisionResp`: `type` is the object's type. */
export const UnreviewedRevisionItemSchema = Type.Object({
  type: Type.String(),
  info: UnreviewedObjectSchema,
  unreviewed_info: UnreviewedRevisionSchema,
});
export type UnreviewedRevisionItem = Static<typeof UnreviewedRevisionItemSchema>;

/**
 * The reference API's `GetUnreviewedPostPageResp`: a question or answer held for review (pre-moderation).
 * `submitter_display_name` and `reason` say which hold rule kept it back (Agora holds by site settings, not plugins).
 */
export const PendingPostItemSchema = Type.Object({
  review_id: Type.Integer(),
  object_id: Type.String(),
  object_type: Type.String(),
  question_id: Type.String(),
  answer_id: Type.String(),
  comment_id: Type.String(),
  title: Type.String(),
  url_title: Type.String(),
  original_text: Type.String(),
  parsed_text: Type.String(),
  tags: Type.Array(TagRespSchema),
  object_status: Type.Integer(),
  object_show_status: Type.Integer(),
  author_user_info: UserBasicInfoSchema,
  reason: Type.String(),
  submitter_display_name: Type.String(),
  created_at: Type.Integer(),
  submit_at: Type.Integer(),
});
export type PendingPostItem = Static<typeof PendingPostItemSchema>;
