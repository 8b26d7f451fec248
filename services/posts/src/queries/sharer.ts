import type { Db } from '@agora/platform';
import { sql } from 'kysely';

/** The member a share link names (`?share=<username>`, any case), unless unknown or deleted. */
export async function sharerIdOf(db: Db, username: string): Promise<string | null> {
  const { rows } = await sql<{ user_id: string }>`
    select user_id from actors where lower(username) = lower(${username}) and status <> 'deleted' limit 1`.execute(db);
  return rows[0]?.user_id ?? null;
}
