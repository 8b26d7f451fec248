import { renderMarkdown } from './render';

// Tags that end a line of text: their removal must leave a space, or `<li>a</li><li>b</li>` reads "ab".
const blockTag = /<\/?(?:h[1-6]|p|br|hr|ul|ol|li|blockquote|pre|table|thead|tbody|tr|th|td|details|summary)\b[^>]*>/g;

/**
 * The words a reader sees, without markup, on one line: for search snippets, descriptions and e-mail.
 * Works on the sanitised HTML, where every `<` and `>` inside text is escaped, so tags are plain to find.
 */
export function plainText(source: string): string {
  return plainTextOfHtml(renderMarkdown(source));
}

/** plainText of markdown already rendered by renderMarkdown (a post's stored HTML), without rendering it again. */
export function plainTextOfHtml(html: string): string {
  return html
    .replace(blockTag, ' ')
    .replace(/<[^>]*>/g, '')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();
}

const words = new Intl.Segmenter(undefined, { granularity: 'word' });
const graphemes = new Intl.Segmenter(undefined, { granularity: 'grapheme' });

/**
 * The plain text cut to at most `maxChars` characters (code points, the ellipsis included) at a word
 * boundary; Chinese and Japanese have no spaces, so boundaries come from the Unicode word segmenter.
 */
export function excerpt(source: string, maxChars: number): string {
  return excerptOfHtml(renderMarkdown(source), maxChars);
}

/** excerpt of markdown already rendered by renderMarkdown (a post's stored HTML). */
export function excerptOfHtml(html: string, maxChars: number): string {
  const text = plainTextOfHtml(html);
  if ([...text].length <= maxChars) return text;
  if (maxChars < 1) return '';
  const budget = maxChars - 1;
  let cut = takeWhileFits(words.segment(text), budget);
  // A single word longer than the budget: cut inside it, between characters a reader sees as one.
  if (cut.trim() === '') cut = takeWhileFits(graphemes.segment(text), budget);
  return `${cut.replace(/[\s,;:–—-]+$/u, '')}…`;
}

function takeWhileFits(segments: Intl.Segments, budget: number): string {
  let taken = '';
  let length = 0;
  for (const { segment } of segments) {
    const size = [...segment].length;
    if (length + size > budget) break;
    taken += segment;
    length += size;
  }
  return taken;
}
