import { type Db, errors } from '@agora/platform';
import { sql } from 'kysely';

/** A member by username (any case), from this service's copy of identity's facts; unknown is a 404. */
export async function memberIdByUsername(db: Db, username: string): Promise<string> {
  const { rows } = await sql<{ user_id: string }>`
    select user_id from actors where lower(username) = lower(${username}) limit 1`.execute(db);
  if (!rows[0]) throw errors.notFound('error.user.not_found');
  return rows[0].user_id;
}
