import { type Static, Type } from 'typebox';
import { UserBasicInfoSchema } from '../users/user-basic-info';
import { BadgeStatusSchema } from './events';

// Response shapes of the badges routes (the reference API's groups "Personal / profile / badges" and
// "admin: badges"); where the reference marks the handler's shape as differing from its schema (‡Go), it is
// the one here: pages as {count, list}.

const Level = Type.Integer({ minimum: 1, maximum: 3 });

/** `BadgeListInfo`: a badge in the catalogue; `earned_count` is the caller's (0 when signed out). */
export const BadgeListInfoSchema = Type.Object({
  id: Type.String(),
  name: Type.String(),
  icon: Type.String(),
  level: Level,
  award_count: Type.Integer(),
  earned_count: Type.Integer(),
});
export type BadgeListInfo = Static<typeof BadgeListInfoSchema>;

/** The reference API's `GetBadgeListResp`: one group of `GET badges`. */
export const BadgeGroupListSchema = Type.Object({
  group_name: Type.String(),
  badges: Type.Array(BadgeListInfoSchema),
});
export type BadgeGroupList = Static<typeof BadgeGroupListSchema>;

/** The reference API's `GetBadgeInfoResp`: `GET badge?id=`. */
export const BadgeInfoSchema = Type.Object({
  id: Type.String(),
  name: Type.String(),
  description: Type.String(),
  icon: Type.String(),
  level: Level,
  is_single: Type.Boolean(),
  award_count: Type.Integer(),
  earned_count: Type.Integer(),
});
export type BadgeInfo = Static<typeof BadgeInfoSchema>;

/** `GetBadgeAwardWithPageResp`: one award of `badge/awards/page`, with its member and the post it was for. */
export const BadgeAwardItemSchema = Type.Object({
  created_at: Type.Integer(),
  object_id: Type.String(),
  question_id: Type.String(),
  answer_id: Type.String(),
  comment_id: Type.String(),
  object_type: Type.String(),
  url_title: Type.String(),
  author_user_info: UserBasicInfoSchema,
});
export type BadgeAwardItem = Static<typeof BadgeAwardItemSchema>;

/** `GetUserBadgeAwardListResp`: a badge a member holds, and how often (`badge/user/awards[/recent]`). */
export const UserBadgeAwardSchema = Type.Object({
  id: Type.String(),
  name: Type.String(),
  icon: Type.String(),
  level: Level,
  earned_count: Type.Integer(),
});
export type UserBadgeAward = Static<typeof UserBadgeAwardSchema>;

/** The reference API's `GetBadgeListPagedResp`: a badge in the admin list; `earned`: awarded to anyone yet. */
export const AdminBadgeSchema = Type.Object({
  id: Type.String(),
  name: Type.String(),
  description: Type.String(),
  group_name: Type.String(),
  icon: Type.String(),
  level: Level,
  status: BadgeStatusSchema,
  award_count: Type.Integer(),
  earned: Type.Boolean(),
});
export type AdminBadge = Static<typeof AdminBadgeSchema>;
