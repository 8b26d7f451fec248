import { type Static, Type } from 'typebox';

/** The reference API's `UserBasicInfo`: a user as every service shows them beside their content. */
export const UserBasicInfoSchema = Type.Object({
  id: Type.String(),
  username: Type.String(),
  display_name: Type.String(),
  avatar: Type.String(),
  rank: Type.Integer(),
  status: Type.String(),
  language: Type.String(),
  location: Type.String(),
  website: Type.String(),
  suspended_until: Type.Integer(),
});
export type UserBasicInfo = Static<typeof UserBasicInfoSchema>;
