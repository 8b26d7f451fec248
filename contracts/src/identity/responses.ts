import { type Static, Type } from 'typebox';

// Response shapes of identity's account routes, shared with the web app, which reads them as types (DESIGN §7,
// "Wire types").

export const AvatarInfoSchema = Type.Object({ type: Type.String(), gravatar: Type.String(), custom: Type.String() });
export type AvatarInfo = Static<typeof AvatarInfoSchema>;

const accountFields = {
  access_token: Type.String(),
  answer_count: Type.Integer(),
  authority_group: Type.Integer(),
  bio: Type.String(),
  bio_html: Type.String(),
  color_scheme: Type.String(),
  created_at: Type.Integer(),
  display_name: Type.String(),
  e_mail: Type.String(),
  follow_count: Type.Integer(),
  have_password: Type.Boolean(),
  id: Type.String(),
  language: Type.String(),
  last_login_date: Type.Integer(),
  location: Type.String(),
  mail_status: Type.Integer(),
  mobile: Type.String(),
  notice_status: Type.Integer(),
  question_count: Type.Integer(),
  rank: Type.Integer(),
  role_id: Type.Integer(),
  status: Type.String(),
  suspended_until: Type.Integer(),
  /** Beyond the reference: the member's own time zone for dates ('' for the site's). */
  time_zone: Type.String(),
  username: Type.String(),
  visit_token: Type.String(),
  website: Type.String(),
};

/** UserLoginResp: the answer of login, register, activation and e-mail change. */
export const UserLoginRespSchema = Type.Object({ ...accountFields, avatar: Type.String() });
export type UserLoginResp = Static<typeof UserLoginRespSchema>;

/** GetCurrentLoginUserInfoResp: `user/info`, with the avatar as an object. */
export const CurrentUserInfoSchema = Type.Object({ ...accountFields, avatar: AvatarInfoSchema });
export type CurrentUserInfo = Static<typeof CurrentUserInfoSchema>;

/**
 * ActionRecordResp: `user/action/record?action=`, whether the caller must solve a captcha for an action, with
 * a fresh one when so. Answered by each service for the actions it owns.
 */
export const ActionRecordRespSchema = Type.Object({
  captcha_id: Type.String(),
  captcha_img: Type.String(),
  verify: Type.Boolean(),
});
export type ActionRecordResp = Static<typeof ActionRecordRespSchema>;

/** ExternalLoginBindingUserSendEmailResp: `connector/binding/email`, binding a third-party login to an e-mail. */
export const BindingEmailRespSchema = Type.Object({
  access_token: Type.String(),
  email_exist_and_must_be_confirmed: Type.Boolean(),
});
export type BindingEmailResp = Static<typeof BindingEmailRespSchema>;

/** `connector/binding/password` (Agora's): the provider's login linked to the account whose password was proven. */
export const BindingPasswordRespSchema = Type.Object({ access_token: Type.String() });
export type BindingPasswordResp = Static<typeof BindingPasswordRespSchema>;

/** ControlCenter: a link of a user-center agent's menu. */
export const ControlCenterSchema = Type.Object({ name: Type.String(), label: Type.String(), url: Type.String() });

/** AgentInfo: the user-center agent that signs members in instead of (or beside) Agora's own accounts. */
export const AgentInfoSchema = Type.Object({
  name: Type.String(),
  display_name: Type.String(),
  icon: Type.String(),
  url: Type.String(),
  login_redirect_url: Type.String(),
  sign_up_redirect_url: Type.String(),
  control_center: Type.Array(ControlCenterSchema),
  enabled_original_user_system: Type.Boolean(),
});
export type AgentInfo = Static<typeof AgentInfoSchema>;

/** UserCenterAgentResp: `user-center/agent`; without an agent, `{ enabled: false }`. */
export const UserCenterAgentRespSchema = Type.Object({
  enabled: Type.Boolean(),
  agent_info: Type.Optional(AgentInfoSchema),
});
export type UserCenterAgentResp = Static<typeof UserCenterAgentRespSchema>;

/** UserSettingAgent: whether a user center manages this part of the member's settings, and where. */
export const UserSettingAgentSchema = Type.Object({ enabled: Type.Boolean(), redirect_url: Type.String() });

/** UserCenterUserSettingsResp: `user-center/user/settings`, the profile and account settings a user center takes over. */
export const UserCenterUserSettingsRespSchema = Type.Object({
  profile_setting_agent: UserSettingAgentSchema,
  account_setting_agent: UserSettingAgentSchema,
});
export type UserCenterUserSettingsResp = Static<typeof UserCenterUserSettingsRespSchema>;

/** PersonalBranding: a link a user center shows on a member's profile. */
export const PersonalBrandingSchema = Type.Object({
  icon: Type.String(),
  name: Type.String(),
  label: Type.String(),
  url: Type.String(),
});

/** UserCenterPersonalBranding: `user-center/personal/branding`, the links a user center adds to a profile. */
export const UserCenterPersonalBrandingSchema = Type.Object({
  enabled: Type.Boolean(),
  personal_branding: Type.Array(PersonalBrandingSchema),
});
export type UserCenterPersonalBranding = Static<typeof UserCenterPersonalBrandingSchema>;

/** UserCenterAdminFunctionAgentResp: admin `user-center/agent`, which user administration stays with Agora. */
export const UserCenterAdminFunctionAgentRespSchema = Type.Object({
  allow_create_user: Type.Boolean(),
  allow_update_user_status: Type.Boolean(),
  allow_update_user_password: Type.Boolean(),
  allow_update_user_role: Type.Boolean(),
});
export type UserCenterAdminFunctionAgentResp = Static<typeof UserCenterAdminFunctionAgentRespSchema>;

/** ConnectorInfoResp: `connector/info`, a sign-in button of an external login. */
export const ConnectorInfoSchema = Type.Object({ icon: Type.String(), link: Type.String(), name: Type.String() });
export type ConnectorInfo = Static<typeof ConnectorInfoSchema>;

/** ConnectorUserInfoResp: `connector/user/info`, an external login and whether the member has bound it. */
export const ConnectorUserInfoSchema = Type.Object({
  binding: Type.Boolean(),
  external_id: Type.String(),
  icon: Type.String(),
  link: Type.String(),
  name: Type.String(),
});
export type ConnectorUserInfo = Static<typeof ConnectorUserInfoSchema>;

/** GetUserPluginListResp: `user/plugin/configs`, a plugin with settings of the member's own. */
export const UserPluginSchema = Type.Object({ name: Type.String(), slug_name: Type.String() });
export type UserPlugin = Static<typeof UserPluginSchema>;

/** GetUserPageResp: a row of the admin's user list (`users/page`). */
export const AdminUserPageItemSchema = Type.Object({
  user_id: Type.String(),
  username: Type.String(),
  display_name: Type.String(),
  e_mail: Type.String(),
  avatar: Type.String(),
  rank: Type.Integer(),
  role_id: Type.Integer(),
  role_name: Type.String(),
  status: Type.String(),
  created_at: Type.Integer(),
  deleted_at: Type.Integer(),
  suspended_at: Type.Integer(),
  suspended_until: Type.Integer(),
});
export type AdminUserPageItem = Static<typeof AdminUserPageItemSchema>;

/** GetRoleResp: a role the admin can give (`roles`). */
export const RoleItemSchema = Type.Object({ id: Type.Integer(), name: Type.String(), description: Type.String() });
export type RoleItem = Static<typeof RoleItemSchema>;

/** GetUserActivationResp. */
export const UserActivationRespSchema = Type.Object({ activation_url: Type.String() });
export type UserActivationResp = Static<typeof UserActivationRespSchema>;
