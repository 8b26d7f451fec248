import {
  avatarUrl,
  NoticeStatus,
  PublicUserInfoSchema,
  type SiteSettings,
  seconds,
  UserBasicInfoSchema,
} from '@agora/contracts';
import { authorCardOf, effectiveStatus } from '@agora/platform';

export { PublicUserInfoSchema, UserBasicInfoSchema };

export interface UserRow {
  user_id: string;
  username: string;
  display_name: string;
  email: string;
  avatar: { type?: string; gravatar?: string; custom?: string };
  bio: string;
  bio_html: string;
  website: string;
  location: string;
  role_id: number;
  status: string;
  mail_status: number;
  suspended_until: Date | null;
  suspended_at: Date | null;
  deleted_at: Date | null;
  language: string;
  color_scheme: string;
  time_zone: string;
  rank: number;
  answer_count: number;
  question_count: number;
  follow_count: number;
  created_at: Date;
  last_login_at: Date | null;
}

/** A suspension past its end shows as normal. */
export function displayStatus(row: Pick<UserRow, 'status' | 'suspended_until'>): string {
  return effectiveStatus(row.status, row.suspended_until);
}

function account(row: UserRow, accessToken: string, hasPassword: boolean) {
  return {
    access_token: accessToken,
    answer_count: row.answer_count,
    authority_group: 0,
    bio: row.bio,
    bio_html: row.bio_html,
    color_scheme: row.color_scheme,
    created_at: seconds(row.created_at),
    display_name: row.display_name,
    e_mail: row.email,
    follow_count: row.follow_count,
    have_password: hasPassword,
    id: row.user_id,
    language: row.language,
    last_login_date: seconds(row.last_login_at),
    location: row.location,
    mail_status: row.mail_status,
    mobile: '',
    notice_status: NoticeStatus.on,
    question_count: row.question_count,
    rank: row.rank,
    role_id: row.role_id,
    status: displayStatus(row),
    suspended_until: seconds(row.suspended_until),
    time_zone: row.time_zone,
    username: row.username,
    visit_token: '',
    website: row.website,
  };
}

export function toUserLoginResp(
  row: UserRow,
  token: string,
  settings: Pick<SiteSettings, 'users'>,
  hasPassword = true,
) {
  return { ...account(row, token, hasPassword), avatar: avatarUrl(row, settings) };
}

export function toCurrentUserInfo(row: UserRow, token: string, hasPassword: boolean) {
  return {
    ...account(row, token, hasPassword),
    avatar: { type: row.avatar.type ?? '', gravatar: row.avatar.gravatar ?? '', custom: row.avatar.custom ?? '' },
  };
}

export function toUserBasicInfo(row: UserRow, settings: Pick<SiteSettings, 'users'>) {
  return { ...authorCardOf(row, settings), location: row.location, website: row.website };
}

export function toPublicUserInfo(row: UserRow, settings: Pick<SiteSettings, 'users'>) {
  const status = displayStatus(row);
  return {
    id: row.user_id,
    username: row.username,
    display_name: row.display_name,
    avatar: avatarUrl(row, settings),
    bio: row.bio,
    bio_html: row.bio_html,
    website: row.website,
    location: row.location,
    rank: row.rank,
    answer_count: row.answer_count,
    question_count: row.question_count,
    follow_count: row.follow_count,
    created_at: seconds(row.created_at),
    last_login_date: seconds(row.last_login_at),
    status,
    status_msg: '',
    suspended_until: seconds(row.suspended_until),
    mobile: '',
  };
}

export { avatarUrl };
