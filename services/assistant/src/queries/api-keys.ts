import { type ApiKeyItem, type ApiKeyScope, seconds } from '@agora/contracts';
import type { Db } from '@agora/platform';
import { sql } from 'kysely';

/** `GET {admin}/api-key/all`: every live key, newest first, masked; never used shows its creation time, as the reference does. */
export async function listApiKeys(db: Db): Promise<ApiKeyItem[]> {
  const { rows } = await sql<{
    key_id: number;
    masked: string;
    description: string;
    scope: ApiKeyScope;
    created_at: Date;
    last_used_at: Date | null;
  }>`
    select k.key_id, k.masked, k.description, k.scope, k.created_at, u.last_used_at
    from api_keys k left join api_key_use u using (key_id)
    where not k.revoked
    order by k.created_at desc, k.key_id desc`.execute(db);
  return rows.map((row) => ({
    id: row.key_id,
    access_key: row.masked,
    description: row.description,
    scope: row.scope,
    created_at: seconds(row.created_at),
    last_used_at: seconds(row.last_used_at ?? row.created_at),
  }));
}

/** The number the next key takes: one past the highest, revoked ones included, so a number is never used twice. */
export async function nextKeyNumber(db: Db): Promise<number> {
  const { rows } = await sql<{ next: number }>`select coalesce(max(key_id), 0) + 1 as next from api_keys`.execute(db);
  return Number(rows[0]?.next ?? 1);
}

/**
 * Records a use; at most once a minute per key, so a busy client writes a row a minute, not one a request. A use within
 * the minute touches nothing: an upsert whose update is skipped still locks the row, which costs a transaction id and
 * a commit flushed to disk on every request.
 */
export async function recordKeyUse(db: Db, keyId: number, at: Date): Promise<void> {
  await sql`
    insert into api_key_use as u (key_id, last_used_at)
    select ${keyId}::int, ${at}::timestamptz
    where not exists (
      select 1 from api_key_use where key_id = ${keyId} and last_used_at >= ${at}::timestamptz - interval '1 minute')
    on conflict (key_id) do update set last_used_at = excluded.last_used_at
    where u.last_used_at < excluded.last_used_at - interval '1 minute'`.execute(db);
}

export async function mcpEnabled(db: Db): Promise<boolean> {
  const { rows } = await sql<{ enabled: boolean }>`select enabled from assistant_switches where name = 'mcp'`.execute(
    db,
  );
  return rows[0]?.enabled ?? false;
}
