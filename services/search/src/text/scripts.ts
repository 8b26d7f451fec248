/**
 * Chinese, Japanese and Korean text has no spaces between words. Both adapters index it as overlapping
 * bigrams (what OpenSearch's `cjk` analyser does), so a query of two or more such characters matches
 * wherever they appear in a row; everything else goes through English analysis.
 */
const CJK_CHAR = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u;
const CJK_RUNS = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]+/gu;

export function hasCjk(text: string): boolean {
  return CJK_CHAR.test(text);
}

/** The text split by script: the rest with CJK runs replaced by spaces, and the CJK runs in order. */
export function splitScripts(text: string): { latin: string; cjkRuns: string[] } {
  const cjkRuns = text.match(CJK_RUNS) ?? [];
  const latin = cjkRuns.length ? text.replace(CJK_RUNS, ' ') : text;
  return { latin: latin.replace(/\s+/g, ' ').trim(), cjkRuns };
}

/** Overlapping pairs of characters of one run (`问题回答` → 问题 题回 回答); a single character stays alone. */
export function bigrams(run: string): string[] {
  const chars = [...run];
  if (chars.length < 2) return chars;
  const pairs: string[] = [];
  let previous: string | undefined;
  for (const char of chars) {
    if (previous !== undefined) pairs.push(previous + char);
    previous = char;
  }
  return pairs;
}

/** Every CJK run of a text as bigram tokens separated by spaces (PostgreSQL indexes them as words). */
export function cjkTokens(text: string): string {
  return splitScripts(text)
    .cjkRuns.map((run) => bigrams(run).join(' '))
    .join(' ');
}
