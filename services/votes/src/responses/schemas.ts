import { UserBasicInfoSchema } from '@agora/contracts';
import { type TSchema, Type } from 'typebox';

export const Page = <T extends TSchema>(item: T) => Type.Object({ count: Type.Integer(), list: Type.Array(item) });

/** api.md VoteResp */
export const VoteResultSchema = Type.Object({
  votes: Type.Integer(),
  up_votes: Type.Integer(),
  down_votes: Type.Integer(),
  vote_status: Type.String(),
});

/** api.md CollectionSwitchResp, with the `switch` and `object_id` the product spec's client reads. */
export const BookmarkResultSchema = Type.Object({
  object_id: Type.String(),
  object_collection_count: Type.Integer(),
  switch: Type.Boolean(),
});

const TagRespSchema = Type.Object({
  slug_name: Type.String(),
  display_name: Type.String(),
  main_tag_slug_name: Type.String(),
  recommend: Type.Boolean(),
  reserved: Type.Boolean(),
});
const ActionSchema = Type.Object({ action: Type.String(), name: Type.String(), type: Type.String() });

/** api.md QuestionInfoResp: the items of `personal/collection/page`. */
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
  operation: Type.Object({
    type: Type.String(),
    description: Type.String(),
    msg: Type.String(),
    time: Type.Integer(),
    level: Type.String(),
  }),
  user_info: UserBasicInfoSchema,
  update_user_info: UserBasicInfoSchema,
  last_answered_user_info: UserBasicInfoSchema,
  member_actions: Type.Array(ActionSchema),
  extends_actions: Type.Array(ActionSchema),
});

const ObjectType = Type.Union([Type.Literal('question'), Type.Literal('answer'), Type.Literal('comment')]);

/** api.md GetVoteWithPageResp */
export const VotePageItemSchema = Type.Object({
  object_id: Type.String(),
  object_type: ObjectType,
  question_id: Type.String(),
  answer_id: Type.String(),
  title: Type.String(),
  url_title: Type.String(),
  content: Type.String(),
  vote_type: Type.String(),
  created_at: Type.Integer(),
});

/** api.md GetRankPersonalPageResp */
export const RankPageItemSchema = Type.Object({
  object_id: Type.String(),
  object_type: ObjectType,
  question_id: Type.String(),
  answer_id: Type.String(),
  title: Type.String(),
  url_title: Type.String(),
  content: Type.String(),
  rank_type: Type.String(),
  reputation: Type.Integer(),
  created_at: Type.Integer(),
});

/** api.md UserRankingSimpleInfo */
const RankedUserSchema = Type.Object({
  username: Type.String(),
  display_name: Type.String(),
  avatar: Type.String(),
  rank: Type.Integer(),
  vote_count: Type.Integer(),
});

/** api.md UserRankingResp */
export const RankingSchema = Type.Object({
  users_with_the_most_reputation: Type.Array(RankedUserSchema),
  users_with_the_most_vote: Type.Array(RankedUserSchema),
  staffs: Type.Array(RankedUserSchema),
});
