import {
  AccountEmailRequested,
  ConnectorConfigured,
  type DataOf,
  EmailChanged,
  ExternalLoginLinked,
  ExternalLoginUnlinked,
  IdentityEvents,
  InterfaceChanged,
  PasswordChanged,
  ProfileUpdated,
  ReputationChanged,
  RoleChanged,
  SessionsRevoked,
  SigningKeyPublished,
  UserActivated,
  UserDeactivated,
  UserDeleted,
  UserLoggedIn,
  UserPurged,
  UserRegistered,
  UserReinstated,
  UserSuspended,
} from '@agora/contracts';
import { sql } from 'kysely';
import type { ChangeFeed } from '../db/change-feed';
import type { Db, Tx } from '../db/database';
import { MailStatusSql } from '../db/literals';
import { UserCache } from '../db/user-cache';
import type { StoredEvent } from '../eventstore/types';
import { first } from '../lists';
import type { Projection } from '../projections/projection';
import { applyInRuns, type BulkApply } from '../projections/runs';
import { type Actor, type ActorLookup, type ActorSource, effectiveStatus, type KeySource } from './actor';

async function setActor(tx: Tx, event: StoredEvent, userId: string, set: ReturnType<typeof sql>) {
  await sql`update actors set ${set}, changed_at = greatest(changed_at, ${event.occurredAt}::timestamptz)
            where user_id = ${userId}`.execute(tx);
}

/** The user an identity or reputation event is about (a signing key is about nobody's session). */
function userOf(event: StoredEvent): string | undefined {
  const userId = (event.data as { user_id?: unknown }).user_id;
  return typeof userId === 'string' ? userId : undefined;
}

/**
 * `actors`, `revoked_sessions` and `signing_keys` are a change-feed topic of their own; the session check
 * follows the per-user announcements of `actors` and `revoked_sessions` under the same name (keyed).
 */
export const ACTORS_TOPIC = 'actors';

/** Both projections below write `actors` rows of many users per batch: they take turns (Projection.lockGroup). */
const ACTOR_WRITERS = 'actors';

/** Identity's event types this projection passes over (sign-ins, passwords, external logins, …). */
const PASSED_OVER = [
  PasswordChanged.type,
  UserLoggedIn.type,
  AccountEmailRequested.type,
  ConnectorConfigured.type,
  ExternalLoginLinked.type,
  ExternalLoginUnlinked.type,
];

type Registration = DataOf<typeof UserRegistered> & { at: string };

/**
 * Runs of registrations and profile updates (an import's members: docs/capacity.md §9), and of the events this
 * projection passes over, in three statements: the reputations held and the rows inserted as `apply` does for each
 * member's first registration, then each member's last profile with the latest change time.
 */
const actorsInBulk: BulkApply = {
  types: new Set([UserRegistered.type, ProfileUpdated.type, ...PASSED_OVER]),
  async apply(run, tx) {
    const registered = new Map<string, Registration>();
    const profiles = new Map<string, { u: string; n: string; d: string; a: unknown; at: string }>();
    for (const event of run) {
      if (event.type === UserRegistered.type) {
        const r = event.data as DataOf<typeof UserRegistered>;
        if (!registered.has(r.user_id)) registered.set(r.user_id, { ...r, at: event.occurredAt });
      } else if (event.type === ProfileUpdated.type) {
        const p = event.data as DataOf<typeof ProfileUpdated>;
        const at = profiles.get(p.user_id)?.at ?? event.occurredAt;
        profiles.set(p.user_id, {
          u: p.user_id,
          n: p.username,
          d: p.display_name,
          a: p.avatar,
          at: Date.parse(at) > Date.parse(event.occurredAt) ? at : event.occurredAt,
        });
      }
    }
    if (registered.size > 0) {
      await holdReputations(tx, [...registered.values()]);
      const rows = JSON.stringify([...registered.values()]);
      await sql`
        insert into actors (user_id, username, display_name, email, role_id, status, mail_status, rank, language, changed_at)
        select r.user_id, r.username, r.display_name, r.email, r.role_id, 'normal', r.mail_status,
               coalesce((select rank from actor_reputation a where a.user_id = r.user_id), r.rank), r.language, r.at
        from jsonb_to_recordset(${rows}::jsonb) as r(user_id text, username text, display_name text, email text,
                                                     role_id int, mail_status int, rank int, language text,
                                                     at timestamptz)
        on conflict (user_id) do nothing`.execute(tx);
    }
    if (profiles.size > 0) {
      await sql`
        update actors t set username = i.n, display_name = i.d, avatar = i.a,
                            changed_at = greatest(t.changed_at, i.at)
        from jsonb_to_recordset(${JSON.stringify([...profiles.values()])}::jsonb)
          as i(u text, n text, d text, a jsonb, at timestamptz)
        where t.user_id = i.u`.execute(tx);
    }
  },
};

/** Keeps a service's `actors`, `revoked_sessions` and `signing_keys` from identity's events. */
export const actorProjection: Projection = {
  name: 'actors',
  source: 'identity',
  events: IdentityEvents,
  lockGroup: ACTOR_WRITERS,
  topics: [ACTORS_TOPIC],
  keyed: { topic: ACTORS_TOPIC, keyOf: userOf },
  async apply(event, tx) {
    const d = event.data as Record<string, unknown> & { user_id: string };
    switch (event.type) {
      case UserRegistered.type: {
        const r = event.data as DataOf<typeof UserRegistered>;
        await holdReputation(tx, r.user_id, r.rank);
        await sql`
          insert into actors (user_id, username, display_name, email, role_id, status, mail_status, rank, language, changed_at)
          values (${r.user_id}, ${r.username}, ${r.display_name}, ${r.email}, ${r.role_id}, 'normal', ${r.mail_status},
                  coalesce((select rank from actor_reputation where user_id = ${r.user_id}), ${r.rank}),
                  ${r.language}, ${event.occurredAt})
          on conflict (user_id) do nothing`.execute(tx);
        return;
      }
      case UserActivated.type:
        // Activation is worth 1 reputation, recorded by the votes ledger, whose event
        // arrives from another source a moment later. Until then the floor an activated account never
        // falls below is already true, so a new member can ask at once.
        return setActor(tx, event, d.user_id, sql`mail_status = ${MailStatusSql.activated}, rank = greatest(rank, 1)`);
      case UserDeactivated.type:
        return setActor(tx, event, d.user_id, sql`mail_status = ${MailStatusSql.inactive}`);
      case ProfileUpdated.type: {
        const p = event.data as DataOf<typeof ProfileUpdated>;
        return setActor(
          tx,
          event,
          p.user_id,
          sql`username = ${p.username}, display_name = ${p.display_name}, avatar = ${JSON.stringify(p.avatar)}::jsonb`,
        );
      }
      case InterfaceChanged.type:
        return setActor(
          tx,
          event,
          d.user_id,
          sql`language = ${(event.data as DataOf<typeof InterfaceChanged>).language}`,
        );
      case EmailChanged.type:
        return setActor(tx, event, d.user_id, sql`email = ${(event.data as DataOf<typeof EmailChanged>).email}`);
      case RoleChanged.type:
        return setActor(tx, event, d.user_id, sql`role_id = ${(event.data as DataOf<typeof RoleChanged>).role_id}`);
      case UserSuspended.type:
        return setActor(
          tx,
          event,
          d.user_id,
          sql`status = 'suspended', suspended_until = ${(event.data as DataOf<typeof UserSuspended>).until}::timestamptz`,
        );
      case UserReinstated.type:
        return setActor(tx, event, d.user_id, sql`status = 'normal', suspended_until = null`);
      case UserDeleted.type:
        return setActor(tx, event, d.user_id, sql`status = 'deleted'`);
      case UserPurged.type:
        // Nothing of a purged member stays: their cards show a gone member's (deletedAuthorCard).
        await sql`delete from actors where user_id = ${d.user_id}`.execute(tx);
        await sql`delete from revoked_sessions where user_id = ${d.user_id}`.execute(tx);
        await sql`delete from actor_reputation where user_id = ${d.user_id}`.execute(tx);
        return;
      case SessionsRevoked.type: {
        const r = event.data as DataOf<typeof SessionsRevoked>;
        if (r.session_id === null) {
          await setActor(
            tx,
            event,
            r.user_id,
            sql`sessions_valid_after = greatest(sessions_valid_after, ${event.occurredAt}::timestamptz)`,
          );
        } else {
          await sql`insert into revoked_sessions (session_id, user_id, revoked_at)
                    values (${r.session_id}, ${r.user_id}, ${event.occurredAt}) on conflict do nothing`.execute(tx);
        }
        return;
      }
      case SigningKeyPublished.type: {
        const k = event.data as DataOf<typeof SigningKeyPublished>;
        await sql`insert into signing_keys (kid, algorithm, public_key) values (${k.kid}, ${k.algorithm}, ${k.public_key})
                  on conflict (kid) do nothing`.execute(tx);
        return;
      }
    }
  },
  applyBatch(events, tx) {
    return applyInRuns(events, tx, actorsInBulk, (event, inTx) => actorProjection.apply(event, inTx));
  },
  async reset(tx) {
    await sql`truncate actors, revoked_sessions, signing_keys`.execute(tx);
  },
};

/**
 * Before a user's row is written from their registration: the reputation row exists (at the starting
 * balance, version 0, unless the ledger's is already there), so that a concurrent reputation change waits
 * on it and then finds the user's row, or has committed before and is read.
 */
export async function holdReputation(tx: Tx, userId: string, rank: number): Promise<void> {
  await sql`insert into actor_reputation (user_id, rank, version) values (${userId}, ${rank}, 0)
            on conflict (user_id) do nothing`.execute(tx);
}

/** holdReputation for many members at once (a batch of registrations). */
export async function holdReputations(tx: Tx, members: readonly { user_id: string; rank: number }[]): Promise<void> {
  if (members.length === 0) return;
  const rows = JSON.stringify(members.map(({ user_id, rank }) => ({ user_id, rank })));
  await sql`
    insert into actor_reputation (user_id, rank, version)
    select user_id, rank, 0 from jsonb_to_recordset(${rows}::jsonb) as r(user_id text, rank int)
    on conflict (user_id) do nothing`.execute(tx);
}

/**
 * Records a user's reputation from a `votes.reputation_changed` event unless a later one is already
 * recorded (the ledger stream's version orders them). Returns whether it was the latest.
 */
export async function recordReputation(tx: Tx, event: StoredEvent): Promise<boolean> {
  const r = event.data as DataOf<typeof ReputationChanged>;
  const { rows } = await sql`
    insert into actor_reputation (user_id, rank, version) values (${r.user_id}, ${r.reputation}, ${event.version})
    on conflict (user_id) do update set rank = excluded.rank, version = excluded.version
      where actor_reputation.version < excluded.version
    returning user_id`.execute(tx);
  return rows.length > 0;
}

/**
 * Keeps `actors.rank` from the votes ledger (DESIGN §2: every service checks reputation on its own copy).
 * The value also waits in `actor_reputation`, for an actor not yet projected or an actors rebuild.
 */
export const actorReputationProjection: Projection = {
  name: 'actor-reputation',
  source: 'votes',
  events: [ReputationChanged],
  lockGroup: ACTOR_WRITERS,
  topics: [ACTORS_TOPIC],
  keyed: { topic: ACTORS_TOPIC, keyOf: userOf },
  async apply(event, tx) {
    if (!(await recordReputation(tx, event))) return;
    const r = event.data as DataOf<typeof ReputationChanged>;
    await sql`update actors set rank = ${r.reputation} where user_id = ${r.user_id}`.execute(tx);
  },
  /**
   * A batch in one statement: a member's reputation is their ledger stream's latest event, so of a batch only each
   * member's highest version can be recorded, and the actor's rank follows it when it is (as one by one).
   */
  async applyBatch(events, tx) {
    const latest = new Map<string, { u: string; r: number; v: number }>();
    for (const event of events) {
      const r = event.data as DataOf<typeof ReputationChanged>;
      if ((latest.get(r.user_id)?.v ?? Number.NEGATIVE_INFINITY) < event.version) {
        latest.set(r.user_id, { u: r.user_id, r: r.reputation, v: event.version });
      }
    }
    if (latest.size === 0) return;
    await sql`
      with recorded as (
        insert into actor_reputation (user_id, rank, version)
        select u, r, v from jsonb_to_recordset(${JSON.stringify([...latest.values()])}::jsonb) as i(u text, r int, v int)
        on conflict (user_id) do update set rank = excluded.rank, version = excluded.version
          where actor_reputation.version < excluded.version
        returning user_id, rank)
      update actors a set rank = recorded.rank from recorded where a.user_id = recorded.user_id`.execute(tx);
  },
  async reset(tx) {
    await sql`truncate actor_reputation`.execute(tx);
  },
};

interface ActorRow {
  user_id: string;
  username: string;
  display_name: string;
  email: string;
  avatar: Partial<Actor['avatar']>;
  role_id: number;
  status: string;
  mail_status: number;
  suspended_until: Date | null;
  rank: number;
  language: string;
  changed_at: Date;
  sessions_valid_after: Date | null;
}

export function toActor(row: Omit<ActorRow, 'changed_at' | 'sessions_valid_after'>): Actor {
  return {
    id: row.user_id,
    username: row.username,
    displayName: row.display_name,
    email: row.email,
    avatar: { type: '', gravatar: '', custom: '', ...row.avatar },
    roleId: row.role_id as Actor['roleId'],
    status: effectiveStatus(row.status, row.suspended_until),
    mailStatus: row.mail_status,
    suspendedUntil: row.suspended_until,
    rank: row.rank,
    language: row.language,
  };
}

/** A user's actor row (null when unknown here) and whether one session of theirs was revoked. */
export type SessionFacts = (ActorRow & { session_revoked: boolean }) | { session_revoked: boolean; user_id: null };

/** The session check's facts in one query (the token's issue time is compared by `sessionLookup`). */
export async function loadSessionFacts(db: Db, userId: string, sessionId: string): Promise<SessionFacts> {
  const { rows } = await sql<SessionFacts>`
    select a.*, exists (select 1 from revoked_sessions r where r.session_id = ${sessionId}) as session_revoked
    from (select 1) as one left join actors a on a.user_id = ${userId}`.execute(db);
  return first(rows, "a session's facts");
}

/** The lookup a token's session gets from its facts: revoked by a logout, or by a later "all sessions" revocation. */
export function sessionLookup(facts: SessionFacts, issuedAtMs: number): ActorLookup {
  if (facts.user_id === null) return { actor: null, changedAt: null, revoked: facts.session_revoked };
  const validAfter = facts.sessions_valid_after;
  return {
    actor: toActor(facts),
    changedAt: facts.changed_at,
    revoked: facts.session_revoked || (validAfter !== null && validAfter.getTime() > issuedAtMs),
  };
}

/**
 * Actors from the service's own projection. A user's row and whether one session was revoked are kept
 * in memory until a change of that user is announced (the row triggers of `actors` and
 * `revoked_sessions`, heard from every replica), so a signed-in request costs no query, and a change of
 * one member's rank empties no one else's entry.
 */
export class ProjectedActorSource implements ActorSource {
  private readonly sessions: UserCache<SessionFacts>;

  constructor(
    private readonly db: Db,
    changes: Pick<ChangeFeed, 'listening' | 'onReset' | 'onKeyChanged'>,
    maxUsers = 20_000,
  ) {
    this.sessions = UserCache.following(changes, ACTORS_TOPIC, maxUsers);
  }

  async lookup(userId: string, sessionId: string, issuedAtMs: number): Promise<ActorLookup> {
    const facts = await this.sessions.get(userId, sessionId, () => loadSessionFacts(this.db, userId, sessionId));
    return sessionLookup(facts, issuedAtMs);
  }
}

export class TableKeySource implements KeySource {
  private readonly cache = new Map<string, string>();
  constructor(
    private readonly db: Db,
    /**
     * Waits (bounded) until this service has applied identity's key stream: a key it does not know may be one
     * identity made a moment ago (a token signed by it arrives before the key's event), not a forged one.
     */
    private readonly catchUp?: () => Promise<unknown>,
  ) {}

  async publicKey(kid: string): Promise<string | undefined> {
    const cached = this.cache.get(kid);
    if (cached) return cached;
    let key = await this.stored(kid);
    if (!key && this.catchUp) {
      await this.catchUp();
      key = await this.stored(kid);
    }
    if (key) this.cache.set(kid, key);
    return key;
  }

  private async stored(kid: string): Promise<string | undefined> {
    const { rows } = await sql<{ public_key: string }>`select public_key from signing_keys where kid = ${kid}`.execute(
      this.db,
    );
    return rows[0]?.public_key;
  }
}
