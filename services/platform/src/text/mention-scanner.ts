import { markdown } from './markdown';

/** One `@name` in markdown source, by offsets into that source. */
export interface MentionSpan {
  start: number;
  end: number;
  /** The handle as written, without the `@` and without backslash escapes. */
  username: string;
  /** Inside a link's text (such as an earlier `[@name](/users/name)`): a mention, but not to be linked again. */
  inLink: boolean;
}

interface Span {
  start: number;
  end: number;
}

const urlStart = /(?:https?:\/\/|ftp:\/\/|mailto:|www\.)/iy;
// Inline HTML tags and autolinks per CommonMark: their attributes and addresses hold no mentions.
const inlineTag =
  /<(?:[A-Za-z][A-Za-z0-9-]*(?:\s+[A-Za-z_:][\w.:-]*(?:\s*=\s*(?:[^\s"'=<>`]+|'[^']*'|"[^"]*"))?)*\s*\/?|\/[A-Za-z][A-Za-z0-9-]*\s*|[A-Za-z][A-Za-z0-9+.-]{1,31}:[^\s<>]*|[\w.!#$%&'*+/=?^`{|}~-]+@[A-Za-z0-9.-]+)>/y;
// What may not stand right before the `@`: e-mail local parts (`bob.smith@host`) and URL paths (`/@bob`).
const notBeforeMention = /[\p{L}\p{N}\p{M}_.+\-/@]/u;
const handleChar = /[A-Za-z0-9_.-]/;
const wordChar = /[\p{L}\p{N}\p{M}]/u;
const space = /[ \t\r\n]/;

/**
 * Finds the mentions a reader sees as text: not in code spans or blocks, raw HTML, link addresses, bare
 * URLs or e-mail addresses. Blocks come from the markdown parser (so fenced code inside lists and quotes
 * is known); inside a block of text the source is scanned by hand, because linking needs offsets into
 * the source, which the parser's inline tokens do not give. Every step moves forward, so hostile input
 * of any length costs linear time.
 */
export function scanMentions(source: string): MentionSpan[] {
  const lineStarts = startsOfLines(source);
  const regions = new Map<string, Span>();
  for (const token of markdown.parse(source, {})) {
    // Table cells carry no line map; their row does.
    if ((token.type === 'inline' || token.type === 'tr_open') && token.map) {
      const [first, last] = token.map;
      regions.set(`${first}:${last}`, {
        start: lineStarts[first] ?? source.length,
        end: lineStarts[last] ?? source.length,
      });
    }
  }
  return [...regions.values()].sort((a, b) => a.start - b.start).flatMap((region) => scanText(source, region));
}

function startsOfLines(source: string): number[] {
  const starts = [0];
  for (const match of source.matchAll(/\r\n|\r|\n/g)) starts.push(match.index + match[0].length);
  return starts;
}

function scanText(src: string, { start, end: to }: Span): MentionSpan[] {
  const found: MentionSpan[] = [];
  const openBrackets: { at: number; image: boolean }[] = [];
  const linkTexts: Span[] = [];
  const imageTexts: Span[] = [];
  let commentEnd = -2; // where the next `-->` is, once looked up
  let i = start;
  while (i < to) {
    const c = src.charAt(i);
    if (c === '\\') {
      i += 2;
    } else if (c === '`') {
      i = skipCodeSpan(src, i, to);
    } else if (src.startsWith('<!--', i)) {
      if (commentEnd !== -1 && commentEnd < i) commentEnd = src.indexOf('-->', i + 4);
      i = commentEnd !== -1 && commentEnd < to ? commentEnd + 3 : i + 4;
    } else if (c === '<') {
      inlineTag.lastIndex = i;
      i += inlineTag.exec(src)?.[0].length ?? 1;
    } else if (c === '[') {
      openBrackets.push({ at: i, image: src[i - 1] === '!' });
      i++;
    } else if (c === ']') {
      const open = openBrackets.pop();
      const next = src[i + 1];
      if (open && (next === '(' || next === '['))
        (open.image ? imageTexts : linkTexts).push({ start: open.at, end: i });
      i = open && next === '(' ? skipDestination(src, i + 1, to) : i + 1;
    } else if (!wordChar.test(src[i - 1] ?? '') && startsUrl(src, i)) {
      while (i < to && !/[\s<]/.test(src.charAt(i))) i++;
    } else if (c === '@') {
      const mention = mentionAt(src, i, to);
      if (mention) found.push(mention);
      i = mention?.end ?? i + 1;
    } else {
      i++;
    }
  }
  const inImage = coveredBy(found, imageTexts);
  const inLink = coveredBy(found, linkTexts);
  return found.flatMap((mention, k) => (inImage[k] ? [] : [{ ...mention, inLink: inLink[k] === true }]));
}

/** For each span (in source order), whether one of the intervals holds it. */
function coveredBy(spans: Span[], intervals: Span[]): boolean[] {
  const sorted = [...intervals].sort((a, b) => a.start - b.start);
  let next = 0;
  let reach = -1;
  return spans.map((span) => {
    for (let interval = sorted[next]; interval && interval.start < span.start; interval = sorted[++next]) {
      reach = Math.max(reach, interval.end);
    }
    return reach >= span.end;
  });
}

function startsUrl(src: string, i: number): boolean {
  urlStart.lastIndex = i;
  return urlStart.test(src);
}

function mentionAt(src: string, at: number, to: number): MentionSpan | undefined {
  if (notBeforeMention.test(src[at - 1] ?? '')) return undefined;
  // The handle's characters with where each ends; an escaped one (`\_`, from a linked mention) counts as itself.
  const chars: { char: string; end: number }[] = [];
  let i = at + 1;
  while (i < to) {
    const c = src.charAt(i);
    if (handleChar.test(c)) {
      chars.push({ char: c, end: i + 1 });
      i++;
    } else if (c === '\\' && /[_.-]/.test(src[i + 1] ?? '')) {
      chars.push({ char: src.charAt(i + 1), end: i + 2 });
      i += 2;
    } else {
      break;
    }
  }
  const after = src[i] ?? '';
  // `@bob@example.com` is an address, `@bobé` is not this handle.
  if (after === '@' || wordChar.test(after)) return undefined;
  // A full stop ends the sentence, not the name.
  while (chars.at(-1)?.char === '.') chars.pop();
  const last = chars.at(-1);
  if (!last) return undefined;
  return { start: at, end: last.end, username: chars.map((c) => c.char).join(''), inLink: false };
}

function skipCodeSpan(src: string, at: number, to: number): number {
  let run = 0;
  while (src[at + run] === '`') run++;
  let i = at + run;
  while (i < to) {
    if (src[i] !== '`') {
      i++;
      continue;
    }
    let closing = 0;
    while (src[i + closing] === '`') closing++;
    if (closing === run) return i + closing;
    i += closing;
  }
  // No closing run: the backticks are literal text.
  return at + run;
}

/**
 * From the `(` after a link text to just past the `)` that ends the destination and title, read the way
 * the markdown parser reads them; when they do not parse, only past the `(`.
 */
function skipDestination(src: string, open: number, to: number): number {
  const { parseLinkDestination, parseLinkTitle } = markdown.helpers;
  let pos = skipSpaces(src, open + 1, to);
  const destination = parseLinkDestination(src, pos, to);
  if (destination.ok) {
    pos = skipSpaces(src, destination.pos, to);
    if (pos > destination.pos) {
      const title = parseLinkTitle(src, pos, to);
      if (title.ok) pos = skipSpaces(src, title.pos, to);
    }
  }
  return src[pos] === ')' && pos < to ? pos + 1 : open + 1;
}

function skipSpaces(src: string, from: number, to: number): number {
  let i = from;
  while (i < to && space.test(src.charAt(i))) i++;
  return i;
}
