import { Limits } from '@agora/contracts';
import { Type } from 'typebox';

/** Request pieces shared by the routes (api.md "Tag"). */
export const Id = Type.String({ minLength: 1, maxLength: 64 });
export const Slug = Type.String({ minLength: 1, maxLength: Limits.tags.slugMaxLength });
export const DisplayName = Type.String({ maxLength: Limits.tags.nameMaxLength });
export const Description = Type.String({ maxLength: 65536 });
export const TagItemSchema = Type.Object({
  slug_name: Slug,
  display_name: Type.Optional(DisplayName),
  original_text: Type.Optional(Description),
});

const MemberAction = Type.Object({ action: Type.String(), name: Type.String(), type: Type.String() });
const Marks = { recommend: Type.Boolean(), reserved: Type.Boolean() };

/** GetTagBasicResp */
export const TagBasicSchema = Type.Object({
  tag_id: Type.String(),
  slug_name: Type.String(),
  display_name: Type.String(),
  ...Marks,
});

/** GetTagPageResp */
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

/** GetTagResp */
export const TagInfoSchema = Type.Object({
  ...TagPageItemSchema.properties,
  main_tag_slug_name: Type.String(),
  status: Type.String(),
  member_actions: Type.Array(MemberAction),
});

/** GetTagSynonymsResp */
export const TagSynonymsSchema = Type.Object({
  member_actions: Type.Array(MemberAction),
  synonyms: Type.Array(
    Type.Object({
      tag_id: Type.String(),
      slug_name: Type.String(),
      display_name: Type.String(),
      main_tag_slug_name: Type.String(),
    }),
  ),
});

/** GetFollowingTagsResp */
export const FollowingTagSchema = Type.Object({ ...TagBasicSchema.properties, main_tag_slug_name: Type.String() });
