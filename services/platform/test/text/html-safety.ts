import { expect } from 'vitest';

const allowedAttributes: Record<string, string[]> = {
  a: ['href', 'title', 'rel'],
  img: ['src', 'alt', 'title', 'width', 'height'],
  ol: ['start'],
  th: ['align'],
  td: ['align'],
  details: ['open'],
  code: ['class'],
};
const allowedTags = new Set([
  ...['h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'p', 'br', 'hr', 'ul', 'ol', 'li', 'blockquote', 'pre', 'code'],
  ...['em', 'strong', 'del', 's', 'a', 'img', 'table', 'thead', 'tbody', 'tr', 'th', 'td'],
  ...['sup', 'sub', 'kbd', 'details', 'summary'],
]);

// biome-ignore lint/suspicious/noControlCharactersInRegex: browsers skip these characters in a URL
const skippedInUrls = /[\u0000-\u0020]/g;
const tagPattern = /<(\/?)([a-zA-Z][\w-]*)((?:\s+[^\s=>/]+(?:="[^"]*")?)*)\s*\/?>/g;
const attributePattern = /([^\s=]+)(?:="([^"]*)")?/g;

function decode(value: string): string {
  return value
    .replace(/&#x([0-9a-f]+);?/gi, (_, hex: string) => String.fromCodePoint(Number.parseInt(hex, 16)))
    .replace(/&#(\d+);?/g, (_, dec: string) => String.fromCodePoint(Number(dec)))
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}

/**
 * Proves that HTML can run nothing: every `<` opens an allowed tag, only allowed attributes appear, and
 * no URL uses a scheme that runs code or carries a document.
 */
export function expectSafe(html: string): void {
  const tags = [...html.matchAll(tagPattern)];
  expect(tags.length, `stray "<" in ${html}`).toBe(html.split('<').length - 1);
  for (const [tag, closing, name, attributes] of tags) {
    const tagName = name!.toLowerCase();
    expect(allowedTags.has(tagName), `tag <${tagName}> in ${html}`).toBe(true);
    if (closing) continue;
    for (const [, attributeName, rawValue] of attributes!.matchAll(attributePattern)) {
      const attribute = attributeName!.toLowerCase();
      expect(allowedAttributes[tagName] ?? [], `attribute ${attribute} in ${tag}`).toContain(attribute);
      if (attribute !== 'href' && attribute !== 'src') continue;
      const url = decode(rawValue ?? '')
        .replace(skippedInUrls, '')
        .toLowerCase();
      expect(url, tag).not.toMatch(/^(?:javascript|vbscript|livescript|file):/);
      if (url.startsWith('data:')) {
        expect(`${tagName} ${attribute}`, tag).toBe('img src');
        expect(url, tag).toMatch(/^data:image\/(?:png|jpeg|jpg|gif|webp)[;,]/);
      }
    }
  }
}
