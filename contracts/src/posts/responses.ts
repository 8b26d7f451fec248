import { type Static, Type } from 'typebox';
import { UserBasicInfoSchema } from '../users/user-basic-info';

// Response shapes of posts' routes, and those more than one service answers with (votes' bookmarks page), shared
// with the web app, which reads them as types (DESIGN §7, "Wire types").

export const TagRespSchema = Type.Object({
  slug_name: Type.String(),
  display_name: Type.String(),
  main_tag_slug_name: Type.String(),
  recommend: Type.Boolean(),
  reserved: Type.Boolean(),
});
export type TagResp = Static<typeof TagRespSchema>;

export const MemberActionSchema = Type.Object({ action: Type.String(), name: Type.String(), type: Type.String() });
export type MemberAction = Static<typeof MemberActionSchema>;

export const OperationSchema = Type.Object({
  type: Type.String(),
  description: Type.String(),
  msg: Type.String(),
  time: Type.Integer(),
  level: Type.String(),
});
export type Operation = Static<typeof OperationSchema>;

/** QuestionInfoResp: `question/info`, and a question as asked. */
export const QuestionInfoSchema = Type.Object({
  id: Type.String(),
  title: Type.String(),
  url_title: Type.String(),
  content: Type.String(),
  html: Type.String(),
  description: Type.String(),
  tags: Type.Array(TagRespSchema),
  view_count: Type.Integer(),
  unique_view_count: Type.Integer(),
  answer_count: Type.Integer(),
  collection_count: Type.Integer(),
  follow_count: Type.Integer(),
  vote_count: Type.Integer(),
  vote_status: Type.String(),
  collected: Type.Boolean(),
  is_followed: Type.Boolean(),
  accepted_answer_id: Type.String(),
  first_answer_id: Type.String(),
  last_answer_id: Type.String(),
  answered: Type.Boolean(),
  create_time: Type.Integer(),
  update_time: Type.Integer(),
  edit_time: Type.Integer(),
  status: Type.Integer(),
  pin: Type.Integer(),
  show: Type.Integer(),
  operation: OperationSchema,
  user_info: UserBasicInfoSchema,
  update_user_info: UserBasicInfoSchema,
  last_answered_user_info: UserBasicInfoSchema,
  member_actions: Type.Array(MemberActionSchema),
  extends_actions: Type.Array(MemberActionSchema),
});
export type QuestionInfo = Static<typeof QuestionInfoSchema>;

/** QuestionPageResp: a row of `question/page` and `question/similar/tag`. */
export const QuestionPageItemSchema = Type.Object({
  id: Type.String(),
  title: Type.String(),
  url_title: Type.String(),
  description: Type.String(),
  tags: Type.Array(TagRespSchema),
  pin: Type.Integer(),
  show: Type.Integer(),
  status: Type.Integer(),
  view_count: Type.Integer(),
  unique_view_count: Type.Integer(),
  vote_count: Type.Integer(),
  answer_count: Type.Integer(),
  collection_count: Type.Integer(),
  follow_count: Type.Integer(),
  accepted_answer_id: Type.String(),
  last_answer_id: Type.String(),
  created_at: Type.Integer(),
  operated_at: Type.Integer(),
  operation_type: Type.String(),
  operator: Type.Object({
    id: Type.String(),
    username: Type.String(),
    display_name: Type.String(),
    avatar: Type.String(),
    rank: Type.Integer(),
    status: Type.String(),
  }),
});
export type QuestionPageItem = Static<typeof QuestionPageItemSchema>;

/** AnswerInfo (without the nested question, which the wrappers carry). */
export const AnswerInfoSchema = Type.Object({
  id: Type.String(),
  question_id: Type.String(),
  content: Type.String(),
  html: Type.String(),
  accepted: Type.Integer(),
  status: Type.Integer(),
  vote_count: Type.Integer(),
  vote_status: Type.String(),
  collected: Type.Boolean(),
  create_time: Type.Integer(),
  update_time: Type.Integer(),
  user_info: UserBasicInfoSchema,
  update_user_info: UserBasicInfoSchema,
  member_actions: Type.Array(MemberActionSchema),
});
export type AnswerInfo = Static<typeof AnswerInfoSchema>;

/** An answer with its question: `answer/info`, a new answer (`POST answer`) and `question/answer`. */
export const AnswerWithQuestionSchema = Type.Object({ info: AnswerInfoSchema, question: QuestionInfoSchema });
export type AnswerWithQuestion = Static<typeof AnswerWithQuestionSchema>;

/** UpdateQuestionResp: `PUT question`; `wait_for_review` when the edit became a revision to review. */
export const UpdateQuestionRespSchema = Type.Object({ url_title: Type.String(), wait_for_review: Type.Boolean() });
export type UpdateQuestionResp = Static<typeof UpdateQuestionRespSchema>;

/** AnswerUpdateResp: `PUT answer`. */
export const AnswerUpdateRespSchema = Type.Object({ wait_for_review: Type.Boolean() });
export type AnswerUpdateResp = Static<typeof AnswerUpdateRespSchema>;

/** GetCommentResp: a comment of `comment/page`, `GET comment` and a new comment. */
export const CommentItemSchema = Type.Object({
  comment_id: Type.String(),
  object_id: Type.String(),
  created_at: Type.Integer(),
  is_vote: Type.Boolean(),
  vote_count: Type.Integer(),
  original_text: Type.String(),
  parsed_text: Type.String(),
  reply_comment_id: Type.String(),
  reply_user_id: Type.String(),
  reply_username: Type.String(),
  reply_user_display_name: Type.String(),
  reply_user_status: Type.String(),
  user_id: Type.String(),
  username: Type.String(),
  user_display_name: Type.String(),
  user_avatar: Type.String(),
  user_status: Type.String(),
  member_actions: Type.Array(MemberActionSchema),
});
export type CommentItem = Static<typeof CommentItemSchema>;

/** A post's first page of comments, as `comment/page` answers it for that post (count, then the page). */
export const PostCommentsSchema = Type.Object({
  object_id: Type.String(),
  count: Type.Integer(),
  list: Type.Array(CommentItemSchema),
});
export type PostComments = Static<typeof PostCommentsSchema>;

/**
 * `comment/question`: the first page of comments of a question and of each of its visible answers, in one read
 * (posts with no comment are left out). A server-rendered question page draws every post's comments from it.
 */
export const QuestionCommentsSchema = Type.Object({ list: Type.Array(PostCommentsSchema) });
export type QuestionComments = Static<typeof QuestionCommentsSchema>;

/** UpdateCommentResp: `PUT comment`. */
export const UpdateCommentRespSchema = Type.Object({
  comment_id: Type.String(),
  original_text: Type.String(),
  parsed_text: Type.String(),
});
export type UpdateCommentResp = Static<typeof UpdateCommentRespSchema>;
