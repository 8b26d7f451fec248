import { createHash, randomBytes } from 'node:crypto';
import {
  ConnectorFailure,
  ConnectorKind,
  ConnectorLifetimes,
  ConnectorPages,
  type SiteSettings,
} from '@agora/contracts';
import { errors } from '@agora/platform';
import { sql } from 'kysely';
import { type ConnectorRow, ConnectorSettingsStore } from '../connectors/connector-settings';
import { LoginStates } from '../connectors/login-states';
import { OAuth2Connector } from '../connectors/oauth2-connector';
import { OidcConnector } from '../connectors/oidc-connector';
import { ConnectorFailed, type ProviderAccount } from '../connectors/provider-account';
import type { ProviderConnector } from '../connectors/provider-connector';
import { TripCookies } from '../connectors/trip-cookies';
import { sessionRefusal } from '../domain/user/decider';
import type { UserRow } from '../responses/users';
import { hashCode } from '../security/codes';
import { emailDomainAllowed } from '../security/email-domains';
import type { Accounts } from './accounts';

/**
 * Where to send the browser, and the Set-Cookie header that goes with it: the trip's cookie as a trip starts,
 * its removal as it ends (docs/adr/0089-login-state-bound-to-the-browser.md).
 */
export interface TripStep {
  url: string;
  cookie: string | null;
}

interface Binding {
  connector: string;
  external_id: string;
  display_name: string;
  provider_email: string;
}

const hashOf = (value: string) => createHash('sha256').update(value).digest('hex');

/** Where a finished trip to a provider sends the browser. */
function page(path: string, query: Record<string, string>): string {
  return `${path}?${new URLSearchParams(query).toString()}`;
}

/** Why an answer was refused before its state was looked at: the browser holds no cookie of the trip. */
const NO_TRIP_COOKIE = { code: 'no_trip_cookie', message: 'the browser holds no cookie of this trip' };

function failedPage(reason: string): string {
  return page(ConnectorPages.failed, { reason });
}

/** Whether new accounts may be made for this address through a provider (the admin's login settings). */
function registrationRefusal(settings: SiteSettings, email: string): ConnectorFailed | undefined {
  const { login } = settings;
  if (!login.allow_new_registrations) return new ConnectorFailed(ConnectorFailure.registrationClosed);
  if (!emailDomainAllowed(login, email)) return new ConnectorFailed(ConnectorFailure.emailDomainNotAllowed);
  return undefined;
}

/**
 * Sign-in, sign-up and account linking through external providers (docs/adr/0065-external-logins.md):
 * a provider's account is bound to a member only when its e-mail is verified and no account has it, or
 * once the member proves the address by a mail code; a suspended or deleted member never comes back.
 */
export class ExternalLogins {
  readonly settings: ConnectorSettingsStore;
  readonly states: LoginStates;
  readonly tripCookies: TripCookies;
  private readonly kinds: Record<string, ProviderConnector> = {
    [ConnectorKind.oidc]: new OidcConnector(),
    [ConnectorKind.oauth2]: new OAuth2Connector(),
  };

  constructor(private readonly accounts: Accounts) {
    this.settings = new ConnectorSettingsStore(accounts.context);
    this.states = new LoginStates(accounts.db);
    this.tripCookies = new TripCookies(accounts.context.config.siteUrl);
  }

  private get db() {
    return this.accounts.db;
  }

  private kindOf(connector: ConnectorRow): ProviderConnector {
    const kind = this.kinds[connector.kind];
    if (!kind) throw new ConnectorFailed(ConnectorFailure.providerError);
    return kind;
  }

  /**
   * The provider's authorization URL for a new trip (a sign-in, or linking to the member `linkUserId`), with the
   * cookie that binds the trip to this browser; the failure page, without one, when the provider cannot be reached.
   */
  async start(name: string, linkUserId: string | null): Promise<TripStep> {
    const connector = await this.settings.enabled(name);
    try {
      const { browserProof, ...checks } = await this.states.issue(name, linkUserId);
      const url = await this.kindOf(connector).authorizationUrl(connector, await this.settings.secret(name), {
        redirectUri: this.settings.redirectUri(name),
        ...checks,
      });
      return { url, cookie: this.tripCookies.set(checks.state, browserProof) };
    } catch (error) {
      // The provider cannot be reached (its discovery failed): the failure page says so.
      if (error instanceof ConnectorFailed) return { url: this.failed(name, error), cookie: null };
      throw error;
    }
  }

  /**
   * Logs a failed trip by the library's code and message only: its errors may carry the provider's response or
   * the token's claims, which stay out of the logs as they stay out of events.
   */
  private failed(name: string, error: ConnectorFailed): string {
    const cause = error.cause as { code?: unknown; message?: unknown } | undefined;
    this.accounts.context.log.info(
      { connector: name, reason: error.reason, code: cause?.code, detail: cause?.message },
      'external login failed',
    );
    return failedPage(error.reason);
  }

  /**
   * Handles the provider's answer in the browser that sent `cookies`: the page to send it to, never an exception,
   * and the removal of the trip's cookie when it sent one. Only the browser that started the trip finishes it;
   * another is refused as an unknown state is, and leaves the state and the provider's code unspent.
   */
  async finish(
    name: string,
    query: Record<string, string | undefined>,
    cookies: string | undefined,
  ): Promise<TripStep> {
    const proof = query.state ? this.tripCookies.presented(cookies, query.state) : undefined;
    const url = await this.answer(name, query, proof);
    return { url, cookie: query.state && proof !== undefined ? this.tripCookies.clear(query.state) : null };
  }

  private async answer(
    name: string,
    query: Record<string, string | undefined>,
    proof: string | undefined,
  ): Promise<string> {
    try {
      const connector = await this.settings.find(name);
      if (!connector?.enabled || !query.state) return failedPage(ConnectorFailure.invalidState);
      // Logged: a site visited at another address than its site URL, or over HTTP while that says HTTPS, ends here.
      if (proof === undefined) throw new ConnectorFailed(ConnectorFailure.invalidState, NO_TRIP_COOKIE);
      const state = await this.states.consume(name, query.state, proof);
      if (!state) return failedPage(ConnectorFailure.invalidState);
      const callback = new URL(this.settings.redirectUri(name));
      for (const [key, value] of Object.entries(query)) if (value !== undefined) callback.searchParams.set(key, value);
      const account = await this.kindOf(connector).finish(connector, await this.settings.secret(name), callback, {
        state: query.state,
        nonce: state.nonce,
        codeVerifier: state.code_verifier,
      });
      if (state.link_user_id) return await this.linkTo(state.link_user_id, connector, account);
      return await this.signIn(connector, account);
    } catch (error) {
      if (error instanceof ConnectorFailed) return this.failed(name, error);
      throw error;
    }
  }

  async linkedUserId(connector: string, externalId: string): Promise<string | undefined> {
    const { rows } = await sql<{ user_id: string }>`
      select user_id from external_logins where connector = ${connector} and external_id = ${externalId}`.execute(
      this.db,
    );
    return rows[0]?.user_id;
  }

  private async sessionPage(user: UserRow): Promise<string> {
    if (user.status !== 'normal' && user.status !== 'suspended')
      throw new ConnectorFailed(ConnectorFailure.accountUnavailable);
    try {
      const { token } = await this.accounts.startSession(user);
      return page(ConnectorPages.landing, { access_token: token });
    } catch {
      // Suspended (or deleted meanwhile): the provider does not open a closed account.
      throw new ConnectorFailed(ConnectorFailure.accountUnavailable);
    }
  }

  private async signIn(connector: ConnectorRow, account: ProviderAccount): Promise<string> {
    const linked = await this.linkedUserId(connector.name, account.externalId);
    if (linked) {
      const user = await this.accounts.findById(linked);
      if (!user) throw new ConnectorFailed(ConnectorFailure.accountUnavailable);
      return this.sessionPage(user);
    }
    const existing = account.emailVerified ? await this.accounts.findByEmail(account.email) : undefined;
    if (account.emailVerified && !existing) {
      const refusal = registrationRefusal(await this.accounts.settings(), account.email);
      if (refusal) throw refusal;
      const user = await this.accounts.register({
        email: account.email,
        displayName: account.displayName,
        activated: true,
        createdBy: 'self',
        actorId: null,
        externalLogin: { connector: connector.name, externalId: account.externalId },
      });
      return this.sessionPage(user);
    }
    // No verified address, or an account already has it: the member proves an address by a mail code first.
    const bindingKey = randomBytes(32).toString('base64url');
    const expiresAt = new Date(Date.now() + ConnectorLifetimes.bindingMs).toISOString();
    // Expired bindings (spent or not) serve nobody: each new one clears them away.
    await sql`delete from connector_bindings where expires_at <= now()`.execute(this.db);
    await sql`insert into connector_bindings (binding_hash, connector, external_id, display_name, provider_email, expires_at)
              values (${hashOf(bindingKey)}, ${connector.name}, ${account.externalId}, ${account.displayName},
                      ${account.email}, ${expiresAt})`.execute(this.db);
    return page(ConnectorPages.confirmEmail, { binding_key: bindingKey });
  }

  private async linkTo(userId: string, connector: ConnectorRow, account: ProviderAccount): Promise<string> {
    const linked = await this.linkedUserId(connector.name, account.externalId);
    if (linked === userId) return ConnectorPages.accountSettings;
    if (linked) throw new ConnectorFailed(ConnectorFailure.alreadyLinked);
    if (await this.hasLoginOf(userId, connector.name)) throw new ConnectorFailed(ConnectorFailure.alreadyLinked);
    await this.accounts.run(
      userId,
      { type: 'link_external', connector: connector.name, externalId: account.externalId, email: account.email },
      userId,
    );
    return ConnectorPages.accountSettings;
  }

  private async hasLoginOf(userId: string, connector: string): Promise<boolean> {
    const { rows } =
      await sql`select 1 from external_logins where user_id = ${userId} and connector = ${connector}`.execute(this.db);
    return rows.length > 0;
  }

  /** A pending binding (not spent, not expired), or 403 `url_expired`. */
  async pendingBinding(bindingKey: string): Promise<Binding> {
    const { rows } = await sql<Binding>`
      select connector, external_id, display_name, provider_email from connector_bindings
      where binding_hash = ${hashOf(bindingKey)} and used_at is null and expires_at > now()`.execute(this.db);
    const binding = rows[0];
    if (!binding) throw errors.forbidden('url_expired', 'error.email.verify_url_expired');
    return binding;
  }

  /**
   * The address a provider's account is to be bound to. A new address makes an inactive account bound to
   * the provider, activated by the mail's link; an address with an account (`must` confirmed) mails that
   * account a code whose link binds the provider to it.
   */
  async bindEmail(
    bindingKey: string,
    email: string,
    must: boolean,
  ): Promise<{ access_token: string; email_exist_and_must_be_confirmed: boolean }> {
    const binding = await this.pendingBinding(bindingKey);
    if (await this.linkedUserId(binding.connector, binding.external_id))
      throw errors.forbidden('url_expired', 'error.email.verify_url_expired');
    const existing = await this.accounts.findByEmail(email);
    if (existing) {
      if (!must) return { access_token: '', email_exist_and_must_be_confirmed: true };
      const code = await this.accounts.sendLink(existing, 'activation', existing.email, null);
      // The address has had its mails (docs/adr/0090-mail-per-recipient.md): the binding waits for a later try.
      if (code === null) throw errors.tooManyRequests();
      await sql`update connector_bindings set email = ${existing.email}, code_hash = ${hashCode(code)}
                where binding_hash = ${hashOf(bindingKey)}`.execute(this.db);
      return { access_token: '', email_exist_and_must_be_confirmed: true };
    }
    const refusal = registrationRefusal(await this.accounts.settings(), email);
    if (refusal?.reason === ConnectorFailure.emailDomainNotAllowed)
      throw errors.fields({ field: 'email', key: 'error.email.domain_not_allowed' });
    if (refusal) throw errors.forbidden(undefined, 'error.user.registration_closed');
    // The account would wait for an activation mail the address has no budget for: none is made.
    if (await this.accounts.recipients.spent(email)) throw errors.tooManyRequests();
    const { rows } = await sql`update connector_bindings set used_at = now(), email = ${email}
                               where binding_hash = ${hashOf(bindingKey)} and used_at is null returning 1`.execute(
      this.db,
    );
    if (rows.length === 0) throw errors.forbidden('url_expired', 'error.email.verify_url_expired');
    const user = await this.accounts.register({
      email,
      displayName: binding.display_name,
      activated: false,
      createdBy: 'self',
      actorId: null,
      externalLogin: { connector: binding.connector, externalId: binding.external_id },
    });
    await this.accounts.sendLink(user, 'activation', email, null);
    const { token } = await this.accounts.startSession(user);
    return { access_token: token, email_exist_and_must_be_confirmed: false };
  }

  /**
   * Binds the pending provider's account to `user`, whose password the caller has just proven, and signs the
   * member in. The link and the spending of the binding are one transaction; a refusal (expired or spent key,
   * provider's account bound meanwhile, the account already has a login of this provider, suspended or
   * deleted) links nothing and leaves the binding as it was.
   */
  async bindByPassword(bindingKey: string, user: UserRow): Promise<string> {
    const binding = await this.pendingBinding(bindingKey);
    if (await this.linkedUserId(binding.connector, binding.external_id))
      throw errors.forbidden('url_expired', 'error.email.verify_url_expired');
    const refusal = sessionRefusal(user, new Date());
    if (refusal) throw refusal;
    if (await this.hasLoginOf(user.user_id, binding.connector))
      throw errors.business('error.connector.already_linked', 'error.connector.already_linked');
    await this.accounts.run(
      user.user_id,
      { type: 'link_external', connector: binding.connector, externalId: binding.external_id, email: user.email },
      user.user_id,
      async (tx) => {
        const spent = await sql`
          update connector_bindings set used_at = now(), email = ${user.email}
          where binding_hash = ${hashOf(bindingKey)} and used_at is null and expires_at > now() returning 1`.execute(
          tx,
        );
        if (spent.rows.length === 0) throw errors.forbidden('url_expired', 'error.email.verify_url_expired');
      },
    );
    const { token } = await this.accounts.startSession(user);
    return token;
  }

  /** After an activation code is spent: binds the provider's account waiting on that code, if any. */
  async completeBinding(code: string, userId: string): Promise<void> {
    // A suspended or deleted account gains no way in: the binding is left unspent, to expire.
    const member = await this.accounts.existingUser(userId);
    if (sessionRefusal(member, new Date())) return;
    const { rows } = await sql<Binding>`
      update connector_bindings set used_at = now()
      where code_hash = ${hashCode(code)} and used_at is null and expires_at > now()
      returning connector, external_id, display_name, provider_email`.execute(this.db);
    const binding = rows[0];
    if (!binding || (await this.linkedUserId(binding.connector, binding.external_id))) return;
    // One login per provider and member: an account that has one keeps it.
    if (await this.hasLoginOf(userId, binding.connector)) return;
    await this.accounts.run(
      userId,
      { type: 'link_external', connector: binding.connector, externalId: binding.external_id, email: member.email },
      userId,
    );
  }

  /** A member's connectors: every enabled one, bound or not. */
  async ofMember(userId: string) {
    const { rows } = await sql<{ name: string; button_label: string; icon: string; external_id: string | null }>`
      select c.name, c.button_label, c.icon, e.external_id
      from connectors c left join external_logins e on e.connector = c.name and e.user_id = ${userId}
      where c.enabled or e.external_id is not null order by c.name`.execute(this.db);
    return rows;
  }

  /** Unbinds a provider's account; never the last way in (no password and no other provider). */
  async unlink(userId: string, externalId: string): Promise<void> {
    const { rows } = await sql<{ connector: string; external_id: string }>`
      select connector, external_id from external_logins where user_id = ${userId}`.execute(this.db);
    const target = rows.find((row) => row.external_id === externalId);
    if (!target) throw errors.notFound();
    if (rows.length === 1 && !(await this.accounts.hasPassword(userId)))
      throw errors.business('error.connector.last_login', 'error.connector.last_login');
    await this.accounts.run(
      userId,
      { type: 'unlink_external', connector: target.connector, externalId: target.external_id },
      userId,
    );
  }
}
