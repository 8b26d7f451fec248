import { MailStatus } from '@agora/contracts';
import type { ImportedMember } from '@agora/contracts/import/records';
import type { Db } from '@agora/platform';
import type { ExportItem } from '@agora/platform/export/export-source';
import { isoTime, keysetPages } from '@agora/platform/export/keyset-pages';
import { sql } from 'kysely';
import { isBcryptHash } from '../security/passwords';

interface UserRow {
  user_id: string;
  username: string;
  display_name: string;
  email: string;
  avatar: { type: string; gravatar: string; custom: string };
  bio: string;
  website: string;
  location: string;
  role_id: number;
  status: string;
  mail_status: number;
  suspended_until: Date | null;
  language: string;
  rank: number;
  created_at: Date;
  last_login_at: Date | null;
  password_hash: string | null;
}

const PAGE = 1000;
/** Identity writes a permanent suspension with this end; the record leaves a permanent one's end out. */
const FOR_EVER = Date.parse('2099-01-01T00:00:00Z');

function statusOf(row: UserRow): ImportedMember['status'] {
  if (row.status === 'deleted' || row.status === 'suspended') return row.status;
  return row.mail_status === MailStatus.inactive ? 'inactive' : 'normal';
}

function avatarOf(avatar: UserRow['avatar']): ImportedMember['avatar'] {
  const type = avatar.type === 'gravatar' || avatar.type === 'custom' ? avatar.type : 'default';
  return { type, gravatar: avatar.gravatar ?? '', custom: avatar.custom ?? '' };
}

/**
 * Every member as an import takes it, by id, a page at a time, with its e-mail address, role, status, profile,
 * reputation and external logins; its password hash only when the operator asked for secrets.
 */
export async function* memberRecords(db: Db, withSecrets: boolean): AsyncIterable<ExportItem> {
  const secret = withSecrets ? sql`c.password_hash` : sql`null::text`;
  const pages = keysetPages<UserRow>(async (last) => {
    const { rows } = await sql<UserRow>`
      select u.user_id, u.username, u.display_name, u.email, u.avatar, u.bio, u.website, u.location, u.role_id,
             u.status, u.mail_status, u.suspended_until, u.language, u.rank, u.created_at, u.last_login_at,
             ${secret} as password_hash
      from users u left join credentials c on c.user_id = u.user_id
      where u.user_id > ${last?.user_id ?? ''} order by u.user_id limit ${PAGE}`.execute(db);
    return rows;
  }, PAGE);
  for await (const page of pages) {
    const { rows: logins } = await sql<{ user_id: string; connector: string; external_id: string; email: string }>`
      select user_id, connector, external_id, email from external_logins
      where user_id = any(${page.map((u) => u.user_id)}::text[]) order by user_id, connector, external_id`.execute(db);
    for (const u of page) {
      const until = u.suspended_until?.getTime();
      const record: ImportedMember = {
        kind: 'member',
        id: u.user_id,
        username: u.username,
        display_name: u.display_name,
        email: u.email,
        ...(u.password_hash
          ? { password: { scheme: isBcryptHash(u.password_hash) ? 'bcrypt' : 'argon2id', hash: u.password_hash } }
          : {}),
        role_id: u.role_id,
        status: statusOf(u),
        ...(u.status === 'suspended' && until !== undefined && until < FOR_EVER
          ? { suspended_until: isoTime(u.suspended_until as Date) }
          : {}),
        created_at: isoTime(u.created_at),
        ...(u.last_login_at ? { last_login_at: isoTime(u.last_login_at) } : {}),
        bio: u.bio,
        website: u.website,
        location: u.location,
        avatar: avatarOf(u.avatar),
        language: u.language,
        reputation: u.rank,
        external_logins: logins
          .filter((l) => l.user_id === u.user_id)
          .map((l) => ({
            provider: l.connector,
            external_id: l.external_id,
            meta: JSON.stringify({ email: l.email }),
          })),
      };
      yield { record };
    }
  }
}
