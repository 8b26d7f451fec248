import { Type } from 'typebox';
import { UserBasicInfoSchema } from '../users/user-basic-info';

// Response shapes of api.md that more than one service answers with (posts, votes' bookmarks page).

export const TagRespSchema = Type.Object({
  slug_name: Type.String(),
  display_name: Type.String(),
  main_tag_slug_name: Type.String(),
  recommend: Type.Boolean(),
  reserved: Type.Boolean(),
});

export const MemberActionSchema = Type.Object({ action: Type.String(), name: Type.String(), type: Type.String() });

export const OperationSchema = Type.Object({
  type: Type.String(),
  description: Type.String(),
  msg: Type.String(),
  time: Type.Integer(),
  level: Type.String(),
});

/** api.md QuestionInfoResp */
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
