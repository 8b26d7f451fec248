import { EnvelopeSchema, Limits, MailStatus, UserLoginRespSchema } from '@agora/contracts';
import { errors, type HttpApp, ok } from '@agora/platform';
import { Type } from 'typebox';
import type { Accounts } from '../commands/accounts';
import type { ExternalLogins } from '../commands/external-logins';
import { toUserLoginResp } from '../responses/users';
import { emailDomainAllowed } from '../security/email-domains';
import { CaptchaFields, Code, Email } from './schemas';

const Null = Type.Null();

export async function emailRoutes(app: HttpApp, accounts: Accounts, externalLogins: ExternalLogins) {
  // Resend the activation mail (the inactive-account screen).
  app.post(
    '/answer/api/v1/user/email/verification/send',
    {
      config: { auth: 'login' },
      schema: { querystring: Type.Object(CaptchaFields), response: { 200: EnvelopeSchema(Null) } },
    },
    async (request) => {
      const user = await accounts.existingUser(request.actor.id);
      await accounts.limits.spend(['mail_ip', request.ip], ['mail_account', user.user_id]);
      await accounts.captchas.demand(request, 'email', request.query.captcha_id, request.query.captcha_code);
      await accounts.captchas.record(request, 'email');
      if (
        user.mail_status !== MailStatus.activated &&
        !(await accounts.sendLink(user, 'activation', user.email, user.user_id))
      )
        throw errors.tooManyRequests();
      return ok(request, null);
    },
  );

  // Following the activation link: the account is activated and signed in.
  app.post(
    '/answer/api/v1/user/email/verification',
    {
      config: { auth: 'none' },
      // The reference client sends the code in the JSON body; a link may carry it in the query.
      schema: {
        querystring: Type.Object({ code: Type.Optional(Code) }),
        // No body at all reaches validation as null.
        body: Type.Union([Type.Object({ code: Type.Optional(Code) }), Type.Null()]),
        response: { 200: EnvelopeSchema(UserLoginRespSchema) },
      },
    },
    async (request) => {
      const code = request.body?.code ?? request.query.code;
      if (!code) throw errors.fields({ field: 'code', key: 'validation.required' });
      const { userId } = await accounts.redeemCode(code, 'activation');
      await accounts.run(userId, { type: 'activate' }, userId);
      // The code proved the address: a provider's account waiting on it is bound now.
      await externalLogins.completeBinding(code, userId);
      const session = await accounts.startSession(await accounts.existingUser(userId));
      return ok(request, toUserLoginResp(session.user, session.token, await accounts.settings()));
    },
  );

  app.post(
    '/answer/api/v1/user/email/change/code',
    {
      config: { auth: 'login' },
      schema: {
        body: Type.Object({
          e_mail: Email,
          pass: Type.Optional(Type.String({ maxLength: Limits.password.maxLength })),
          ...CaptchaFields,
        }),
        response: { 200: EnvelopeSchema(Null) },
      },
    },
    async (request) => {
      const user = await accounts.existingUser(request.actor.id);
      const { e_mail, pass, captcha_id, captcha_code } = request.body;
      if (!emailDomainAllowed((await accounts.settings()).login, e_mail))
        throw errors.fields({ field: 'e_mail', key: 'error.email.domain_not_allowed_for_change' });
      await accounts.limits.spend(['mail_ip', request.ip], ['mail_account', user.user_id]);
      await accounts.captchas.demand(request, 'edit_userinfo', captcha_id, captcha_code);
      await accounts.captchas.record(request, 'edit_userinfo');
      if (await accounts.hasPassword(user.user_id)) {
        if (!pass || !(await accounts.checkPassword(user.user_id, pass))) {
          throw errors.fields({ field: 'pass', key: 'error.password.old_wrong' });
        }
      }
      if (await accounts.emailTaken(e_mail, user.user_id))
        throw errors.fields({ field: 'e_mail', key: 'error.email.duplicate' });
      // The new address's budget: its owner may not be the member (docs/adr/0090-mail-per-recipient.md).
      if (!(await accounts.sendLink(user, 'email_change', e_mail.trim(), user.user_id))) throw errors.tooManyRequests();
      return ok(request, null);
    },
  );

  // Following the confirmation link sent to the new address: proves it, so the account is active too.
  app.put(
    '/answer/api/v1/user/email',
    {
      config: { auth: 'none' },
      schema: { body: Type.Object({ code: Code }), response: { 200: EnvelopeSchema(UserLoginRespSchema) } },
    },
    async (request) => {
      const { userId, email } = await accounts.redeemCode(request.body.code, 'email_change');
      if (await accounts.emailTaken(email, userId))
        throw errors.fields({ field: 'e_mail', key: 'error.email.duplicate' });
      await accounts.run(userId, { type: 'change_email', email }, userId);
      await accounts.run(userId, { type: 'activate' }, userId);
      const session = await accounts.startSession(await accounts.existingUser(userId));
      return ok(request, toUserLoginResp(session.user, session.token, await accounts.settings()));
    },
  );
}
