import { Role } from '@agora/contracts';
import { idFromNumber } from '@agora/contracts/import/legacy-ids';
import type { ImportedMember } from '@agora/contracts/import/records';
import type pg from 'pg';
import { htmlToMarkdown } from './html-to-markdown';
import { PLACEHOLDER_USER_ID } from './ids';
import { keysetPages } from './pages';

interface StagedUser {
  id: string;
  reputation: number | null;
  created_at: string;
  display_name: string | null;
  last_access_at: string | null;
  website: string | null;
  location: string | null;
  about_me: string | null;
  profile_image_url: string | null;
}

/**
 * Members from Users.xml in id order, then the placeholder who stands for the authors the dump no longer has
 * (docs/behaviour-decisions.md, "Importing a Stack Exchange dump"). A dump has no e-mail address or password: such a
 * member signs in after an admin's reset. Rows numbered below 1 (the Community user, -1) are the placeholder's.
 */
export async function* memberRecords(db: pg.Pool, s: string, pageSize: number): AsyncGenerator<ImportedMember> {
  const sql = `select id::text as id, reputation, created_at, display_name, last_access_at, website, location,
      about_me, profile_image_url
    from ${s}.users u where u.id >= 1 and u.id > $1 order by u.id limit $2`;
  for await (const page of keysetPages<StagedUser>(db, sql, pageSize)) {
    for (const user of page) yield memberOf(user);
  }
  const { rows } = await db.query<{ at: string | null }>(
    `select least((select min(created_at) from ${s}.posts), (select min(created_at) from ${s}.users)) as at`,
  );
  yield placeholderMember(rows[0]?.at ?? new Date(0).toISOString());
}

function memberOf(user: StagedUser): ImportedMember {
  const displayName = (user.display_name ?? '').trim() || `user${user.id}`;
  return {
    kind: 'member',
    id: idFromNumber('user', user.id),
    username: usernameOf(displayName, user.id),
    display_name: displayName,
    email: '',
    role_id: Role.user,
    status: 'normal',
    created_at: user.created_at,
    ...(user.last_access_at ? { last_login_at: user.last_access_at } : {}),
    bio: htmlToMarkdown(user.about_me ?? ''),
    website: user.website ?? '',
    location: user.location ?? '',
    avatar: user.profile_image_url
      ? { type: 'custom', gravatar: '', custom: user.profile_image_url }
      : { type: 'default', gravatar: '', custom: '' },
    language: '',
    reputation: user.reputation ?? 1,
    external_logins: [],
  };
}

export function placeholderMember(createdAt: string): ImportedMember {
  return {
    kind: 'member',
    id: PLACEHOLDER_USER_ID,
    username: 'deleted-user',
    display_name: 'Deleted user',
    email: '',
    role_id: Role.user,
    status: 'normal',
    created_at: createdAt,
    bio: '',
    website: '',
    location: '',
    avatar: { type: 'default', gravatar: '', custom: '' },
    language: '',
    reputation: 1,
    external_logins: [],
    placeholder: true,
  };
}

/**
 * A Stack Exchange display name is neither unique nor a username: its letters and digits, lower-case, then the
 * user's number (`Jon Skeet`, 22656 → `jon-skeet-22656`), within Agora's 30 characters.
 */
export function usernameOf(displayName: string, id: string): string {
  const base = displayName
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9._-]+/g, '-')
    .replace(/-{2,}/g, '-')
    .replace(/^[-._]+|[-._]+$/g, '')
    .slice(0, 29 - id.length)
    .replace(/[-._]+$/, '');
  return base ? `${base}-${id}` : `user${id}`;
}
