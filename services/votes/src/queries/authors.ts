import { avatarUrl, type SiteSettings, type UserBasicInfo } from '@agora/contracts';
import type { Db } from '@agora/platform';
import { sql } from 'kysely';

export interface ActorCardRow {
  user_id: string;
  username: string;
  display_name: string;
  email: string;
  avatar: { type?: string; gravatar?: string; custom?: string };
  rank: number;
  role_id: number;
  status: string;
  language: string;
  suspended_until: Date | null;
}

export const avatarOf = (row: ActorCardRow, settings: SiteSettings) => avatarUrl(row, settings);

const unknown = (id: string): UserBasicInfo => ({
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

/** UserBasicInfo cards from the service's copy of the actors: one query for a whole page. */
export async function loadAuthors(db: Db, ids: Iterable<string | null | undefined>, settings: SiteSettings) {
  const wanted = [...new Set([...ids].filter((id): id is string => Boolean(id)))];
  const cards = new Map<string, UserBasicInfo>();
  if (wanted.length > 0) {
    const { rows } = await sql<ActorCardRow>`select * from actors where user_id = any(${wanted})`.execute(db);
    for (const row of rows) {
      cards.set(row.user_id, {
        id: row.user_id,
        username: row.username,
        display_name: row.display_name,
        avatar: avatarOf(row, settings),
        rank: row.rank,
        status: row.status,
        language: row.language,
        location: '',
        website: '',
        suspended_until: row.suspended_until ? Math.floor(row.suspended_until.getTime() / 1000) : 0,
      });
    }
  }
  return (id: string | null | undefined): UserBasicInfo => (id && cards.get(id)) || unknown(id ?? '');
}
