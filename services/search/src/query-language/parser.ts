/**
 * The search syntax, parsed without any I/O: `[tag]`, `user:name` (`user:me`,
 * `user:"name with spaces"`), `answers:N`, `score:N`, `is:question`, `is:answer`, `"exact phrase"` and
 * free words. Every token combines with every other (Agora does not drop any when they are mixed).
 * Something that looks like an operator but is not a valid one (`score:high`) counts as free text.
 */

export type PostType = 'question' | 'answer';

/** `answers:0` and `score:0` mean exactly zero; other values mean at least that many. */
export interface NumberFilter {
  op: 'gte' | 'eq';
  value: number;
}

export type UserRef = { me: true } | { username: string };

export interface ParsedQuery {
  /** Free words, lower-cased, in the order typed. */
  words: string[];
  phrases: string[];
  /** Tags as typed inside brackets: trimmed, lower-cased, inner spaces as `-` (a slug or a display name). */
  tags: string[];
  users: UserRef[];
  is: PostType[];
  answers: NumberFilter[];
  scores: NumberFilter[];
}

const MAX_NUMBER = 1_000_000_000;

function emptyQuery(): ParsedQuery {
  return { words: [], phrases: [], tags: [], users: [], is: [], answers: [], scores: [] };
}

/** Reads from `start` up to `close` (or the end); returns the content and the index after `close`. */
function readUntil(text: string, start: number, close: string): [string, number] {
  const end = text.indexOf(close, start);
  return end === -1 ? [text.slice(start), text.length] : [text.slice(start, end), end + 1];
}

function readToken(text: string, start: number): [string, number] {
  let i = start;
  while (i < text.length && !/\s/.test(text.charAt(i))) i++;
  return [text.slice(start, i), i];
}

function numberFilter(raw: string, allowNegative: boolean): NumberFilter | null {
  if (!(allowNegative ? /^-?\d{1,10}$/ : /^\d{1,10}$/).test(raw)) return null;
  const value = Math.max(-MAX_NUMBER, Math.min(MAX_NUMBER, Number(raw)));
  return { op: value === 0 ? 'eq' : 'gte', value };
}

const IS_VALUES: Record<string, PostType> = {
  question: 'question',
  questions: 'question',
  answer: 'answer',
  answers: 'answer',
};

/** A free word without the punctuation around it (`kafka,` → `kafka`; `c++`, `c#` and `node.js` stay). */
export function cleanWord(raw: string): string {
  return raw
    .toLowerCase()
    .replace(/^[^\p{L}\p{N}.#]+/u, '')
    .replace(/[^\p{L}\p{N}+#]+$/u, '');
}

function collapse(text: string): string {
  return text.replace(/\s+/g, ' ').trim().toLowerCase();
}

/** Applies one `key:value` operator; false when it is not one (then the token is free text). */
function applyOperator(query: ParsedQuery, key: string, value: string): boolean {
  switch (key) {
    case 'user': {
      const name = collapse(value);
      if (!name) return false;
      query.users.push(name === 'me' ? { me: true } : { username: name });
      return true;
    }
    case 'answers': {
      const filter = numberFilter(value, false);
      if (filter) query.answers.push(filter);
      return filter !== null;
    }
    case 'score': {
      const filter = numberFilter(value, true);
      if (filter) query.scores.push(filter);
      return filter !== null;
    }
    case 'is': {
      const type = IS_VALUES[value.toLowerCase()];
      if (type) query.is.push(type);
      return type !== undefined;
    }
    default:
      return false;
  }
}

function addWords(query: ParsedQuery, text: string) {
  for (const raw of text.split(/\s+/)) {
    const word = cleanWord(raw);
    // A word needs a letter or a digit: analysers drop bare punctuation (`#`, `+`) anyway.
    if (/[\p{L}\p{N}]/u.test(word)) query.words.push(word);
  }
}

export function parseQuery(input: string): ParsedQuery {
  const query = emptyQuery();
  const text = input.normalize('NFKC');
  let i = 0;
  while (i < text.length) {
    const char = text.charAt(i);
    if (/\s/.test(char)) {
      i++;
      continue;
    }
    if (char === '"') {
      const [phrase, next] = readUntil(text, i + 1, '"');
      const cleaned = collapse(phrase);
      if (cleaned) query.phrases.push(cleaned);
      i = next;
      continue;
    }
    if (char === '[') {
      const [tag, next] = readUntil(text, i + 1, ']');
      const cleaned = collapse(tag).replace(/\s/g, '-');
      if (cleaned) query.tags.push(cleaned);
      i = next;
      continue;
    }
    const operator = /^([a-z]+):/i.exec(text.slice(i, i + 12));
    if (operator) {
      const key = operator[0].slice(0, -1).toLowerCase(); // the name before the colon
      const valueStart = i + operator[0].length;
      const [value, next] =
        text[valueStart] === '"' ? readUntil(text, valueStart + 1, '"') : readToken(text, valueStart);
      if (applyOperator(query, key, value)) {
        i = next;
        continue;
      }
    }
    const [token, next] = readToken(text, i);
    addWords(query, token);
    i = next;
  }
  return query;
}

/** Whether the query asks for anything at all (words, phrases or any operator). */
export function isEmptyQuery(query: ParsedQuery): boolean {
  return Object.values(query).every((list) => list.length === 0);
}
