import { Type } from 'typebox';
import { UserBasicInfoSchema } from '../queries/authors';

export { MemberActionSchema, OperationSchema, QuestionInfoSchema, TagRespSchema } from '@agora/contracts';

import { MemberActionSchema, TagRespSchema } from '@agora/contracts';

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

/** api.md AnswerInfo (without the nested question, which the wrappers carry). */
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

/** api.md GetCommentResp */
export const CommentSchema = Type.Object({
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
