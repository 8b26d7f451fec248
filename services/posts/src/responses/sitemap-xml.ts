import { questionPath, type SiteSettings, sitemapFilePath, siteRoot } from '@agora/contracts';
import { toShortId } from '@agora/platform';
import type { SitemapFile, SitemapQuestion } from '../queries/sitemap';

const XML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };
const xml = (text: string) => text.replace(/[&<>"']/g, (c) => XML_ESCAPES[c] ?? c);
const HEAD = '<?xml version="1.0" encoding="UTF-8"?>\n';
const NS = 'http://www.sitemaps.org/schemas/sitemap/0.9';

const siteUrl = (settings: SiteSettings) => siteRoot(settings.general.site_url);

/** The sitemap index: one entry per file of question URLs, with the last change in it (docs/adr/0070-sitemap.md). */
export function sitemapIndexXml(settings: SiteSettings, files: SitemapFile[]): string {
  // The protocol wants at least one file: a site without questions lists an empty first one.
  const listed = files.length > 0 ? files : [{ file: 1, lastmod: null }];
  const entries = listed.map(
    ({ file, lastmod }) =>
      `<sitemap><loc>${xml(siteUrl(settings) + sitemapFilePath(file))}</loc>${
        lastmod ? `<lastmod>${lastmod.toISOString()}</lastmod>` : ''
      }</sitemap>`,
  );
  return `${HEAD}<sitemapindex xmlns="${NS}">\n${entries.join('\n')}\n</sitemapindex>\n`;
}

/** A file of question URLs, each in the permalink setting's form with its last change. */
export function sitemapFileXml(settings: SiteSettings, questions: SitemapQuestion[]): string {
  const permalink = settings.seo.permalink;
  const entries = questions.map((q) => {
    const id = permalink >= 3 ? toShortId(q.id) : q.id;
    const loc = siteUrl(settings) + questionPath(permalink, id, q.url_title);
    return `<url><loc>${xml(loc)}</loc><lastmod>${q.post_update_time.toISOString()}</lastmod></url>`;
  });
  return `${HEAD}<urlset xmlns="${NS}">\n${entries.join('\n')}\n</urlset>\n`;
}
