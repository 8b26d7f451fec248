import { type RawBuilder, sql } from 'kysely';
import { bigrams, splitScripts } from '../../text/scripts';
import { isStopWord } from '../../text/stop-words';

/** A CJK run as a tsquery of its bigrams in a row; one character matches the bigrams it starts. */
export function cjkChain(run: string): string {
  const pairs = bigrams(run);
  return pairs.length === 1 && [...run].length === 1 ? `'${pairs[0]}':*` : pairs.map((p) => `'${p}'`).join(' <-> ');
}

/**
 * The tsquery of the free words and phrases: every word and every phrase required. English parts go
 * through the `english` configuration (stemmed, stop words dropped), CJK runs match their bigrams.
 */
export function textQuery(words: string[], phrases: string[]): RawBuilder<unknown> | null {
  const parts: RawBuilder<unknown>[] = [];
  const { latin, cjkRuns } = splitScripts(words.join(' '));
  if (latin) parts.push(sql`plainto_tsquery('english', ${latin})`);
  for (const phrase of phrases) {
    const split = splitScripts(phrase);
    if (split.latin) parts.push(sql`phraseto_tsquery('english', ${split.latin})`);
    cjkRuns.push(...split.cjkRuns);
  }
  for (const run of cjkRuns) parts.push(sql`to_tsquery('simple', ${cjkChain(run)})`);
  if (parts.length === 0) return null;
  return sql`(${sql.join(parts, sql` && `)})`;
}

/** Any word of a title, in the title only (weight A): the query behind duplicate suggestions. */
export function titleWordsQuery(title: string): RawBuilder<unknown> | null {
  const { latin, cjkRuns } = splitScripts(title.toLowerCase());
  const words = new Set<string>();
  for (const raw of latin.split(/[^\p{L}\p{N}]+/u)) if (raw && !isStopWord(raw)) words.add(`'${raw}':A`);
  const pairs = new Set<string>();
  for (const run of cjkRuns) for (const pair of bigrams(run)) pairs.add(`'${pair}':A`);
  const parts: RawBuilder<unknown>[] = [];
  if (words.size) parts.push(sql`to_tsquery('english', ${[...words].join(' | ')})`);
  if (pairs.size) parts.push(sql`to_tsquery('simple', ${[...pairs].join(' | ')})`);
  return parts.length ? sql.join(parts, sql` || `) : null;
}
