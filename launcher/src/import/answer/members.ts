import { Role } from '@agora/contracts/identity/roles';
import { idFromNumber } from '@agora/contracts/import/legacy-ids';
import type { ImportedMember } from '@agora/contracts/import/records';
import { AnswerCode } from './codes';
import { column, q, type ReadContext } from './context';
import { PLACEHOLDER_USER_ID } from './members-ref';
import { bigList, pages } from './pages';
import { int, isRecord, json, rawId, requiredTime, text, time } from './values';

type Avatar = ImportedMember['avatar'];
const AVATAR_TYPES = new Set(['default', 'gravatar', 'custom']);
/** A suspension ending in this year or later is Answer's "permanent" (2099-12-31 23:59:59). */
const PERMANENT_FROM_YEAR = 2099;

/** An avatar column: Answer's JSON, a bare URL from older releases, or empty. */
async function avatarOf(context: ReadContext, raw: unknown): Promise<Avatar> {
  const value = text(raw).trim();
  const parsed = json(value);
  if (isRecord(parsed)) {
    const type = AVATAR_TYPES.has(text(parsed.type)) ? (text(parsed.type) as Avatar['type']) : 'default';
    return { type, gravatar: text(parsed.gravatar), custom: await context.uploads.rewrite(text(parsed.custom)) };
  }
  if (value) return { type: 'custom', gravatar: '', custom: await context.uploads.rewrite(value) };
  return { type: 'default', gravatar: '', custom: '' };
}

function statusOf(row: Record<string, unknown>): Pick<ImportedMember, 'status' | 'suspended_until'> {
  const status = int(row.status);
  if (status === AnswerCode.userDeleted) return { status: 'deleted' };
  if (status === AnswerCode.userSuspended) {
    const until = time(row.suspended_until);
    const permanent = !until || new Date(until).getUTCFullYear() >= PERMANENT_FROM_YEAR;
    return permanent ? { status: 'suspended' } : { status: 'suspended', suspended_until: until };
  }
  if (int(row.mail_status) === AnswerCode.mailUnverified) return { status: 'inactive' };
  return { status: 'normal' };
}

/**
 * Members in id order (docs/adr/0094-importing-a-community.md), each with its role, external logins and bcrypt hash
 * as Answer keeps them; a deleted member's e-mail stays as Answer rewrote it (`<email>.<unix time>`). The
 * placeholder for hard-deleted users comes last, when some row needs it.
 */
export async function* readMembers(context: ReadContext): AsyncGenerator<ImportedMember> {
  const { db } = context;
  const select = [
    'u.id AS page_key',
    'u.username',
    'u.display_name',
    'u.e_mail',
    'u.pass',
    'u.mail_status',
    'u.status',
    `${column(context, 'user', 'u', 'suspended_until', 'NULL')} AS suspended_until`,
    'u.created_at',
    `${column(context, 'user', 'u', 'last_login_date', 'NULL')} AS last_login_date`,
    'u.bio',
    'u.website',
    'u.location',
    'u.language',
    'u.avatar',
    `u.${q(context, 'rank')} AS reputation`,
    '(SELECT MAX(r.role_id) FROM user_role_rel r WHERE r.user_id = u.id) AS role_id',
  ].join(', ');
  for await (const page of pages(db, { select, from: `${q(context, 'user')} u`, key: 'u.id' })) {
    const ids = page.map((row) => text(row.page_key));
    const logins = await db.query(
      `SELECT user_id, provider, external_id, meta_info FROM user_external_login WHERE user_id IN (${bigList(db, ids.length)}) ORDER BY id`,
      ids,
    );
    for (const row of page) {
      const id = text(row.page_key);
      const hash = text(row.pass).trim();
      yield {
        kind: 'member',
        id: idFromNumber('user', id),
        username: text(row.username),
        display_name: text(row.display_name),
        email: text(row.e_mail),
        ...(hash ? { password: { scheme: 'bcrypt' as const, hash } } : {}),
        role_id: rawId(row.role_id) === undefined ? Role.user : int(row.role_id),
        ...statusOf(row),
        created_at: requiredTime(row.created_at, 'user', id),
        ...(time(row.last_login_date) ? { last_login_at: time(row.last_login_date) } : {}),
        bio: text(row.bio),
        website: text(row.website),
        location: text(row.location),
        avatar: await avatarOf(context, row.avatar),
        language: text(row.language),
        reputation: int(row.reputation),
        external_logins: logins
          .filter((login) => text(login.user_id) === id)
          .map((login) => ({
            provider: text(login.provider),
            external_id: text(login.external_id),
            meta: text(login.meta_info),
          })),
      };
    }
  }
  if (context.members.placeholderNeeded) yield await placeholder(context);
}

/** The one member standing for users the source no longer has. */
async function placeholder(context: ReadContext): Promise<ImportedMember> {
  const oldest = await context.db.query(`SELECT MIN(created_at) AS at FROM ${q(context, 'user')}`);
  return {
    kind: 'member',
    id: PLACEHOLDER_USER_ID,
    username: context.members.placeholderUsername,
    display_name: 'Former member',
    email: '',
    role_id: Role.user,
    status: 'deleted',
    created_at: time(oldest[0]?.at) ?? new Date(0).toISOString(),
    bio: '',
    website: '',
    location: '',
    avatar: { type: 'default', gravatar: '', custom: '' },
    language: '',
    reputation: 0,
    external_logins: [],
    placeholder: true,
  };
}
