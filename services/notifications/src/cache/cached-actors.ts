import {
  type ActorLookup,
  type ActorSource,
  type Db,
  loadSessionFacts,
  type SessionFacts,
  sessionLookup,
} from '@agora/platform';
import type { UserCache } from './user-cache';

export type { SessionFacts };

/**
 * The session check of every request (DESIGN §3 "Sessions") from memory, kept per user until identity's
 * events change that user here (announced per user by a trigger, see the announce-changes migration), so
 * a change of one user's rank does not empty everyone's. The platform's facts and check, cached per user.
 */
export class CachedActorSource implements ActorSource {
  constructor(
    private readonly db: Db,
    private readonly cache: UserCache<SessionFacts>,
  ) {}

  async lookup(userId: string, sessionId: string, issuedAtMs: number): Promise<ActorLookup> {
    const facts = await this.cache.get(userId, sessionId, () => loadSessionFacts(this.db, userId, sessionId));
    return sessionLookup(facts, issuedAtMs);
  }
}
