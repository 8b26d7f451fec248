import { type Static, Type } from 'typebox';
import { MemberActionSchema } from '../posts/responses';

// Response shapes of tags' routes, shared with the web app, which reads them as types (DESIGN §7, "Wire types").

const Marks = { recommend: Type.Boolean(), reserved: Type.Boolean() };

/** GetTagBasicResp: `tags`, `question/tags` (suggestions while typing). */
export const TagBasicSchema = Type.Object({
  tag_id: Type.String(),
  slug_name: Type.String(),
  display_name: Type.String(),
  ...Marks,
});
export type TagBasic = Static<typeof TagBasicSchema>;

/** GetTagPageResp: a row of `tags/page`. */
export const TagPageItemSchema = Type.Object({
  tag_id: Type.String(),
  slug_name: Type.String(),
  display_name: Type.String(),
  description: Type.String(),
  excerpt: Type.String(),
  original_text: Type.String(),
  parsed_text: Type.String(),
  question_count: Type.Integer(),
  follow_count: Type.Integer(),
  is_follower: Type.Boolean(),
  created_at: Type.Integer(),
  updated_at: Type.Integer(),
  ...Marks,
});
export type TagPageItem = Static<typeof TagPageItemSchema>;

/** GetTagResp: `GET tag`. */
export const TagInfoSchema = Type.Object({
  ...TagPageItemSchema.properties,
  main_tag_slug_name: Type.String(),
  status: Type.String(),
  member_actions: Type.Array(MemberActionSchema),
});
export type TagInfo = Static<typeof TagInfoSchema>;

/** GetTagSynonymsResp: `tag/synonyms`. */
export const TagSynonymsSchema = Type.Object({
  member_actions: Type.Array(MemberActionSchema),
  synonyms: Type.Array(
    Type.Object({
      tag_id: Type.String(),
      slug_name: Type.String(),
      display_name: Type.String(),
      main_tag_slug_name: Type.String(),
    }),
  ),
});
export type TagSynonyms = Static<typeof TagSynonymsSchema>;

/** GetFollowingTagsResp: `tags/following`. */
export const FollowingTagSchema = Type.Object({ ...TagBasicSchema.properties, main_tag_slug_name: Type.String() });
export type FollowingTag = Static<typeof FollowingTagSchema>;

/** AddTagResp: `POST tag`. */
export const AddTagRespSchema = Type.Object({ slug_name: Type.String() });
export type AddTagResp = Static<typeof AddTagRespSchema>;

/** UpdateTagResp: `PUT tag`; `wait_for_review` when the edit became a revision to review. */
export const UpdateTagRespSchema = Type.Object({ wait_for_review: Type.Boolean() });
export type UpdateTagResp = Static<typeof UpdateTagRespSchema>;

/** FollowResp: `follow`, a tag (tags) or a question (posts). */
export const FollowRespSchema = Type.Object({ follows: Type.Integer(), is_followed: Type.Boolean() });
export type FollowResp = Static<typeof FollowRespSchema>;
