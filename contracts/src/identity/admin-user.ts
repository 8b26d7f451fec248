import { type Static, Type } from 'typebox';
import { AdminUserPageItemSchema } from './responses';

/**
 * Agora's `GET admin/api/user?user_id=`: the admin's overview of one member (the user list's row, the profile
 * facts and the activity counts).
 */
export const AdminUserOverviewSchema = Type.Object({
  ...AdminUserPageItemSchema.properties,
  bio: Type.String(),
  website: Type.String(),
  location: Type.String(),
  language: Type.String(),
  mail_status: Type.Integer(),
  question_count: Type.Integer(),
  answer_count: Type.Integer(),
  follow_count: Type.Integer(),
  last_login_at: Type.Integer(),
});
export type AdminUserOverview = Static<typeof AdminUserOverviewSchema>;
