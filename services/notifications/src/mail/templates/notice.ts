import { type Language, resolveLanguage } from '@agora/contracts';
import { escapeHtml } from '@agora/platform';
import type { RenderedMail } from './account-mail';
import { htmlDocument } from './html';
import { NOTICE_COPY, type NoticeKind } from './notice-copy';

/** One thing that happened, as a mail (or a digest) tells it; stored as is in digest items. */
export interface NoticeItem {
  kind: NoticeKind;
  /** Who did it (null when nobody is named): a purged member's mails and items are emptied by it. */
  actorId?: string | null;
  actorName: string;
  title: string;
  link: string;
  /** A few words of the answer, comment or question, plain text. */
  excerpt: string;
  tags: string[];
}

export interface NoticeMailInput {
  /** Any spelling `resolveLanguage` understands. */
  language: string;
  siteName: string;
  siteUrl: string;
  recipientName: string;
  unsubscribeUrl: string;
}

export const oneLine = (value: string) => value.replace(/[\r\n\t]+/g, ' ').trim();
const paragraph = (value: string, style = 'margin:0 0 16px') => `<p style="${style}">${escapeHtml(value)}</p>`;
const anchor = (url: string) =>
  `<a href="${escapeHtml(url)}" style="color:#0033ff;word-break:break-all">${escapeHtml(url)}</a>`;

export function settingsUrl(siteUrl: string): string {
  return `${siteUrl.replace(/\/+$/, '')}/users/settings/notify`;
}

function params(item: NoticeItem, siteName: string) {
  return { siteName, actorName: oneLine(item.actorName), title: oneLine(item.title), tags: item.tags.join(', ') };
}

/** The closing every notification mail shares: why it came, where to change that, one-click unsubscribe. */
function footer(language: Language, input: NoticeMailInput, siteName: string) {
  const copy = NOTICE_COPY[language];
  const settings = settingsUrl(input.siteUrl);
  return {
    text: [
      '--',
      copy.why,
      `${copy.settings} ${settings}`,
      `${copy.unsubscribe} ${input.unsubscribeUrl}`,
      '',
      copy.signature(siteName),
    ],
    html: [
      '<hr style="border:none;border-top:1px solid #dee2e6;margin:24px 0 16px">',
      `<p style="margin:0 0 8px;color:#6c757d;font-size:13px">${escapeHtml(copy.why)} ${escapeHtml(copy.settings)} ${anchor(settings)}</p>`,
      `<p style="margin:0 0 16px;color:#6c757d;font-size:13px">${escapeHtml(copy.unsubscribe)} ${anchor(input.unsubscribeUrl)}</p>`,
      paragraph(copy.signature(siteName), 'margin:0;color:#6c757d'),
    ],
  };
}

/** A mail about one thing that happened, in the recipient's language. */
export function renderNoticeMail(input: NoticeMailInput & { item: NoticeItem }): RenderedMail {
  const language = resolveLanguage(input.language);
  const copy = NOTICE_COPY[language];
  const siteName = oneLine(input.siteName);
  const p = params(input.item, siteName);
  const kind = copy.kinds[input.item.kind];
  const subject = oneLine(kind.subject(p));
  const end = footer(language, input, siteName);
  const excerpt = input.item.excerpt.trim();
  const text = [
    copy.greeting(oneLine(input.recipientName)),
    '',
    kind.line(p),
    ...(excerpt ? ['', ...excerpt.split('\n').map((l) => `> ${l}`)] : []),
    '',
    copy.view,
    input.item.link,
    '',
    ...end.text,
    '',
  ].join('\n');
  const body = [
    paragraph(copy.greeting(oneLine(input.recipientName))),
    paragraph(kind.line(p)),
    ...(excerpt
      ? [
          `<blockquote style="margin:0 0 16px;padding:8px 16px;border-left:4px solid #dee2e6;color:#495057">${escapeHtml(excerpt)}</blockquote>`,
        ]
      : []),
    `<p style="margin:0 0 16px">${escapeHtml(copy.view)} ${anchor(input.item.link)}</p>`,
    ...end.html,
  ].join('\n');
  return { subject, text, html: htmlDocument({ lang: language.replace('_', '-'), title: subject, body }) };
}

/** At most this many things are spelled out in one digest; the rest are counted. */
export const DIGEST_MAX_ITEMS = 50;

/** One mail for everything since the last digest, in the recipient's language. */
export function renderDigestMail(
  input: NoticeMailInput & { frequency: 'daily' | 'weekly'; items: NoticeItem[] },
): RenderedMail {
  const language = resolveLanguage(input.language);
  const copy = NOTICE_COPY[language];
  const siteName = oneLine(input.siteName);
  const count = input.items.length;
  const shown = input.items.slice(0, DIGEST_MAX_ITEMS);
  const subject = oneLine(copy.digestSubject({ siteName, count, frequency: input.frequency }));
  const intro = copy.digestIntro({ count, frequency: input.frequency });
  const lines = shown.map((item) => ({ line: copy.kinds[item.kind].line(params(item, siteName)), link: item.link }));
  const rest = count > shown.length ? [copy.more(count - shown.length)] : [];
  const end = footer(language, input, siteName);
  const text = [
    copy.greeting(oneLine(input.recipientName)),
    '',
    intro,
    '',
    ...lines.flatMap(({ line, link }) => [`- ${line}`, `  ${link}`]),
    ...rest,
    '',
    ...end.text,
    '',
  ].join('\n');
  const body = [
    paragraph(copy.greeting(oneLine(input.recipientName))),
    paragraph(intro),
    '<ul style="margin:0 0 16px;padding-left:20px">',
    ...lines.map(({ line, link }) => `<li style="margin:0 0 8px">${escapeHtml(line)}<br>${anchor(link)}</li>`),
    '</ul>',
    ...rest.map((r) => paragraph(r)),
    ...end.html,
  ].join('\n');
  return { subject, text, html: htmlDocument({ lang: language.replace('_', '-'), title: subject, body }) };
}
