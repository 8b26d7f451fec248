import { type Static, Type } from 'typebox';
import { TagRespSchema } from '../posts/responses';

// The wire shapes of a member's profile and its tabs (`personal/*`) and of the user list (`user/ranking`),
// answered by identity, posts and votes and read by the users micro-frontend (DESIGN §7, "Wire types").

/** GetOtherUserInfoByUsernameResp: `personal/user/info`, the user object itself in `data`. */
export const PublicUserInfoSchema = Type.Object({
  id: Type.String(),
  username: Type.String(),
  display_name: Type.String(),
  avatar: Type.String(),
  bio: Type.String(),
  bio_html: Type.String(),
  website: Type.String(),
  location: Type.String(),
  rank: Type.Integer(),
  answer_count: Type.Integer(),
  question_count: Type.Integer(),
  follow_count: Type.Integer(),
  created_at: Type.Integer(),
  last_login_date: Type.Integer(),
  status: Type.String(),
  status_msg: Type.String(),
  suspended_until: Type.Integer(),
  mobile: Type.String(),
});
export type PublicUserInfo = Static<typeof PublicUserInfoSchema>;

/** UserQuestionInfo: a row of the Questions tab and of the Overview's top questions. */
export const UserQuestionInfoSchema = Type.Object({
  question_id: Type.String(),
  title: Type.String(),
  url_title: Type.String(),
  vote_count: Type.Integer(),
  tags: Type.Array(TagRespSchema),
  view_count: Type.Integer(),
  answer_count: Type.Integer(),
  collection_count: Type.Integer(),
  created_at: Type.Integer(),
  accepted_answer_id: Type.String(),
  status: Type.String(),
});
export type UserQuestionInfo = Static<typeof UserQuestionInfoSchema>;

/** UserAnswerInfo: a row of the Answers tab and of the Overview's top answers. */
export const UserAnswerInfoSchema = Type.Object({
  answer_id: Type.String(),
  question_id: Type.String(),
  accepted: Type.Integer(),
  vote_count: Type.Integer(),
  create_time: Type.Integer(),
  update_time: Type.Integer(),
  question_info: Type.Object({ title: Type.String(), url_title: Type.String(), tags: Type.Array(TagRespSchema) }),
});
export type UserAnswerInfo = Static<typeof UserAnswerInfoSchema>;

/** `personal/qa/top`: the Overview's top questions and answers. */
export const UserTopPostsSchema = Type.Object({
  question: Type.Array(UserQuestionInfoSchema),
  answer: Type.Array(UserAnswerInfoSchema),
});
export type UserTopPosts = Static<typeof UserTopPostsSchema>;

/** GetCommentPersonalWithPageResp: a row of the Comments tab. */
export const PersonalCommentSchema = Type.Object({
  comment_id: Type.String(),
  object_id: Type.String(),
  object_type: Type.String(),
  question_id: Type.String(),
  answer_id: Type.String(),
  content: Type.String(),
  created_at: Type.Integer(),
  title: Type.String(),
  url_title: Type.String(),
});
export type PersonalComment = Static<typeof PersonalCommentSchema>;

const ObjectType = Type.Union([Type.Literal('question'), Type.Literal('answer'), Type.Literal('comment')]);

/** GetVoteWithPageResp: a row of the (own) Votes tab. */
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
export type VotePageItem = Static<typeof VotePageItemSchema>;

/** GetRankPersonalPageResp: a row of the Reputation tab, its reason in `rank_type`. */
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
export type RankPageItem = Static<typeof RankPageItemSchema>;

/** UserRankingSimpleInfo: a member of the user list's sections. */
export const RankedUserSchema = Type.Object({
  username: Type.String(),
  display_name: Type.String(),
  avatar: Type.String(),
  rank: Type.Integer(),
  vote_count: Type.Integer(),
});
export type RankedUser = Static<typeof RankedUserSchema>;

/** UserRankingResp: `user/ranking`, the user list's three sections. */
export const RankingSchema = Type.Object({
  users_with_the_most_reputation: Type.Array(RankedUserSchema),
  users_with_the_most_vote: Type.Array(RankedUserSchema),
  staffs: Type.Array(RankedUserSchema),
});
export type Ranking = Static<typeof RankingSchema>;

/** GetUserStaffResp: an admin or moderator whose name matches (`user/staff`, the user list's staff search). */
export const StaffMemberSchema = Type.Object({
  avatar: Type.String(),
  display_name: Type.String(),
  username: Type.String(),
});
export type StaffMember = Static<typeof StaffMemberSchema>;
