import { avatarUrl, type SiteSettings, type UserBasicInfo } from '@agora/contracts';
import { sql } from 'kysely';
import type { Db } from '../db/database';

const UNKNOWN = (id: string): UserBasicInfo => ({
  id,
  username: '',
  display_name: '',
  avatar: '',
  rank: 0,
  status: 'deleted',
  language: '',
  location: '',
  website: '',
  suspended_until: 0,
});

/**
 * Author cards (UserBasicInfo) from the service's own copy of identity's facts (`actors`): one query for a
 * whole page; an unknown id gets the card of a deleted user.
 */
export async function loadAuthorCards(db: Db, ids: Iterable<string | null | undefined>, settings: SiteSettings) {
  const wanted = [...new Set([...ids].filter((id): id is string => Boolean(id)))];
  const cards = new Map<string, UserBasicInfo>();
  if (wanted.length === 0) return { get: (id: string | null | undefined) => (id ? UNKNOWN(id) : UNKNOWN('')) };
  const { rows } = await sql<{
    user_id: string;
    username: string;
    display_name: string;
    email: string;
    avatar: { type?: string; gravatar?: string; custom?: string };
    rank: number;
    status: string;
    language: string;
    suspended_until: Date | null;
  }>`select user_id, username, display_name, email, avatar, rank, status, language, suspended_until
     from actors where user_id = any(${wanted})`.execute(db);
  for (const row of rows) {
    cards.set(row.user_id, {
      id: row.user_id,
      username: row.username,
      display_name: row.display_name,
      avatar: avatarUrl(row, settings),
      rank: row.rank,
      status: row.status,
      language: row.language,
      location: '',
      website: '',
      suspended_until: row.suspended_until ? Math.floor(row.suspended_until.getTime() / 1000) : 0,
    });
  }
  return { get: (id: string | null | undefined) => (id && cards.get(id)) || UNKNOWN(id ?? '') };
}
