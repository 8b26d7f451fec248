import type { UserStatus } from '@agora/contracts/identity/roles';

export interface AvatarInfo {
  type?: string;
  gravatar?: string;
  custom?: string;
}

/** The signed-in user as `user/info`, login, register and activation return it (api.md). */
export interface UserInfo {
  id: string;
  access_token: string;
  username: string;
  display_name: string;
  e_mail: string;
  avatar: string | AvatarInfo;
  mail_status: number;
  status: UserStatus | string;
  role_id: number;
  rank: number;
  language: string;
  color_scheme?: string;
  have_password?: boolean;
  suspended_until?: number;
}
