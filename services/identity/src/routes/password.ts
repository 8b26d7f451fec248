import { EnvelopeSchema } from '@agora/contracts';
import { errors, type HttpApp, ok } from '@agora/platform';
import { Type } from 'typebox';
import type { Accounts } from '../commands/accounts';
import { CaptchaFields, Code, Email, Password } from './schemas';
import { sessionsChanged } from './sessions-changed';

const Null = Type.Null();

export async function passwordRoutes(app: HttpApp, accounts: Accounts) {
  app.put(
    '/answer/api/v1/user/password',
    {
      config: { auth: 'user' },
      schema: {
        body: Type.Object({ old_pass: Type.Optional(Password), pass: Password, ...CaptchaFields }),
        response: { 200: EnvelopeSchema(Null) },
      },
    },
    async (request, reply) => {
      const userId = request.actor.id;
      await accounts.captchas.demand(request, 'edit_userinfo', request.body.captcha_id, request.body.captcha_code);
      await accounts.captchas.record(request, 'edit_userinfo');
      if (await accounts.hasPassword(userId)) {
        if (!request.body.old_pass) throw errors.fields({ field: 'old_pass', key: 'validation.required' });
        if (!(await accounts.checkPassword(userId, request.body.old_pass))) {
          throw errors.fields({ field: 'old_pass', key: 'error.password.old_wrong' });
        }
      }
      // Every session of the account ends, this one included.
      await accounts.setPassword(userId, request.body.pass, 'self', userId);
      sessionsChanged(reply);
      await accounts.captchas.clear(request, 'edit_userinfo');
      return ok(request, null);
    },
  );

  // The same answer whether or not the address has an account, and whether or not its mail budget let the mail go
  // (docs/adr/0090-mail-per-recipient.md): nothing to learn by asking.
  app.post(
    '/answer/api/v1/user/password/reset',
    {
      config: { auth: 'none' },
      schema: { body: Type.Object({ e_mail: Email, ...CaptchaFields }), response: { 200: EnvelopeSchema(Null) } },
    },
    async (request) => {
      const { e_mail, captcha_id, captcha_code } = request.body;
      await accounts.limits.spend(['reset_ip', request.ip], ['reset_account', e_mail]);
      await accounts.captchas.demand(request, 'email', captcha_id, captcha_code);
      await accounts.captchas.record(request, 'email');
      const user = await accounts.findByEmail(e_mail);
      if (user) await accounts.sendLink(user, 'password_reset', user.email, null);
      return ok(request, null);
    },
  );

  app.post(
    '/answer/api/v1/user/password/replacement',
    {
      config: { auth: 'none' },
      schema: { body: Type.Object({ code: Code, pass: Password }), response: { 200: EnvelopeSchema(Null) } },
    },
    async (request, reply) => {
      const { userId } = await accounts.redeemCode(request.body.code, 'password_reset');
      await accounts.setPassword(userId, request.body.pass, 'reset', userId);
      sessionsChanged(reply);
      return ok(request, null);
    },
  );
}
