import type { Db } from '@agora/platform';
import { sql } from 'kysely';

/** Undeleted members by lower-case username (posts' copy of the actors): invitations and mentions name them. */
export async function membersNamed(db: Db, names: string[]): Promise<{ user_id: string; username: string }[]> {
  if (!names.length) return [];
  const { rows } = await sql<{ user_id: string; username: string }>`
    select user_id, username from actors where lower(username) = any(${names}) and status <> 'deleted'`.execute(db);
  return rows;
}
