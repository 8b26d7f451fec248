import { type ActorLookup, type ActorSource, type Db, toActor } from '@agora/platform';
import { sql } from 'kysely';
import type { UserCache } from './user-cache';

type ActorRow = Parameters<typeof toActor>[0] & { changed_at: Date; sessions_valid_after: Date | null };

export interface SessionFacts {
  row: ActorRow | null;
  /** This very session was revoked (logout). */
  sessionRevoked: boolean;
}

/**
 * The session check of every request (DESIGN §3 "Sessions") from memory: the user's actor row and
 * whether the session was revoked, kept until identity's events change them here (announced per user
 * by a trigger, see the announce-changes migration). Answers what the platform's ProjectedActorSource
 * answers; the token's issue time is compared on each lookup.
 */
export class CachedActorSource implements ActorSource {
  constructor(
    private readonly db: Db,
    private readonly cache: UserCache<SessionFacts>,
  ) {}

  private async load(userId: string, sessionId: string): Promise<SessionFacts> {
    const { rows } = await sql<ActorRow & { user_id: string | null; session_revoked: boolean }>`
      select a.*, exists (select 1 from revoked_sessions r where r.session_id = ${sessionId}) as session_revoked
      from (select 1) as one left join actors a on a.user_id = ${userId}`.execute(this.db);
    const row = rows[0]!;
    return { row: row.user_id ? row : null, sessionRevoked: row.session_revoked };
  }

  async lookup(userId: string, sessionId: string, issuedAtMs: number): Promise<ActorLookup> {
    const facts = await this.cache.get(userId, sessionId, () => this.load(userId, sessionId));
    if (!facts.row) return { actor: null, changedAt: null, revoked: facts.sessionRevoked };
    const validAfter = facts.row.sessions_valid_after;
    return {
      actor: toActor(facts.row),
      changedAt: facts.row.changed_at,
      revoked: facts.sessionRevoked || (validAfter !== null && validAfter.getTime() > issuedAtMs),
    };
  }
}
