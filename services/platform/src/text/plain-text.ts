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
  return (
    html
      .replace(blockTag, ' ')
      .replace(/<[^>]*>/g, '')
      // One pass: `&amp;lt;` stays `&lt;`, as decoding `&amp;` last would leave it.
      .replace(/&(?:lt|gt|quot|amp);/g, (entity) => ENTITIES[entity] ?? entity)
      .replace(/\s+/g, ' ')
      .trim()
  );
}

const ENTITIES: Record<string, string> = { '&lt;': '<', '&gt;': '>', '&quot;': '"', '&amp;': '&' };

/** Code points in a string, without building an array of them. */
function codePoints(text: string): number {
  let count = 0;
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    // A high surrogate followed by a low one is one code point.
    if (unit >= 0xd800 && unit <= 0xdbff && i + 1 < text.length) {
      const next = text.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) i++;
    }
    count++;
  }
  return count;
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
  return excerptOfText(plainTextOfHtml(html), maxChars);
}

/** excerpt of text that is plain already. */
export function excerptOfText(text: string, maxChars: number): string {
  if (text.length <= maxChars || codePoints(text) <= maxChars) return text;
  if (maxChars < 1) return '';
  const budget = maxChars - 1;
  let cut = takeWhileFits(text, words, budget);
  // A single word longer than the budget: cut inside it, between characters a reader sees as one.
  if (cut.trim() === '') cut = takeWhileFits(text, graphemes, budget);
  return `${cut.replace(/[\s,;:–—-]+$/u, '')}…`;
}

/**
 * The longest run of whole segments from the start that holds at most `budget` code points: everything
 * before the segment that holds the first code point past the budget (one look-up, no walk).
 */
function takeWhileFits(text: string, segmenter: Intl.Segmenter, budget: number): string {
  const past = unitIndexAfter(text, budget);
  if (past >= text.length) return text;
  return text.slice(0, segmenter.segment(text).containing(past)?.index ?? past);
}

/** The code unit index just after the first `count` code points of `text` (its length when shorter). */
function unitIndexAfter(text: string, count: number): number {
  let index = 0;
  for (let seen = 0; seen < count && index < text.length; seen++) {
    const unit = text.charCodeAt(index);
    const pair = unit >= 0xd800 && unit <= 0xdbff && index + 1 < text.length;
    index += pair && text.charCodeAt(index + 1) >= 0xdc00 && text.charCodeAt(index + 1) <= 0xdfff ? 2 : 1;
  }
  return index;
}
