import { useSiteInfo } from '../site/site-info';

/** Whether the permalink setting (1 to 4) puts the title slug in question links: only 1 and 3. */
export const slugInLinks = (permalink: number | undefined) => permalink === 1 || permalink === 3;

/** A question's link, or one of its answers' (built from the id and url title). */
export function questionPath(permalink: number | undefined, id: string, urlTitle: string, answerId?: string): string {
  const base =
    slugInLinks(permalink) && urlTitle ? `/questions/${id}/${encodeURIComponent(urlTitle)}` : `/questions/${id}`;
  return answerId ? `${base}/${answerId}` : base;
}

/** The route pattern of question links (what `questionPath` builds; DESIGN §7, "Routes"). */
export const QUESTION_ROUTE = '/questions/:questionId/:slugOrAnswerId?/:answerId?';

/** The answer a question link names, if any: its third segment, or its second when that is not the slug. */
export function linkedAnswerId(
  params: { slugOrAnswerId?: string; answerId?: string },
  permalink: number | undefined,
): string | undefined {
  if (params.answerId) return params.answerId;
  const second = params.slugOrAnswerId;
  // Without a slug in links (settings 2 and 4) a second segment is an answer; a long answer id always is.
  if (second && (!slugInLinks(permalink) || /^1002\d{19}$/.test(second))) return second;
  return undefined;
}

export const tagPath = (slugName: string) => `/tags/${encodeURIComponent(slugName)}`;

/** Question links with the site's permalink setting. */
export function usePermalink(): number | undefined {
  return useSiteInfo().data?.site_seo?.permalink;
}
