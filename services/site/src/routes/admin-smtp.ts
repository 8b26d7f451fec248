import {
  ADMIN_API_PREFIX,
  EnvelopeSchema,
  isEmail,
  SMTP_PASSWORD_MASK,
  SmtpSettingsPut,
  SmtpSettingsResp,
} from '@agora/contracts';
import { type FieldProblem, type HttpApp, loadSiteSettings, ok, type ServiceContext } from '@agora/platform';
import { Type } from 'typebox';
import { saveSettingsGroup } from '../settings/save';

const ADMIN = { auth: 'admin' as const };
const URL = `${ADMIN_API_PREFIX}/setting/smtp`;

/**
 * The SMTP settings, which may be saved incomplete. The password is never read back: a stored one answers as the
 * mask, and the mask sent back keeps it. A test recipient is mailed through the saved settings, which need a host.
 */
export async function adminSmtpRoutes(app: HttpApp, context: ServiceContext) {
  app.get(
    URL,
    { config: ADMIN, schema: { tags: ['admin: settings'], response: { 200: EnvelopeSchema(SmtpSettingsResp) } } },
    async (request) => {
      const { smtp } = await loadSiteSettings(context.database.db, context.config.siteUrl);
      return ok(request, { ...smtp, smtp_password: smtp.smtp_password === '' ? '' : SMTP_PASSWORD_MASK });
    },
  );

  app.put(
    URL,
    {
      config: ADMIN,
      schema: { tags: ['admin: settings'], body: SmtpSettingsPut, response: { 200: EnvelopeSchema(Type.Null()) } },
    },
    async (request) => {
      const { test_email_recipient, smtp_password, ...fields } = request.body;
      const recipient = test_email_recipient?.trim() ?? '';
      const problems: FieldProblem[] =
        recipient === '' || isEmail(recipient) ? [] : [{ field: 'test_email_recipient', key: 'validation.email' }];
      // Settings may be saved without a host, but a test mail tests the host: without one it is refused.
      if (recipient !== '') {
        const { smtp } = await loadSiteSettings(context.database.db, context.config.siteUrl);
        if ((fields.smtp_host ?? smtp.smtp_host).trim() === '')
          problems.push({ field: 'smtp_host', key: 'validation.required' });
      }
      const sent = smtp_password === SMTP_PASSWORD_MASK ? fields : { ...fields, smtp_password };
      await saveSettingsGroup(context, 'smtp', sent, request.actor.id, {
        problems,
        ...(recipient ? { testMail: { recipient, language: request.language } } : {}),
      });
      return ok(request, null);
    },
  );
}
