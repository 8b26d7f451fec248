import { type Language, translate } from '@agora/contracts';
import { escapeHtml } from '@agora/platform';
import { htmlDocument } from './html';

/** The mail an admin asks for when saving the SMTP settings. */
export function renderSmtpTestMail(options: { language: Language; siteName: string }) {
  const params = { siteName: options.siteName };
  const subject = translate(options.language, 'mail.smtp_test.subject', params);
  const text = translate(options.language, 'mail.smtp_test.body', params);
  return {
    subject,
    text,
    html: htmlDocument({
      lang: options.language.replace('_', '-'),
      title: subject,
      body: `<p>${escapeHtml(text)}</p>`,
    }),
  };
}
