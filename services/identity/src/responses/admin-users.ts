import {
  type AdminUserOverview,
  type AdminUserPageItem,
  avatarUrl,
  MailStatus,
  ROLES,
  type SiteSettings,
  seconds,
} from '@agora/contracts';
import { displayStatus, type UserRow } from './users';

/** A row of the admin's user list: an account not yet activated shows as inactive. */
export function adminUserItem(row: UserRow, settings: SiteSettings): AdminUserPageItem {
  return {
    user_id: row.user_id,
    username: row.username,
    display_name: row.display_name,
    e_mail: row.email,
    avatar: avatarUrl(row, settings),
    rank: row.rank,
    role_id: row.role_id,
    role_name: ROLES.find((r) => r.id === row.role_id)?.name ?? '',
    status: row.mail_status !== MailStatus.activated && row.status === 'normal' ? 'inactive' : displayStatus(row),
    created_at: seconds(row.created_at),
    deleted_at: seconds(row.deleted_at),
    suspended_at: seconds(row.suspended_at),
    suspended_until: seconds(row.suspended_until),
  };
}

/** The admin's overview of one member. */
export function adminUserOverview(row: UserRow, settings: SiteSettings): AdminUserOverview {
  return {
    ...adminUserItem(row, settings),
    bio: row.bio,
    website: row.website,
    location: row.location,
    language: row.language,
    mail_status: row.mail_status,
    question_count: row.question_count,
    answer_count: row.answer_count,
    follow_count: row.follow_count,
    last_login_at: seconds(row.last_login_at),
  };
}
