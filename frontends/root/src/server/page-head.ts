import type { PageHead, SiteInfo } from '@agora/kit';

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Text for an HTML attribute or element. */
export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => ESCAPES[c] ?? c);

const SCRIPT_JSON_ESCAPES: Record<string, string> = { '<': '\\u003c', '\u2028': '\\u2028', '\u2029': '\\u2029' };

/** JSON inside a `<script>`: no `<` at all, so nothing in it can close the element (one pass: a page's state is large). */
export const scriptJson = (value: unknown) =>
  JSON.stringify(value).replace(/[<\u2028\u2029]/g, (c) => SCRIPT_JSON_ESCAPES[c] ?? c);

/** The site's address without a trailing slash, in front of a page's path. */
export const absoluteUrl = (site: SiteInfo, path: string) => `${site.general.site_url.replace(/\/+$/, '')}${path}`;

/**
 * The `<head>` tags of a server-rendered page: title, description, canonical address, Open Graph and Twitter
 * card, and its JSON-LD (docs/adr/0066-server-rendered-public-pages.md).
 */
export function headTags(head: PageHead, site: SiteInfo): string {
  const siteName = site.general.name;
  const url = absoluteUrl(site, head.canonicalPath);
  const meta = (attribute: 'name' | 'property', key: string, value: string) =>
    `<meta ${attribute}="${key}" content="${escapeHtml(value)}" />`;
  const tags = [
    `<title>${escapeHtml(head.title === siteName ? siteName : `${head.title} - ${siteName}`)}</title>`,
    meta('name', 'description', head.description),
    `<link rel="canonical" href="${escapeHtml(url)}" />`,
    meta('property', 'og:type', head.type),
    meta('property', 'og:site_name', siteName),
    meta('property', 'og:title', head.title),
    meta('property', 'og:description', head.description),
    meta('property', 'og:url', url),
    meta('name', 'twitter:card', 'summary'),
    meta('name', 'twitter:title', head.title),
    meta('name', 'twitter:description', head.description),
  ];
  if (head.structuredData) tags.push(`<script type="application/ld+json">${scriptJson(head.structuredData)}</script>`);
  return tags.join('\n    ');
}
