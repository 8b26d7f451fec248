import { type Db, errors } from '@agora/platform';
import { sql } from 'kysely';

/** The id of the member a username names (any case); 404 for a name nobody holds, or a deleted member's. */
export async function userIdOf(db: Db, username: string): Promise<string> {
  const { rows } = await sql<{ user_id: string }>`
    select user_id from actors where lower(username) = ${username.toLowerCase()} and status <> 'deleted'`.execute(db);
  const [found] = rows;
  if (!found) throw errors.notFound('error.user.not_found');
  return found.user_id;
}
