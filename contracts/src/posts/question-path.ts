/** The site's address without trailing slashes, to put paths after. */
export const siteRoot = (siteUrl: string) => siteUrl.replace(/\/+$/, '');

/** Whether the permalink setting (1 to 4) puts the title slug in question links: only 1 and 3. */
export const slugInLinks = (permalink: number | undefined) => permalink === 1 || permalink === 3;

/**
 * A question's link, or one of its answers' (built from the id in the setting's form and the url title), as the
 * web app and the sitemap write it.
 */
export function questionPath(permalink: number | undefined, id: string, urlTitle: string, answerId?: string): string {
  const base =
    slugInLinks(permalink) && urlTitle ? `/questions/${id}/${encodeURIComponent(urlTitle)}` : `/questions/${id}`;
  return answerId ? `${base}/${answerId}` : base;
}
