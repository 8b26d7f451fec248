import type { Db } from '@agora/platform';
import { type RawBuilder, sql } from 'kysely';
import { QUESTION_COLUMNS, type QuestionRow, VISIBLE_QUESTION } from './library';

/**
 * How many of the newest visible questions the first look reads and tests, row by row, for the page (1 to 2 ms at
 * most): filters that match often fill it there; those that do not are rare enough to look up through the indexes.
 */
const NEWEST_WINDOW = 1000;
/**
 * When a second lookup stops paying: at 100,000 questions, looking up `parse:*` (2,100 matches) and checking
 * `request:*` (36,000) on its rows took 25 ms against 36 ms for both lookups; looking up `match:*` (20,000) beside the
 * tag `types` (4,100) 33 ms against 56 ms for checking it. So a term matched more than this many times as often as the
 * rarest one, among the newest, is checked rather than looked up.
 */
const LOOKUP_SPREAD = 10;

export interface QuestionFilter {
  keyword?: string;
  userId?: string;
  tags?: string[];
  minScore?: number;
  limit: number;
}

/** Each word as a prefix (`instal` finds "installing"); only letters and digits of each word are kept. */
export function prefixWords(keyword: string): string[] {
  return keyword
    .toLowerCase()
    .split(/\s+/)
    .map((word) => word.replace(/[^\p{L}\p{N}]/gu, ''))
    .filter((word) => word.length > 0)
    .slice(0, 16)
    .map((word) => `${word}:*`);
}

/**
 * A filter an index can look up (a word, the tags), as a condition the planner may take to the index (`lookup`) or
 * only as a check of the rows found (`check`: the same test as a function, which no index takes).
 */
interface Term {
  lookup: RawBuilder<unknown>;
  check: RawBuilder<unknown>;
}

const wordTerm = (word: string): Term => ({
  lookup: sql`q.words @@ to_tsquery('simple', ${word})`,
  check: sql`ts_match_vq(q.words, to_tsquery('simple', ${word}))`,
});

const tagsTerm = (tags: string): Term => ({
  lookup: sql`q.tags @> ${tags}::jsonb`,
  check: sql`jsonb_contains(q.tags, ${tags}::jsonb)`,
});

const every = (conditions: RawBuilder<unknown>[]) =>
  conditions.length > 0 ? sql.join(conditions, sql` and `) : sql`true`;

/**
 * The newest visible questions that match every filter given. The planner cannot tell how many questions a keyword
 * or a tag matches, nor how recent they are: walking the newest-first index until the page filled read every question
 * for a rare keyword (hundreds of milliseconds at 100,000), and looking every match up reads them all for a common
 * one. So: the newest `NEWEST_WINDOW` questions first; only when fewer than `limit` of them match, every match through
 * the indexes, sorted. Either way the same rows in the same order (docs/adr/0096-the-assistant-service.md).
 */
export async function findQuestions(db: Db, filter: QuestionFilter): Promise<QuestionRow[]> {
  const tags = filter.tags?.length ? JSON.stringify(filter.tags.map((slug_name) => ({ slug_name }))) : null;
  // The tags before the words: matching a row's words costs the most.
  const terms = [...(tags ? [tagsTerm(tags)] : []), ...prefixWords(filter.keyword ?? '').map(wordTerm)];
  const { minScore = null, userId = null, limit } = filter;
  const others = sql`(${minScore}::int is null or q.vote_count >= ${minScore})
      and (${userId}::text is null or q.user_id = ${userId})`;
  let lookups = terms;
  if (terms.length < 2) {
    const { rows } = await sql<QuestionRow>`
      select ${QUESTION_COLUMNS}
      from (select q.* from library_posts q where ${VISIBLE_QUESTION}
            order by q.created_at desc, q.id desc limit ${NEWEST_WINDOW}) q
      where ${others} and ${every(terms.map((term) => term.lookup))}
      order by q.created_at desc, q.id desc limit ${limit}`.execute(db);
    if (rows.length >= limit) return rows;
  } else {
    // In one pass, each term tested once a row: the newest matches, and how often each term matches among the newest,
    // which tells the lookups to make.
    const tested = terms.map((term, i) => sql`${term.lookup} as ${sql.ref(`t${i}`)}`);
    const passed = terms.map((_, i) => sql.ref(`q.t${i}`));
    const { rows } = await sql<{ ids: string[] | null; counts: number[] }>`
      select (array_agg(q.id order by q.created_at desc, q.id desc)
                filter (where ${others} and ${sql.join(passed, sql` and `)}))[1:${limit}] as ids,
             array[${sql.join(passed.map((t) => sql`(count(*) filter (where ${t}))::int`))}] as counts
      from (select q.id, q.created_at, q.vote_count, q.user_id, ${sql.join(tested)}
            from library_posts q where ${VISIBLE_QUESTION}
            order by q.created_at desc, q.id desc limit ${NEWEST_WINDOW}) q`.execute(db);
    const [{ ids, counts: seen } = { ids: null, counts: [] }] = rows;
    if (ids && ids.length >= limit) {
      const { rows: page } = await sql<QuestionRow>`
        select ${QUESTION_COLUMNS} from library_posts q where q.id = any(${ids}::text[])
        order by q.created_at desc, q.id desc`.execute(db);
      return page;
    }
    lookups = lookedUp(terms, seen);
  }
  const checked = terms.filter((term) => !lookups.includes(term));
  // Materialised, every match is a set to sort, not a walk of the newest-first index.
  const { rows } = await sql<QuestionRow>`
    with every_match as materialized (
      select q.id, q.created_at from library_posts q
      where ${VISIBLE_QUESTION} and ${others} and ${every(lookups.map((term) => term.lookup))}
        and ${every(checked.map((term) => term.check))}
    ), page as (
      select id, created_at from every_match order by created_at desc, id desc limit ${limit}
    )
    select ${QUESTION_COLUMNS}
    from page join library_posts q on q.id = page.id
    order by page.created_at desc, page.id desc`.execute(db);
  return rows;
}

/**
 * A lookup reads every match of its term (a prefix's whole bitmap, a tag's), a check only the rows the other lookups
 * found, but each of those from the table: so the rarest term among the newest is looked up, and each other one too
 * unless it matches more than `LOOKUP_SPREAD` times as often.
 */
function lookedUp(terms: Term[], seen: number[]): Term[] {
  const rarest = Math.max(1, Math.min(...seen));
  return terms.filter((_, i) => (seen[i] ?? 0) <= rarest * LOOKUP_SPREAD);
}
