import { type Language, resolveLanguage } from '@agora/contracts';
import { escapeHtml } from '@agora/platform';
import { activationTemplate } from './activation';
import { emailChangeTemplate } from './email-change';
import { htmlDocument } from './html';
import { passwordResetTemplate } from './password-reset';

export type AccountMailKind = 'activation' | 'password_reset' | 'email_change';

/** How long identity's link codes live; the mails say so. */
export const LINK_LIFETIME_MINUTES = 10;

interface CopyParams {
  siteName: string;
}

/** One language's words of one account mail: the subject and the paragraphs before the link. */
export interface AccountMailCopy {
  subject: (params: CopyParams) => string;
  intro: (params: CopyParams) => string[];
}

export interface AccountMailTemplate {
  kind: AccountMailKind;
  /** The front end's page that takes `?code=`. */
  path: string;
  copy: Record<Language, AccountMailCopy>;
}

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

export interface AccountMailInput {
  kind: AccountMailKind;
  /** Any spelling `resolveLanguage` understands; unsupported ones fall back to en_US. */
  language: string;
  displayName: string;
  code: string;
  siteName: string;
  siteUrl: string;
}

export const ACCOUNT_MAIL_TEMPLATES: Record<AccountMailKind, AccountMailTemplate> = {
  activation: activationTemplate,
  password_reset: passwordResetTemplate,
  email_change: emailChangeTemplate,
};

const COMMON: Record<
  Language,
  { greeting: (name: string) => string; expiry: string; copyHint: string; signature: (site: string) => string }
> = {
  en_US: {
    greeting: (name) => (name ? `Hi ${name},` : 'Hi,'),
    expiry: `This link expires in ${LINK_LIFETIME_MINUTES} minutes.`,
    copyHint: 'If the link does not open, copy it into the address bar of your web browser.',
    signature: (site) => `— ${site}`,
  },
  zh_CN: {
    greeting: (name) => (name ? `${name}，你好：` : '你好：'),
    expiry: `此链接将在 ${LINK_LIFETIME_MINUTES} 分钟后失效。`,
    copyHint: '如果无法点击链接，请将其复制到浏览器的地址栏中打开。',
    signature: (site) => `— ${site}`,
  },
};

/** `${siteUrl}${path}?code=...`, the code URL-encoded and the site URL without a trailing slash. */
export function accountLink(siteUrl: string, path: string, code: string): string {
  return `${siteUrl.replace(/\/+$/, '')}${path}?code=${encodeURIComponent(code)}`;
}

/** Subjects are one line whatever a site name holds. */
const oneLine = (value: string) => value.replace(/[\r\n\t]+/g, ' ').trim();

export function languageOf(value: string): Language {
  return resolveLanguage(value);
}

/** Renders an account mail (subject, plain text, HTML) in the user's language. */
export function renderAccountMail(input: AccountMailInput): RenderedMail {
  const template = ACCOUNT_MAIL_TEMPLATES[input.kind];
  const language = languageOf(input.language);
  const copy = template.copy[language];
  const common = COMMON[language];
  const siteName = oneLine(input.siteName);
  const displayName = oneLine(input.displayName);
  const link = accountLink(input.siteUrl, template.path, input.code);
  const subject = oneLine(copy.subject({ siteName }));
  const intro = copy.intro({ siteName });

  const text = [
    common.greeting(displayName),
    '',
    ...intro,
    '',
    link,
    '',
    common.expiry,
    common.copyHint,
    '',
    common.signature(siteName),
    '',
  ].join('\n');

  const paragraph = (value: string) => `<p style="margin:0 0 16px">${escapeHtml(value)}</p>`;
  const body = [
    paragraph(common.greeting(displayName)),
    ...intro.map(paragraph),
    `<p style="margin:0 0 16px"><a href="${escapeHtml(link)}" style="color:#0033ff;word-break:break-all">${escapeHtml(link)}</a></p>`,
    paragraph(common.expiry),
    `<p style="margin:0 0 16px;color:#6c757d;font-size:14px">${escapeHtml(common.copyHint)}</p>`,
    `<p style="margin:0;color:#6c757d">${escapeHtml(common.signature(siteName))}</p>`,
  ].join('\n');

  return { subject, text, html: htmlDocument({ lang: language.replace('_', '-'), title: subject, body }) };
}
