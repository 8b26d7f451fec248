import { type ActorLookup, type ActorSource, type Db, toActor } from '@agora/platform';
import { sql } from 'kysely';
import type { UserRow } from '../responses/users';

/** Identity's own view of actors: its inline `users` and `sessions` tables, always current. */
export class IdentityActorSource implements ActorSource {
  constructor(private readonly db: Db) {}

  async lookup(userId: string, sessionId: string, issuedAtMs: number): Promise<ActorLookup> {
    const { rows } = await sql<UserRow & { changed_at: Date | null; revoked: boolean }>`
      select u.*, u.changed_at,
        (s.session_id is null or s.revoked_at is not null or s.expires_at < now()
          or coalesce(u.sessions_valid_after > to_timestamp(${issuedAtMs}::double precision / 1000), false)) as revoked
      from users u left join sessions s on s.session_id = ${sessionId} and s.user_id = u.user_id
      where u.user_id = ${userId}`.execute(this.db);
    const row = rows[0];
    if (!row) return { actor: null, changedAt: null, revoked: true };
    return { actor: toActor(row), changedAt: row.changed_at, revoked: row.revoked };
  }
}
