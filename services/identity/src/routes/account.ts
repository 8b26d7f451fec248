import {
  CurrentUserInfoSchema,
  EnvelopeSchema,
  isTimeZone,
  SUPPORTED_LANGUAGES,
  UserLoginRespSchema,
} from '@agora/contracts';
import { actionRecordRoute, errors, type HttpApp, ok, renderMarkdown } from '@agora/platform';
import { Type } from 'typebox';
import type { Accounts } from '../commands/accounts';
import type { ExternalLogins } from '../commands/external-logins';
import { isReservedUsername } from '../domain/user/username';
import { toCurrentUserInfo, toUserLoginResp } from '../responses/users';
import { emailDomainAllowed } from '../security/email-domains';
import { provePassword } from '../security/password-proof';
import { AvatarUrl, CaptchaFields, DisplayName, Email, Password, Username } from './schemas';
import { sessionsChanged } from './sessions-changed';

const Null = Type.Null();

export async function accountRoutes(app: HttpApp, accounts: Accounts, externalLogins: ExternalLogins) {
  app.post(
    '/answer/api/v1/user/register/email',
    {
      config: { auth: 'none' },
      schema: {
        body: Type.Object({ e_mail: Email, name: DisplayName, pass: Password, ...CaptchaFields }),
        response: { 200: EnvelopeSchema(UserLoginRespSchema) },
      },
    },
    async (request) => {
      const { e_mail, name, pass, captcha_id, captcha_code } = request.body;
      const settings = await accounts.settings();
      const { login } = settings;
      if (!login.allow_new_registrations || !login.allow_email_registrations) {
        throw errors.forbidden(undefined, 'error.user.registration_closed');
      }
      if (!emailDomainAllowed(login, e_mail)) {
        throw errors.fields({ field: 'e_mail', key: 'error.email.domain_not_allowed' });
      }
      await accounts.limits.spend(['register_ip', request.ip]);
      await accounts.captchas.demand(request, 'email', captcha_id, captcha_code);
      await accounts.captchas.record(request, 'email');
      // The activation mail is the address's to receive: none left in its budget, no account is made either.
      if (login.require_email_verification && (await accounts.recipients.spent(e_mail))) {
        throw errors.tooManyRequests();
      }
      const user = await accounts.register({
        email: e_mail,
        displayName: name,
        password: pass,
        activated: !login.require_email_verification,
        language: request.language,
        createdBy: 'self',
        actorId: null,
      });
      // Spent meanwhile by another request, the mail waits for a resend; the account stands.
      if (login.require_email_verification) await accounts.sendLink(user, 'activation', user.email, user.user_id);
      const session = await accounts.startSession(user);
      return ok(request, toUserLoginResp(session.user, session.token, settings));
    },
  );

  app.post(
    '/answer/api/v1/user/login/email',
    {
      config: { auth: 'none' },
      schema: {
        body: Type.Object({ e_mail: Email, pass: Password, ...CaptchaFields }),
        response: { 200: EnvelopeSchema(UserLoginRespSchema) },
      },
    },
    async (request) => {
      const settings = await accounts.settings();
      // Off only while an external login is on: the setting never locks everyone out (docs/adr/0065-external-logins.md).
      if (!settings.login.allow_password_login && (await externalLogins.settings.anyEnabled()))
        throw errors.forbidden(undefined, 'error.user.password_login_closed');
      const user = await provePassword(accounts, request, request.body, 'e_mail');
      const session = await accounts.startSession(user);
      return ok(request, toUserLoginResp(session.user, session.token, settings));
    },
  );

  app.get(
    '/answer/api/v1/user/logout',
    { config: { auth: 'login' }, schema: { response: { 200: EnvelopeSchema(Null) } } },
    async (request, reply) => {
      await accounts.endSession(request.actor.id, request.sessionId);
      sessionsChanged(reply);
      return ok(request, null);
    },
  );

  // Token optional: without one (or with a dead one) the answer is `data: null`.
  app.get(
    '/answer/api/v1/user/info',
    {
      config: { auth: 'optional' },
      schema: { response: { 200: EnvelopeSchema(Type.Union([CurrentUserInfoSchema, Null])) } },
    },
    async (request) => {
      if (!request.actor) return ok(request, null);
      const user = await accounts.findById(request.actor.id);
      if (!user || user.status === 'deleted') return ok(request, null);
      const token = (request.headers.authorization ?? '').replace(/^Bearer /, '');
      return ok(request, toCurrentUserInfo(user, token, await accounts.hasPassword(user.user_id)));
    },
  );

  app.put(
    '/answer/api/v1/user/info',
    {
      config: { auth: 'user' },
      schema: {
        body: Type.Object({
          display_name: DisplayName,
          username: Username,
          avatar: Type.Optional(
            Type.Object({
              // `default` is what the reference client sends for a member who never chose one: the site's default.
              type: Type.Union([
                Type.Literal(''),
                Type.Literal('default'),
                Type.Literal('system'),
                Type.Literal('gravatar'),
                Type.Literal('custom'),
              ]),
              gravatar: Type.Optional(AvatarUrl),
              custom: Type.Optional(AvatarUrl),
            }),
          ),
          bio: Type.Optional(Type.String({ maxLength: 4096 })),
          website: Type.Optional(
            Type.Union([Type.Literal(''), Type.String({ maxLength: 500, format: 'uri', pattern: '^https?://' })]),
          ),
          location: Type.Optional(Type.String({ maxLength: 100 })),
        }),
        response: { 200: EnvelopeSchema(Null) },
      },
    },
    async (request) => {
      const body = request.body;
      const user = await accounts.existingUser(request.actor.id);
      const { users: may } = await accounts.settings();
      const avatar = {
        type: (body.avatar?.type === 'default' ? '' : body.avatar?.type) ?? user.avatar.type ?? '',
        gravatar: body.avatar?.gravatar ?? user.avatar.gravatar ?? '',
        custom: body.avatar?.custom ?? user.avatar.custom ?? '',
      };
      const next = {
        username: body.username,
        display_name: body.display_name.trim(),
        avatar,
        bio: body.bio ?? user.bio,
        bio_html: renderMarkdown(body.bio ?? user.bio),
        website: body.website ?? user.website,
        location: body.location ?? user.location,
      };
      // The profile-edit switches of the site's user settings: a locked field may be sent, not changed.
      const locked: [keyof typeof next, boolean, unknown][] = [
        ['display_name', may.allow_update_display_name, user.display_name],
        ['username', may.allow_update_username, user.username],
        ['bio', may.allow_update_bio, user.bio],
        ['website', may.allow_update_website, user.website],
        ['location', may.allow_update_location, user.location],
      ];
      for (const [field, allowed, current] of locked) {
        if (!allowed && next[field] !== current) throw errors.fields({ field, key: 'error.user.field_locked' });
      }
      if (!may.allow_update_avatar && JSON.stringify(avatar) !== JSON.stringify(user.avatar)) {
        throw errors.fields({ field: 'avatar', key: 'error.user.field_locked' });
      }
      if (next.username.toLowerCase() !== user.username.toLowerCase()) {
        if (isReservedUsername(next.username) || (await accounts.usernameTaken(next.username, user.user_id))) {
          throw errors.fields({ field: 'username', key: 'error.username.duplicate' });
        }
      }
      try {
        await accounts.run(user.user_id, { type: 'update_profile', profile: next }, user.user_id);
      } catch (error) {
        if ((error as { constraint?: string }).constraint === 'users_username') {
          throw errors.fields({ field: 'username', key: 'error.username.duplicate' });
        }
        throw error;
      }
      return ok(request, null);
    },
  );

  app.put(
    '/answer/api/v1/user/interface',
    {
      config: { auth: 'user' },
      schema: {
        body: Type.Object({
          language: Type.Union(SUPPORTED_LANGUAGES.map((l) => Type.Literal(l))),
          color_scheme: Type.Optional(
            Type.Union([Type.Literal('default'), Type.Literal('light'), Type.Literal('dark'), Type.Literal('system')]),
          ),
          /** Beyond the reference: the member's own time zone, '' for the site's; left as it was when absent. */
          time_zone: Type.Optional(Type.String({ maxLength: 64 })),
        }),
        response: { 200: EnvelopeSchema(Null) },
      },
    },
    async (request) => {
      const timeZone = request.body.time_zone?.trim();
      if (timeZone && !isTimeZone(timeZone)) throw errors.fields({ field: 'time_zone', key: 'validation.invalid' });
      await accounts.run(
        request.actor.id,
        {
          type: 'change_interface',
          language: request.body.language,
          colorScheme: request.body.color_scheme ?? 'default',
          timeZone,
        },
        request.actor.id,
      );
      return ok(request, null);
    },
  );

  // The captcha rules of identity's own actions (login, registration, recovery, account changes).
  await actionRecordRoute(app, accounts.captchas, {
    login: ['password', 'login_guard'],
    e_mail: 'email',
    find_pass: 'email',
    edit_userinfo: 'edit_userinfo',
  });
}
