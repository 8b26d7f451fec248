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

const urlStart = /(?:https?:\/\/|ftp:\/\/|mailto:|www\.)/iy;
// Inline HTML and autolinks per CommonMark: their attributes and addresses hold no mentions.
const inlineTag =
  /<(?:[A-Za-z][A-Za-z0-9-]*(?:\s+[A-Za-z_:][\w.:-]*(?:\s*=\s*(?:[^\s"'=<>`]+|'[^']*'|"[^"]*"))?)*\s*\/?|\/[A-Za-z][A-Za-z0-9-]*\s*|!--[\s\S]*?--|[A-Za-z][A-Za-z0-9+.-]{1,31}:[^\s<>]*|[\w.!#$%&'*+/=?^`{|}~-]+@[A-Za-z0-9.-]+)>/y;
// What may not stand right before the `@`: e-mail local parts (`bob.smith@host`) and URL paths (`/@bob`).
const notBeforeMention = /[\p{L}\p{N}\p{M}_.+\-/@]/u;
const handleChar = /[A-Za-z0-9_.-]/;
const wordChar = /[\p{L}\p{N}\p{M}]/u;

/**
 * Finds the mentions a reader sees as text: not in code spans or blocks, not in raw HTML, link
 * addresses, bare URLs or e-mail addresses. Blocks come from the markdown parser (so fenced code inside
 * lists and quotes is known); inside a block of text the source is scanned by hand, because a link
 * replacement needs offsets into the source, which the parser's inline tokens do not give.
 */
export function scanMentions(source: string): MentionSpan[] {
  const lineStarts = startsOfLines(source);
  const regions = new Map<string, [number, number]>();
  for (const token of markdown.parse(source, {})) {
    // Table cells carry no line map; their row does.
    if ((token.type === 'inline' || token.type === 'tr_open') && token.map) {
      const [first, last] = token.map;
      regions.set(`${first}:${last}`, [lineStarts[first] ?? source.length, lineStarts[last] ?? source.length]);
    }
  }
  return [...regions.values()].sort((a, b) => a[0] - b[0]).flatMap(([from, to]) => scanText(source, from, to));
}

function startsOfLines(source: string): number[] {
  const starts = [0];
  for (const match of source.matchAll(/\r\n|\r|\n/g)) starts.push(match.index + match[0].length);
  return starts;
}

interface Label {
  start: number;
  end: number;
  image: boolean;
}

function scanText(src: string, from: number, to: number): MentionSpan[] {
  const found: MentionSpan[] = [];
  const openBrackets: { at: number; image: boolean }[] = [];
  const labels: Label[] = [];
  let i = from;
  while (i < to) {
    const c = src[i]!;
    if (c === '\\') {
      i += 2;
    } else if (c === '`') {
      i = skipCodeSpan(src, i, to);
    } else if (c === '<') {
      inlineTag.lastIndex = i;
      i += inlineTag.exec(src)?.[0].length ?? 1;
    } else if (c === '[') {
      openBrackets.push({ at: i, image: src[i - 1] === '!' });
      i++;
    } else if (c === ']') {
      const open = openBrackets.pop();
      const next = src[i + 1];
      if (open && (next === '(' || next === '[')) labels.push({ start: open.at, end: i, image: open.image });
      i = open && next === '(' ? skipDestination(src, i + 1, to) : i + 1;
    } else if (!wordChar.test(src[i - 1] ?? '') && startsUrl(src, i)) {
      while (i < to && !/[\s<]/.test(src[i]!)) i++;
    } else if (c === '@') {
      const mention = mentionAt(src, i, to);
      if (mention) found.push(mention);
      i = mention?.end ?? i + 1;
    } else {
      i++;
    }
  }
  return found.flatMap((mention) => {
    const label = labels.find((l) => l.start < mention.start && mention.end <= l.end);
    if (label?.image) return [];
    return [{ ...mention, inLink: label !== undefined }];
  });
}

function startsUrl(src: string, i: number): boolean {
  urlStart.lastIndex = i;
  return urlStart.test(src);
}

function mentionAt(src: string, at: number, to: number): MentionSpan | undefined {
  if (notBeforeMention.test(src[at - 1] ?? '')) return undefined;
  // Positions of the handle's characters; an escaped one (`\_`, from a linked mention) counts as itself.
  const chars: { char: string; end: number }[] = [];
  let i = at + 1;
  while (i < to) {
    const c = src[i]!;
    if (handleChar.test(c)) {
      chars.push({ char: c, end: i + 1 });
      i++;
    } else if (c === '\\' && /[_.-]/.test(src[i + 1] ?? '')) {
      chars.push({ char: src[i + 1]!, end: i + 2 });
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

/** From the `(` after a link text to just past its `)`, nested parentheses and escapes included. */
function skipDestination(src: string, open: number, to: number): number {
  let depth = 0;
  for (let i = open; i < to; i++) {
    const c = src[i];
    if (c === '\\') i++;
    else if (c === '(') depth++;
    else if (c === ')' && --depth === 0) return i + 1;
  }
  return open + 1;
}
