/** Roles: ids as the reference client knows them. */
export const Role = { user: 1, admin: 2, moderator: 3 } as const;
export type RoleId = (typeof Role)[keyof typeof Role];

export const ROLES: { id: RoleId; name: string; description: string }[] = [
  { id: Role.user, name: 'User', description: 'Default with no special access.' },
  { id: Role.admin, name: 'Admin', description: 'Have the full power to access the site.' },
  { id: Role.moderator, name: 'Moderator', description: 'Has access to all posts except admin settings.' },
];

/** Account status as the API spells it; `mail_status` 1 activated, 2 not activated. */
export type UserStatus = 'normal' | 'suspended' | 'deleted';
/** A suspension "forever" lasts until this time. */
export const SUSPENDED_FOREVER_UNTIL = '2099-12-31T23:59:59.000Z';
export const MailStatus = { activated: 1, inactive: 2 } as const;
export type MailStatusCode = (typeof MailStatus)[keyof typeof MailStatus];
/** `notice_status` of a profile: a switch the client no longer reads, always on. */
export const NoticeStatus = { on: 1 } as const;

/** Permission keys. Admin holds all; Moderator all but `admin.access`; User none. */
export const PERMISSION_KEYS = [
  'admin.access',
  'question.add',
  'question.edit',
  'question.edit_without_review',
  'question.delete',
  'question.close',
  'question.reopen',
  'question.vote_up',
  'question.vote_down',
  'question.pin',
  'question.unpin',
  'question.hide',
  'question.show',
  'question.undeleted',
  'answer.add',
  'answer.edit',
  'answer.edit_without_review',
  'answer.delete',
  'answer.accept',
  'answer.vote_up',
  'answer.vote_down',
  'answer.invite_someone_to_answer',
  'answer.undeleted',
  'comment.add',
  'comment.edit',
  'comment.delete',
  'comment.vote_up',
  'comment.vote_down',
  'report.add',
  'tag.add',
  'tag.edit',
  'tag.edit_slug_name',
  'tag.edit_without_review',
  'tag.delete',
  'tag.synonym',
  'tag.undeleted',
  'tag.use_reserved_tag',
  'link.url_limit',
  'vote.detail',
  'question.audit',
  'answer.audit',
  'tag.audit',
] as const;
export type PermissionKey = (typeof PERMISSION_KEYS)[number];

export function roleHolds(role: number, permission: PermissionKey): boolean {
  if (role === Role.admin) return true;
  if (role === Role.moderator) return permission !== 'admin.access';
  return false;
}
