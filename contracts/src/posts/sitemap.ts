/** The sitemap index, at the site root; robots.txt names it (docs/adr/0070-sitemap.md). */
export const SITEMAP_PATH = '/sitemap.xml';

/** The folder of the sitemap's files of question URLs. */
export const SITEMAP_FOLDER = '/sitemap/';

/** The `n`th file (from 1) of question URLs the index lists. */
export const sitemapFilePath = (n: number) => `${SITEMAP_FOLDER}questions-${n}.xml`;

/** The number in a sitemap file's path, or null for any other path. */
export function sitemapFileNumber(pathname: string): number | null {
  const match = /^\/sitemap\/questions-([1-9]\d{0,6})\.xml$/.exec(pathname);
  return match ? Number(match[1]) : null;
}
