import { useSiteInfo } from '../site/site-info';

/** Whether the permalink setting (1 to 4) puts the title slug in question links: only 1 and 3 (spec §2). */
export const slugInLinks = (permalink: number | undefined) => permalink === 1 || permalink === 3;

/** A question's link, or one of its answers' (built from the id and url title, spec §2). */
export function questionPath(permalink: number | undefined, id: string, urlTitle: string, answerId?: string): string {
  const base =
    slugInLinks(permalink) && urlTitle ? `/questions/${id}/${encodeURIComponent(urlTitle)}` : `/questions/${id}`;
  return answerId ? `${base}/${answerId}` : base;
}

/** What a question URL names: the question, and the answer when it has one. */
export function parseQuestionPath(
  pathname: string,
  permalink: number | undefined,
): { questionId: string; answerId?: string } | null {
  const parts = pathname.replace(/\/+$/, '').split('/').slice(2).map(decodeURIComponent);
  const [questionId, second, third] = parts;
  if (!questionId || parts.length > 3) return null;
  if (third) return { questionId, answerId: third };
  // Without a slug in links (settings 2 and 4) a second segment is an answer; a long answer id always is.
  if (second && (!slugInLinks(permalink) || /^1002\d{19}$/.test(second))) return { questionId, answerId: second };
  return { questionId };
}

export const tagPath = (slugName: string) => `/tags/${encodeURIComponent(slugName)}`;

/** Question links with the site's permalink setting. */
export function usePermalink(): number | undefined {
  return useSiteInfo().data?.site_seo?.permalink;
}
