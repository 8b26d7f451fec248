import { splitScripts } from '../text/scripts';
import { isStopWord } from '../text/stop-words';

/** Characters of a result's excerpt (about 100 around a match). */
export const EXCERPT_LENGTH = 100;
const LEAD = 30;

const CJK = '\\p{Script=Han}\\p{Script=Hiragana}\\p{Script=Katakana}\\p{Script=Hangul}';
const LATIN_WORD = new RegExp(`(?:(?![${CJK}])[\\p{L}\\p{N}])+`, 'gu');

/** A light English stemmer, enough to see that `running` is a match for `run` and `indexes` for `index`. */
export function stem(word: string): string {
  let w = word.toLowerCase();
  for (const [suffix, replacement] of [
    ['ies', 'y'],
    ['ied', 'y'],
    ['ing', ''],
    ['ed', ''],
    ['es', ''],
    ['s', ''],
    ['ly', ''],
  ] as const) {
    if (w.endsWith(suffix) && w.length - suffix.length >= 3) {
      w = w.slice(0, -suffix.length) + replacement;
      break;
    }
  }
  // `runn` → `run`: a doubled final consonant left by a suffix.
  if (/([^aeiouslz])\1$/.test(w)) w = w.slice(0, -1);
  return w;
}

/** What the query asks for, as a highlighter sees it: word stems, a pattern for candidates, CJK strings. */
export interface HighlightTerms {
  stems: Set<string>;
  /** Words starting like one of the stems; each candidate is confirmed by its own stem. */
  candidates: RegExp | null;
  /** The same beginnings as plain strings when all are ASCII, for `findWords`. */
  asciiPrefixes: string[] | null;
  cjk: string[];
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

export function highlightTerms(words: string[], phrases: string[]): HighlightTerms {
  const stems = new Set<string>();
  const cjk: string[] = [];
  for (const text of [...words, ...phrases]) {
    const { latin, cjkRuns } = splitScripts(text);
    for (const part of latin.match(LATIN_WORD) ?? []) if (!isStopWord(part)) stems.add(stem(part));
    cjk.push(...cjkRuns);
  }
  // `query` → `queries`: a stem's inflections share all its letters but maybe the last.
  const prefixes = [...stems].map((s) => (s.length > 3 ? s.slice(0, -1) : s));
  const asciiPrefixes = prefixes.length && prefixes.every((p) => ASCII.test(p)) ? prefixes : null;
  // Made only when needed: a case-insensitive pattern of Unicode classes costs ~0.3 ms to make.
  let candidates: RegExp | null | undefined;
  return {
    stems,
    get candidates() {
      candidates ??= prefixes.length
        ? new RegExp(
            `(?<![\\p{L}\\p{N}])(?:${prefixes.map(escapeRegExp).join('|')})(?:(?![${CJK}])[\\p{L}\\p{N}])*`,
            'giu',
          )
        : null;
      return candidates;
    },
    asciiPrefixes,
    cjk,
  };
}

const ASCII = /^[ -~]*$/;
const WORD_CHAR = /[\p{L}\p{N}]/u;
const LATIN_WORD_CHAR = new RegExp(`(?![${CJK}])[\\p{L}\\p{N}]`, 'u');
/** Characters that `/i` matches to an ASCII letter but `toLowerCase` leaves alone (long s, Kelvin sign). */
const FOLDS_TO_ASCII = /[\u017f\u212a]/;

/** The code point ending just before `at`. */
function charBefore(text: string, at: number): string {
  const low = text.charCodeAt(at - 1);
  return low >= 0xdc00 && low <= 0xdfff && at >= 2 ? text.slice(at - 2, at) : text.charAt(at - 1);
}

function isAsciiWordChar(code: number): boolean {
  return (code >= 48 && code <= 57) || (code >= 65 && code <= 90) || (code >= 97 && code <= 122);
}

/**
 * What `terms.candidates` finds, confirmed by stem, found with `indexOf` on the lower-cased text instead
 * of trying the pattern at every character (the pattern's Unicode classes made snippets a search's
 * largest cost in Node). Null when the text's lower case could shift positions or fold differently.
 */
export function findWords(
  text: string,
  terms: HighlightTerms,
  prefixes: string[],
  limit: number,
): [number, number][] | null {
  const lower = text.toLowerCase();
  if (lower.length !== text.length || FOLDS_TO_ASCII.test(text)) return null;
  const found: [number, number][] = [];
  for (const prefix of prefixes) {
    let taken = 0;
    for (let at = lower.indexOf(prefix); at !== -1 && taken < limit; at = lower.indexOf(prefix, at + 1)) {
      if (at > 0) {
        const code = text.charCodeAt(at - 1);
        if (code < 128 ? isAsciiWordChar(code) : WORD_CHAR.test(charBefore(text, at))) continue;
      }
      let end = at + prefix.length;
      while (end < text.length) {
        const code = text.charCodeAt(end);
        if (code < 128) {
          if (!isAsciiWordChar(code)) break;
          end++;
          continue;
        }
        const char = String.fromCodePoint(text.codePointAt(end) ?? code);
        if (!LATIN_WORD_CHAR.test(char)) break;
        end += char.length;
      }
      if (!terms.stems.has(stem(text.slice(at, end)))) continue;
      found.push([at, end]);
      taken++;
    }
  }
  // Two beginnings may find the same word; each prefix's finds are in order, the union is not.
  found.sort((a, b) => a[0] - b[0]);
  return found.filter((range, i) => i === 0 || range[0] !== found[i - 1]?.[0]).slice(0, limit);
}

/** Where the terms occur in a text, as sorted, non-overlapping [start, end) ranges; `limit` stops early. */
export function matchRanges(text: string, terms: HighlightTerms, limit = Number.POSITIVE_INFINITY): [number, number][] {
  const fast = terms.asciiPrefixes ? findWords(text, terms, terms.asciiPrefixes, limit) : null;
  const ranges: [number, number][] = fast ?? [];
  if (!fast && terms.candidates) {
    for (const m of text.matchAll(terms.candidates)) {
      if (!terms.stems.has(stem(m[0]))) continue;
      ranges.push([m.index, m.index + m[0].length]);
      if (ranges.length >= limit) break;
    }
  }
  for (const run of terms.cjk) {
    for (let at = text.indexOf(run); at !== -1 && ranges.length < limit * 2; at = text.indexOf(run, at + run.length)) {
      ranges.push([at, at + run.length]);
    }
  }
  ranges.sort((a, b) => a[0] - b[0]);
  const merged: [number, number][] = [];
  for (const range of ranges) {
    const last = merged.at(-1);
    if (last && range[0] <= last[1]) last[1] = Math.max(last[1], range[1]);
    else merged.push([...range]);
  }
  return merged;
}

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The text HTML-escaped, with `<em>` around each range. */
export function highlight(text: string, ranges: [number, number][]): string {
  let out = '';
  let at = 0;
  for (const [start, end] of ranges) {
    out += `${escapeHtml(text.slice(at, start))}<em>${escapeHtml(text.slice(start, end))}</em>`;
    at = end;
  }
  return out + escapeHtml(text.slice(at));
}

/** Moves a cut to the nearest space before it (within a few characters), so words stay whole. */
function wordStart(text: string, at: number): number {
  const space = text.lastIndexOf(' ', at);
  return space !== -1 && at - space <= 15 ? space + 1 : at;
}

/**
 * About `EXCERPT_LENGTH` characters of the text around its first match (its beginning when nothing
 * matches), as plain text and highlighted, with `…` where it was cut.
 */
export function excerptOf(text: string, terms: HighlightTerms): { excerpt: string; highlighted: string } {
  const first = matchRanges(text, terms, 1)[0]?.[0] ?? 0;
  // As much of the text before the match as fits, the match at most LEAD characters in.
  let start = Math.min(first > LEAD ? first - LEAD : 0, Math.max(0, text.length - EXCERPT_LENGTH));
  if (start > 0) start = wordStart(text, start);
  let end = Math.min(text.length, start + EXCERPT_LENGTH);
  if (end < text.length) {
    const space = text.lastIndexOf(' ', end);
    if (space > start + EXCERPT_LENGTH / 2) end = space;
  }
  // Never split a surrogate pair.
  if (/[\uDC00-\uDFFF]/.test(text[start] ?? '')) start--;
  if (/[\uD800-\uDBFF]/.test(text[end - 1] ?? '')) end++;
  const before = start > 0 ? '…' : '';
  const after = end < text.length ? '…' : '';
  const window = text.slice(start, end).trim();
  return {
    excerpt: `${before}${window}${after}`,
    highlighted: `${before}${highlight(window, matchRanges(window, terms))}${after}`,
  };
}
