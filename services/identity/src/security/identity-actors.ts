import { type ActorLookup, type ActorSource, type ChangeFeed, type Db, toActor, UserCache } from '@agora/platform';
import { sql } from 'kysely';
import type { UserRow } from '../responses/users';

/** The topic under which a member's `users` row and `sessions` rows announce the member's id (migration 0007). */
export const MEMBERS_TOPIC = 'members';

/** A member's row, and one session of theirs as stored (null when there is no such session of theirs). */
interface MemberFacts {
  user: (UserRow & { changed_at: Date | null; sessions_valid_after: Date | null }) | null;
  session: { revoked_at: Date | null; expires_at: Date } | null;
}

/**
 * Identity's own view of actors: its inline `users` and `sessions` tables. A member's row and one session's are kept
 * in memory until a change of the member is announced (the row triggers of migration 0007, heard from every replica,
 * and at once from this process's own commands: `Accounts` tells `changedKeys`), as the other services keep theirs
 * (docs/adr/0033-session-facts-cached-per-user.md). What depends on the time (a session's expiry, a suspension's end,
 * a revocation of every session issued before a moment) is judged on each request, never kept.
 */
export class IdentityActorSource implements ActorSource {
  private readonly members: UserCache<MemberFacts>;

  constructor(
    private readonly db: Db,
    changes: Pick<ChangeFeed, 'listening' | 'onReset' | 'onKeyChanged'>,
    maxUsers = 20_000,
  ) {
    this.members = UserCache.following(changes, MEMBERS_TOPIC, maxUsers);
  }

  async lookup(userId: string, sessionId: string, issuedAtMs: number): Promise<ActorLookup> {
    const { user, session } = await this.members.get(userId, sessionId, () => this.load(userId, sessionId));
    if (!user) return { actor: null, changedAt: null, revoked: true };
    const validAfter = user.sessions_valid_after;
    const revoked =
      session === null ||
      session.revoked_at !== null ||
      session.expires_at.getTime() < Date.now() ||
      (validAfter !== null && validAfter.getTime() > issuedAtMs);
    return { actor: toActor(user), changedAt: user.changed_at, revoked };
  }

  private async load(userId: string, sessionId: string): Promise<MemberFacts> {
    const { rows } = await sql<
      UserRow & {
        changed_at: Date | null;
        sessions_valid_after: Date | null;
        session_revoked_at: Date | null;
        session_expires_at: Date | null;
      }
    >`
      select u.*, u.changed_at, s.revoked_at as session_revoked_at, s.expires_at as session_expires_at
      from users u left join sessions s on s.session_id = ${sessionId} and s.user_id = u.user_id
      where u.user_id = ${userId}`.execute(this.db);
    const row = rows[0];
    if (!row) return { user: null, session: null };
    const { session_revoked_at, session_expires_at, ...user } = row;
    return {
      user,
      session: session_expires_at ? { revoked_at: session_revoked_at, expires_at: session_expires_at } : null,
    };
  }
}
