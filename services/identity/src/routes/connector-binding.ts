import { BindingPasswordRespSchema, EnvelopeSchema } from '@agora/contracts';
import { CaptchaFields, errors, type HttpApp, ok } from '@agora/platform';
import { Type } from 'typebox';
import type { Accounts } from '../commands/accounts';
import type { ExternalLogins } from '../commands/external-logins';
import { provePassword } from '../security/password-proof';
import { Email, Password } from './schemas';

/**
 * Linking a provider's login to an existing account by that account's password (docs/adr/0065-external-logins.md):
 * the other proof beside the mail code of `connector/binding/email`. The password is checked like a sign-in
 * (the same per-address captcha and limits); a wrong one leaves the binding waiting and links nothing.
 */
export async function connectorBindingRoutes(app: HttpApp, accounts: Accounts, logins: ExternalLogins) {
  app.post(
    '/answer/api/v1/connector/binding/password',
    {
      config: { auth: 'none' },
      schema: {
        body: Type.Object({
          binding_key: Type.String({ minLength: 1, maxLength: 100 }),
          e_mail: Email,
          pass: Password,
          ...CaptchaFields,
        }),
        response: { 200: EnvelopeSchema(BindingPasswordRespSchema) },
      },
    },
    async (request) => {
      const { binding_key } = request.body;
      const settings = await accounts.settings();
      // With password login off, a password is no way in, so no proof either: the mail code remains.
      if (!settings.login.allow_password_login && (await logins.settings.anyEnabled()))
        throw errors.forbidden(undefined, 'error.user.password_login_closed');
      await logins.pendingBinding(binding_key);
      const user = await provePassword(accounts, request, request.body, 'pass');
      return ok(request, { access_token: await logins.bindByPassword(binding_key, user) });
    },
  );
}
