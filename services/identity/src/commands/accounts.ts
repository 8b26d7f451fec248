import { randomUUID } from 'node:crypto';
import { MailStatus, Role, type SiteSettings } from '@agora/contracts';
import {
  type Captchas,
  captchasFor,
  errors,
  executeCommand,
  first,
  ReadModelCache,
  type ServiceContext,
  type StoredEvent,
  type Tx,
} from '@agora/platform';
import { sql } from 'kysely';
import { sessionRefusal, type UserCommand, userDecider } from '../domain/user/decider';
import { usernameFromDisplayName, withSuffix } from '../domain/user/username';
import { applyUserEvent } from '../projections/users/read-model';
import type { UserRow } from '../responses/users';
import { hashCode, LINK_LIFETIME_MS, newLinkCode } from '../security/codes';
import { MEMBERS_TOPIC } from '../security/identity-actors';
import { decoyHash, hashPassword, needsRehash, verifyPassword } from '../security/passwords';
import { RateLimits } from '../security/rate-limits';
import { RecipientBudget } from '../security/recipient-budget';
import { ACCESS_TOKEN_LIFETIME_MS, type SigningKeys } from '../security/signing-keys';

export type CodeKind = 'activation' | 'password_reset' | 'email_change';

function uniqueViolation(error: unknown): string | undefined {
  const e = error as { code?: string; constraint?: string } | null;
  return e?.code === '23505' ? e.constraint : undefined;
}

/** Everything identity does to accounts, over the user decider and identity's own tables. */
export class Accounts {
  readonly captchas: Captchas;
  readonly limits: RateLimits;
  /** Account mails per recipient, whoever asks (docs/adr/0090-mail-per-recipient.md). */
  readonly recipients: RecipientBudget;
  /**
   * Reads of members — the admin's member lists, members' public profiles — kept until the members table changes
   * (this process's commits at once, another replica's by its announcement: docs/adr/0019-read-caches.md).
   */
  readonly memberReads: ReadModelCache<unknown>;

  constructor(
    readonly context: ServiceContext,
    readonly keys: SigningKeys,
  ) {
    this.captchas = captchasFor(context);
    this.limits = new RateLimits(context.database, context.config.rateLimits);
    this.recipients = new RecipientBudget(this.limits);
    const limits = context.config.cacheLimits;
    this.memberReads = new ReadModelCache(context.changes, limits.read_entries, limits.read_mb * 2 ** 20);
  }

  get db() {
    return this.context.database.db;
  }

  /** The site settings, kept until they change (every request of identity's reads them). */
  settings(): Promise<SiteSettings> {
    return this.context.siteSettings();
  }

  /** Runs a user command; `alongside` does more work in the same transaction (credentials, codes). */
  async run(
    userId: string,
    command: UserCommand,
    actorId: string | null,
    alongside?: (tx: Tx, events: StoredEvent[]) => Promise<void>,
  ): Promise<StoredEvent[]> {
    const { events } = await executeCommand({
      db: this.db,
      store: this.context.store,
      streamId: userId,
      decider: userDecider,
      command,
      metadata: { actorId },
      project: async (tx, stored) => {
        for (const event of stored) await applyUserEvent(tx, event);
        await alongside?.(tx, stored);
      },
    });
    this.announce(userId);
    return events;
  }

  async findById(userId: string, tx?: Tx): Promise<UserRow | undefined> {
    const { rows } = await sql<UserRow>`select * from users where user_id = ${userId}`.execute(tx ?? this.db);
    return rows[0];
  }

  /** A user who must exist (the caller of a member route, an account just written): 404 when not. */
  async existingUser(userId: string, tx?: Tx): Promise<UserRow> {
    const user = await this.findById(userId, tx);
    if (!user) throw errors.notFound('error.user.not_found');
    return user;
  }

  async findByEmail(email: string): Promise<UserRow | undefined> {
    const { rows } = await sql<UserRow>`
      select * from users where lower(email) = lower(${email.trim()}) and status <> 'deleted'`.execute(this.db);
    return rows[0];
  }

  async findByUsername(username: string): Promise<UserRow | undefined> {
    const { rows } = await sql<UserRow>`select * from users where lower(username) = lower(${username})`.execute(
      this.db,
    );
    return rows[0];
  }

  async hasPassword(userId: string): Promise<boolean> {
    const { rows } = await sql`select 1 from credentials where user_id = ${userId}`.execute(this.db);
    return rows.length > 0;
  }

  /** The account of an e-mail address, if the password is right (one query, and argon2 either way). */
  async authenticate(email: string, password: string): Promise<UserRow | undefined> {
    const { rows } = await sql<UserRow & { password_hash: string | null }>`
      select u.*, c.password_hash from users u left join credentials c on c.user_id = u.user_id
      where lower(u.email) = lower(${email.trim()}) and u.status <> 'deleted'`.execute(this.db);
    const row = rows[0];
    const ok = await verifyPassword(row?.password_hash ?? (await decoyHash()), password);
    if (!row?.password_hash || !ok) return undefined;
    const { password_hash: stored, ...user } = row;
    await this.rehashIfForeign(user.user_id, stored, password);
    return user;
  }

  /**
   * A password just proven against a hash of another scheme (an imported member's bcrypt hash) is stored again in
   * Agora's own, unless it changed meanwhile (docs/adr/0094-importing-a-community.md). No event: secrets never travel.
   */
  private async rehashIfForeign(userId: string, stored: string, password: string): Promise<void> {
    if (!needsRehash(stored)) return;
    const rehashed = await hashPassword(password);
    await sql`update credentials set password_hash = ${rehashed}, updated_at = now()
              where user_id = ${userId} and password_hash = ${stored}`.execute(this.db);
  }

  async checkPassword(userId: string | undefined, password: string): Promise<boolean> {
    const { rows } = userId
      ? await sql<{ password_hash: string }>`select password_hash from credentials where user_id = ${userId}`.execute(
          this.db,
        )
      : { rows: [] };
    const stored = rows[0]?.password_hash;
    // Unknown accounts cost the same time as known ones.
    const ok = await verifyPassword(stored ?? (await decoyHash()), password);
    if (!ok || stored === undefined || !userId) return false;
    await this.rehashIfForeign(userId, stored, password);
    return true;
  }

  async emailTaken(email: string, exceptUserId?: string): Promise<boolean> {
    const { rows } = await sql`
      select 1 from users where lower(email) = lower(${email.trim()}) and status <> 'deleted'
        and user_id <> ${exceptUserId ?? ''}`.execute(this.db);
    return rows.length > 0;
  }

  async usernameTaken(username: string, exceptUserId?: string): Promise<boolean> {
    const { rows } = await sql`
      select 1 from users where lower(username) = lower(${username}) and user_id <> ${exceptUserId ?? ''}`.execute(
      this.db,
    );
    return rows.length > 0;
  }

  /** Creates an account. A clash on e-mail is a field error; a clash on a derived username retries with a suffix. */
  async register(input: {
    email: string;
    displayName: string;
    /** None for an account made through an external login (it signs in there). */
    password?: string;
    username?: string;
    roleId?: number;
    activated: boolean;
    language?: string;
    createdBy: 'self' | 'admin' | 'installer';
    actorId: string | null;
    /** A provider's account bound in the same command (nothing half-made if either fails). */
    externalLogin?: { connector: string; externalId: string };
  }): Promise<UserRow> {
    const email = input.email.trim();
    if (await this.emailTaken(email)) throw errors.fields({ field: 'e_mail', key: 'error.email.duplicate' });
    const passwordHash = input.password === undefined ? undefined : await hashPassword(input.password);
    let username = input.username ?? usernameFromDisplayName(input.displayName);
    for (let attempt = 0; ; attempt++) {
      const userId = this.context.ids.next('user');
      try {
        await this.run(
          userId,
          {
            type: 'register',
            registration: {
              user_id: userId,
              username,
              display_name: input.displayName.trim(),
              email,
              role_id: input.roleId ?? Role.user,
              mail_status: input.activated ? MailStatus.activated : MailStatus.inactive,
              language: input.language ?? 'en_US',
              rank: input.createdBy === 'self' ? 0 : 1,
              created_by: input.createdBy,
            },
            externalLogin: input.externalLogin,
          },
          input.actorId,
          async (tx) => {
            if (passwordHash !== undefined)
              await sql`insert into credentials (user_id, password_hash) values (${userId}, ${passwordHash})`.execute(
                tx,
              );
          },
        );
        return await this.existingUser(userId);
      } catch (error) {
        const constraint = uniqueViolation(error);
        if (constraint === 'users_email') throw errors.fields({ field: 'e_mail', key: 'error.email.duplicate' });
        if (constraint === 'users_username' && !input.username && attempt < 5) {
          username = withSuffix(username);
          continue;
        }
        if (constraint === 'users_username')
          throw errors.fields({ field: 'username', key: 'error.username.duplicate' });
        throw error;
      }
    }
  }

  /**
   * Starts a session (its own stream, so logins never grow the user's) and signs its access token.
   * Returns the user as of the login, with the token.
   */
  async startSession(row: UserRow): Promise<{ token: string; user: UserRow }> {
    const refusal = sessionRefusal(row, new Date());
    if (refusal) throw refusal;
    const sessionId = randomUUID();
    const loggedIn = await this.db.transaction().execute(async (tx) => {
      const { events } = await this.context.store.append(
        `session-${sessionId}`,
        0,
        [{ type: 'identity.user_logged_in', data: { user_id: row.user_id, session_id: sessionId } }],
        { actorId: row.user_id },
        tx,
      );
      await sql`insert into sessions (session_id, user_id, expires_at)
                values (${sessionId}, ${row.user_id}, now() + ${ACCESS_TOKEN_LIFETIME_MS} * interval '1 millisecond')`.execute(
        tx,
      );
      for (const event of events) await applyUserEvent(tx, event);
      return first(events, 'the login event');
    });
    this.announce(row.user_id);
    const token = this.keys.sign({
      sub: row.user_id,
      sid: sessionId,
      role: row.role_id,
      ms: row.mail_status,
      st: row.status as 'normal',
    });
    return { token, user: { ...row, last_login_at: new Date(loggedIn.occurredAt) } };
  }

  async endSession(userId: string, sessionId: string): Promise<void> {
    await this.db.transaction().execute(async (tx) => {
      const { events } = await this.context.store.append(
        `session-${sessionId}`,
        'any',
        [{ type: 'identity.sessions_revoked', data: { user_id: userId, session_id: sessionId, reason: 'logout' } }],
        { actorId: userId },
        tx,
      );
      for (const event of events) await applyUserEvent(tx, event);
    });
    this.announce(userId);
  }

  /**
   * Tells this process's caches at once that a member's rows changed (their announcement by NOTIFY reaches the
   * other replicas): a logout or a suspension holds on the very next request.
   */
  private announce(userId: string): void {
    this.context.changes.changed();
    this.context.changes.changedKeys(MEMBERS_TOPIC, [userId]);
  }

  /**
   * Issues a link code of a kind (earlier unused ones stop working) and asks for the mail that carries it, within
   * the recipient's budget: null, and nothing issued or mailed, once the address has had its mails
   * (docs/adr/0090-mail-per-recipient.md). The caller answers that as its flow does (429, or as if sent).
   */
  async sendLink(row: UserRow, kind: CodeKind, email: string, actorId: string | null): Promise<string | null> {
    if (!(await this.recipients.take(email))) return null;
    const code = newLinkCode();
    const expiresAt = new Date(Date.now() + LINK_LIFETIME_MS).toISOString();
    await this.run(
      row.user_id,
      { type: 'request_account_email', kind, email, code, expiresAt },
      actorId,
      async (tx) => {
        await this.storeCode(tx, row.user_id, kind, email, code, expiresAt);
      },
    );
    return code;
  }

  /** A link code without a mail (the admin's activation link). */
  async issueCode(userId: string, kind: CodeKind, email: string): Promise<string> {
    const code = newLinkCode();
    const expiresAt = new Date(Date.now() + LINK_LIFETIME_MS).toISOString();
    await this.db.transaction().execute((tx) => this.storeCode(tx, userId, kind, email, code, expiresAt));
    return code;
  }

  private async storeCode(tx: Tx, userId: string, kind: CodeKind, email: string, code: string, expiresAt: string) {
    await sql`update account_codes set superseded = true
              where user_id = ${userId} and kind = ${kind} and used_at is null`.execute(tx);
    await sql`insert into account_codes (code_hash, user_id, kind, email, expires_at)
              values (${hashCode(code)}, ${userId}, ${kind}, ${email}, ${expiresAt})`.execute(tx);
  }

  /** Spends a code: the latest of its kind, unused and unexpired, else 403 `url_expired`. */
  async redeemCode(code: string, kind: CodeKind): Promise<{ userId: string; email: string }> {
    const { rows } = await sql<{ user_id: string; email: string }>`
      update account_codes set used_at = now()
      where code_hash = ${hashCode(code)} and kind = ${kind} and used_at is null and not superseded and expires_at > now()
      returning user_id, email`.execute(this.db);
    const found = rows[0];
    if (!found) throw errors.forbidden('url_expired', 'error.email.verify_url_expired');
    return { userId: found.user_id, email: found.email };
  }

  async setPassword(userId: string, password: string, by: 'self' | 'admin' | 'reset', actorId: string | null) {
    const passwordHash = await hashPassword(password);
    await this.run(userId, { type: 'change_password', by }, actorId, async (tx) => {
      await sql`insert into credentials (user_id, password_hash, updated_at) values (${userId}, ${passwordHash}, now())
                on conflict (user_id) do update set password_hash = excluded.password_hash, updated_at = now()`.execute(
        tx,
      );
    });
  }
}
