import { isStopWord } from '../text/stop-words';
import type { NumberFilter, ParsedQuery, PostType } from './parser';

/** An inclusive range; null ends are open. */
export interface Range {
  min: number | null;
  max: number | null;
}

/** What a parsed query asks of documents, once its operators are combined (pure: no lookups). */
export interface Criteria {
  /** Free words without English stop words, each required. */
  words: string[];
  phrases: string[];
  /** The post types that can match: `is:` operators and `answers:N` (questions only) intersected. */
  types: PostType[];
  answers: Range | null;
  score: Range | null;
  /** The operators contradict each other (or nothing searchable is left): nothing can match. */
  impossible: boolean;
}

function rangeOf(filters: NumberFilter[]): Range | null {
  if (filters.length === 0) return null;
  let min: number | null = null;
  let max: number | null = null;
  for (const f of filters) {
    min = min === null ? f.value : Math.max(min, f.value);
    if (f.op === 'eq') max = max === null ? f.value : Math.min(max, f.value);
  }
  return { min, max };
}

const emptyRange = (r: Range | null) => r !== null && r.min !== null && r.max !== null && r.min > r.max;

function hasWords(text: string): boolean {
  return text.split(/\s+/).some((w) => w && !isStopWord(w.replace(/[^\p{L}\p{N}]/gu, '')));
}

export function criteriaOf(parsed: ParsedQuery): Criteria {
  let types: PostType[] = ['question', 'answer'];
  for (const type of parsed.is) types = types.filter((t) => t === type);
  if (parsed.answers.length > 0) types = types.filter((t) => t === 'question');
  const words = [...new Set(parsed.words.filter((w) => !isStopWord(w)))];
  const phrases = [...new Set(parsed.phrases.filter(hasWords))];
  const answers = rangeOf(parsed.answers);
  const score = rangeOf(parsed.scores);
  const onlyStopWords =
    words.length === 0 &&
    phrases.length === 0 &&
    parsed.words.length + parsed.phrases.length > 0 &&
    parsed.tags.length + parsed.users.length + parsed.is.length + parsed.answers.length + parsed.scores.length === 0;
  return {
    words,
    phrases,
    types,
    answers,
    score,
    impossible: types.length === 0 || emptyRange(answers) || emptyRange(score) || onlyStopWords,
  };
}
