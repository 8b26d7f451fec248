export { QuestionInfoSchema } from '@agora/contracts';

import { type TSchema, Type } from 'typebox';

export const Page = <T extends TSchema>(item: T) => Type.Object({ count: Type.Integer(), list: Type.Array(item) });

const ObjectType = Type.Union([Type.Literal('question'), Type.Literal('answer'), Type.Literal('comment')]);

/** The reference API's `GetVoteWithPageResp`. */
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

/** The reference API's `GetRankPersonalPageResp`. */
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

/** The reference API's `UserRankingSimpleInfo`. */
const RankedUserSchema = Type.Object({
  username: Type.String(),
  display_name: Type.String(),
  avatar: Type.String(),
  rank: Type.Integer(),
  vote_count: Type.Integer(),
});

/** The reference API's `UserRankingResp`. */
export const RankingSchema = Type.Object({
  users_with_the_most_reputation: Type.Array(RankedUserSchema),
  users_with_the_most_vote: Type.Array(RankedUserSchema),
  staffs: Type.Array(RankedUserSchema),
});
