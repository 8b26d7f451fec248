import { objectTypeOf } from '@agora/contracts';
import { longIdOf } from '@agora/platform';

/** A question a text links to, and the site the link names (see `siteOfLink`). */
export interface QuestionLink {
  questionId: string;
  site: string;
}

/** `/questions/<id>`, the id in its long or short form, the rest of the path (slug, answer id) whatever it is. */
const QUESTION_PATH = /\/questions\/([0-9A-Za-z]+)(?![0-9A-Za-z])/g;
/** Characters that end the text before a link: space, and what markdown and HTML put around one. */
const BEFORE_LINK = /[\s()<>[\]{}"'`=|,;*]/;

const withoutTrailingSlashes = (path: string) => path.replace(/\/+$/, '');

/**
 * The site a link to a question names, from what it has before `/questions/`: '' for a root-relative
 * link (`/questions/1`), the path for one below a path (`/forum`), and host, port and path (lower-case
 * host, default ports dropped) for an absolute or protocol-relative one (`agora.example/forum`).
 * Undefined for anything else: a relative path (`questions/1`, `../questions/1`) or another scheme.
 */
export function siteOfLink(before: string): string | undefined {
  if (before === '') return '';
  if (/^(https?:)?\/\//i.test(before)) {
    try {
      const url = new URL(before.startsWith('//') ? `http:${before}` : before);
      if (url.search || url.hash || url.username || url.password) return undefined;
      return `${url.host}${withoutTrailingSlashes(url.pathname)}`;
    } catch {
      return undefined;
    }
  }
  return /^\/[^\s:?#]*$/.test(before) ? withoutTrailingSlashes(before) : undefined;
}

/**
 * The questions a post's text links to (markdown links, autolinks, HTML anchors or bare addresses), once
 * each per site named: any `/questions/<id>` path, absolute or root-relative, with or without the title
 * slug and an answer id after it, whose id is a question's.
 */
export function questionLinksIn(text: string): QuestionLink[] {
  const found = new Map<string, QuestionLink>();
  for (const match of text.matchAll(QUESTION_PATH)) {
    let start = match.index;
    while (start > 0 && !BEFORE_LINK.test(text.charAt(start - 1))) start--;
    const site = siteOfLink(text.slice(start, match.index));
    const questionId = longIdOf(match[1] ?? '');
    if (site === undefined || !questionId || objectTypeOf(questionId) !== 'question') continue;
    found.set(`${questionId} ${site}`, { questionId, site });
  }
  return [...found.values()];
}

/**
 * The sites a link must name to be one of this site's: its address's host and path, and its path alone
 * (a root-relative link), as `siteOfLink` reads them.
 */
export function sitesOf(siteUrl: string): string[] {
  const site = siteOfLink(siteUrl.replace(/\/+$/, ''));
  if (site === undefined) return [''];
  const slash = site.indexOf('/');
  return [site, slash < 0 ? '' : site.slice(slash)];
}
