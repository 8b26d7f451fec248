import type { Db } from '@agora/platform';
import { type RawBuilder, sql } from 'kysely';
import { cjkTokens, splitScripts } from '../../text/scripts';
import {
  COUNT_LIMIT,
  type IndexDocument,
  type IndexHit,
  type IndexPage,
  type IndexQuery,
  type SearchIndex,
  type SimilarQuery,
} from '../port';
import { plannedRows, RangeSelectivity, rangeCondition } from './range-selectivity';
import { textQuery, titleWordsQuery } from './tsquery';

/** The active generation's table; others are `search_documents_g<time>` until activated. */
export const LIVE_TABLE = 'search_documents';
const GENERATION = /^search_documents_g\d{13,}$/;
/** ts_rank weights of D, C, B, A: title (A) counts five times the body (C), tags (B) twice. */
const WEIGHTS = '{0.1, 0.2, 0.4, 1.0}';
/**
 * Matches counted exactly: every one costs a visit to its row, so a common word's thousands would cost
 * every search. Past it the count is an estimate (docs/behaviour-decisions.md).
 */
export const EXACT_COUNT_LIMIT = 1000;
/**
 * A count the planner estimates from sampled frequencies at this many times the exact limit or more is
 * taken as past the limit without reading 1,001 matches to prove it (bench words: estimate/actual 0.46–1.14).
 */
export const TRUSTED_ESTIMATE_FACTOR = 2;
const STATS_TTL_MS = 10 * 60_000;
/** Answers have no title or tags of their own (indexing/documents.ts): `ttsv` matches questions only. */
const QUESTIONS_ONLY = sql`type = 'question'`;

/**
 * The one column whose statistics give a query's match count, when nothing else narrows it: one word,
 * or one tag (with its synonyms) alone, of either type, by any author, in any range. The planner knows
 * such a count from the lexemes' or tags' sampled frequencies; combined conditions it multiplies as if
 * independent, which words of one subject, a tag and a word, or a word and a type are not.
 */
export function estimatedBy(query: IndexQuery): 'tsv' | 'tags' | null {
  if (query.userIds || query.answers || query.score || new Set(query.types).size < 2) return null;
  if (query.phrases.length > 0) return null;
  if (query.words.length === 1 && query.tagGroups.length === 0) return 'tsv';
  if (query.words.length === 0 && query.tagGroups.length === 1) return 'tags';
  return null;
}

function tableOf(generation?: string) {
  if (generation === undefined) return sql.table(LIVE_TABLE);
  if (!GENERATION.test(generation)) throw new Error(`Not a search generation: ${generation}`);
  return sql.table(generation);
}

function row(d: IndexDocument) {
  const title = splitScripts(d.title);
  const body = splitScripts(d.body);
  return {
    id: d.id,
    type: d.type,
    question_id: d.questionId,
    tags: d.tags,
    user_id: d.userId,
    vote_count: d.voteCount,
    answer_count: d.answerCount,
    accepted: d.accepted,
    status: d.status,
    visibility: d.visibility,
    created_at: d.createdAt.toISOString(),
    active_at: d.activeAt.toISOString(),
    version: d.version,
    title_latin: title.latin,
    title_cjk: cjkTokens(d.title),
    tag_text: d.tagText,
    body_latin: body.latin,
    body_cjk: cjkTokens(d.body),
  };
}

/** The order of a sort by a column (relevance without words is newest). */
function orderOf(query: IndexQuery): RawBuilder<unknown> {
  switch (query.order) {
    case 'relevance':
    case 'newest':
      return sql`created_at desc, id desc`;
    case 'active':
      return sql`active_at desc, id desc`;
    case 'score':
      return sql`vote_count desc, created_at desc, id desc`;
  }
}

/** The conditions of a query; ranges named in `tested` are written so that no index serves them. */
function filtersOf(query: IndexQuery, tested: ReadonlySet<string> = new Set()): RawBuilder<unknown>[] {
  const filters = [sql`visibility = any(${query.visibility})`, sql`type = any(${query.types})`];
  for (const group of query.tagGroups) filters.push(sql`tags && ${group}::text[]`);
  if (query.userIds) filters.push(sql`user_id = any(${query.userIds})`);
  for (const [column, range] of RANGES(query)) {
    if (range)
      filters.push(rangeCondition(tested.has(column) ? sql`(${sql.ref(column)} + 0)` : sql.ref(column), range));
  }
  return filters;
}

const RANGES = (query: IndexQuery) =>
  [
    ['answer_count', query.answers],
    ['vote_count', query.score],
  ] as const;

/**
 * PostgreSQL full text (the embedded default): one weighted tsvector per document — title A, tags B,
 * body C — with English stemming for Latin text and bigram tokens for Chinese, Japanese and Korean.
 */
export class PostgresSearchIndex implements SearchIndex {
  readonly kind = 'postgres';

  private readonly countLimit: number;
  private readonly exactCountLimit: number;

  /**
   * `exactCountLimit`: up to how many matches are counted exactly (EXACT_COUNT_LIMIT; tests lower it to
   * reach the plans for common matches with few documents).
   */
  constructor(
    private readonly db: Db,
    options: { exactCountLimit?: number } = {},
  ) {
    this.countLimit = COUNT_LIMIT;
    this.exactCountLimit = Math.min(options.exactCountLimit ?? EXACT_COUNT_LIMIT, COUNT_LIMIT);
    this.ranges = new RangeSelectivity(db);
  }

  private readonly ranges: RangeSelectivity;

  /**
   * The ranges to test on each match rather than read from their index: wide ones, when a word, tag or
   * author already narrows the matches through an index (alone, a range is read from its index).
   */
  private async testedRanges(query: IndexQuery, text: RawBuilder<unknown> | null): Promise<Set<string>> {
    const tested = new Set<string>();
    if (!text && query.tagGroups.length === 0 && !query.userIds) return tested;
    for (const [column, range] of RANGES(query)) {
      if (range && (await this.ranges.isWide(tableOf(), column, range))) tested.add(column);
    }
    return tested;
  }

  async prepare(): Promise<void> {
    // The live table comes with the service's migrations.
  }

  async write(documents: IndexDocument[], generation?: string): Promise<void> {
    if (documents.length === 0) return;
    const table = tableOf(generation);
    await sql`
      insert into ${table} (id, type, question_id, tags, user_id, vote_count, answer_count, accepted, status,
                            visibility, created_at, active_at, version, ttsv, tsv)
      select d.id, d.type, d.question_id, d.tags, d.user_id, d.vote_count, d.answer_count, d.accepted, d.status,
             d.visibility, d.created_at, d.active_at, d.version, d.ttsv,
             d.ttsv || setweight(to_tsvector('english', d.body_latin) || to_tsvector('simple', d.body_cjk), 'C')
      from (
        select r.*,
               setweight(to_tsvector('english', r.title_latin) || to_tsvector('simple', r.title_cjk), 'A') ||
               setweight(to_tsvector('english', r.tag_text), 'B') as ttsv
        from jsonb_to_recordset(${JSON.stringify(documents.map(row))}::jsonb) as r(
        id text, type text, question_id text, tags text[], user_id text, vote_count integer, answer_count integer,
        accepted boolean, status text, visibility text, created_at timestamptz, active_at timestamptz, version bigint,
        title_latin text, title_cjk text, tag_text text, body_latin text, body_cjk text)
      ) d
      on conflict (id) do update set
        type = excluded.type, question_id = excluded.question_id, tags = excluded.tags, user_id = excluded.user_id,
        vote_count = excluded.vote_count, answer_count = excluded.answer_count, accepted = excluded.accepted,
        status = excluded.status, visibility = excluded.visibility, created_at = excluded.created_at,
        active_at = excluded.active_at, version = excluded.version, ttsv = excluded.ttsv, tsv = excluded.tsv
      where ${table}.version < excluded.version`.execute(this.db);
  }

  async remove(ids: string[], generation?: string): Promise<void> {
    if (ids.length === 0) return;
    await sql`delete from ${tableOf(generation)} where id = any(${ids}::text[])`.execute(this.db);
  }

  /**
   * One page, reading a bounded number of rows whatever the query. Words, tags and authors are found
   * through their indexes and at most EXACT_COUNT_LIMIT + 1 matches are read (the limit also keeps the
   * planner from walking a sort's index and testing every row, fast only when matches are common and
   * catastrophic when they are rare); up to that many, they are sorted or ranked and counted exactly in
   * one pass. Past it (a common word or tag) the count is the planner's estimate, and the page walks
   * the sort's index: relevance then lists the matches in the title or tags first, newest first, then
   * the others, newest first (ranking thousands of matches would read every one of them).
   */
  async search(query: IndexQuery): Promise<IndexPage> {
    const text = textQuery(query.words, query.phrases);
    const withText = (filters: RawBuilder<unknown>[]) =>
      sql.join(text ? [...filters, sql`tsv @@ ${text}`] : filters, sql` and `);
    const filters = filtersOf(query, await this.testedRanges(query, text));
    const where = withText(filters);
    const ranked = text !== null && query.order === 'relevance';
    // The planner estimates ranges well only as plain conditions.
    const estimate = () => plannedRows(this.db, tableOf(), withText(filtersOf(query)));
    let estimated = await this.trustedEstimate(query, estimate);
    if (estimated === null || estimated < TRUSTED_ESTIMATE_FACTOR * this.exactCountLimit) {
      const first = await this.firstMatches(where, text, query, ranked);
      if (first.read <= this.exactCountLimit) return { count: first.read, hits: first.hits.slice(query.offset) };
      estimated ??= await estimate();
    }
    const count = Math.min(this.countLimit, Math.max(this.exactCountLimit + 1, estimated));
    if (!ranked) return { count, hits: await this.walk(where, orderOf(query), query.offset, query.limit) };
    const newest = orderOf({ ...query, order: 'newest' });
    // A match in the title or tags is a match (`ttsv` is part of `tsv`); saying so alone keeps the
    // planner from taking the two conditions for independent and the title matches for rare. Only
    // questions have a title, and saying so lets the walk read the small index of questions' titles
    // (search_documents_titles) instead of every document's row.
    const inTitles = query.types.includes('question');
    const titleWhere = sql.join([QUESTIONS_ONLY, ...filters, sql`ttsv @@ ${text}`], sql` and `);
    const inTitle = inTitles ? await this.walk(titleWhere, newest, query.offset, query.limit) : [];
    if (inTitle.length === query.limit) return { count, hits: inTitle };
    // The page reaches past the title matches: how many there are decides where the others start.
    const titles = !inTitles
      ? 0
      : inTitle.length > 0
        ? query.offset + inTitle.length
        : await this.countUpTo(titleWhere, query.offset);
    const rest = await this.walk(
      sql`${where} and not (ttsv @@ ${text})`,
      newest,
      Math.max(0, query.offset - titles),
      query.limit - inTitle.length,
    );
    return { count, hits: [...inTitle, ...rest] };
  }

  /**
   * The planner's estimate of the matches when it comes from sampled frequencies (`estimatedBy`, and the
   * column analysed), else null: such a count far past the exact limit is not worth proving.
   */
  private async trustedEstimate(query: IndexQuery, estimate: () => Promise<number>): Promise<number | null> {
    const column = estimatedBy(query);
    if (!column || !(await this.hasElementStatistics(column))) return null;
    return estimate();
  }

  private readonly statistics = new Map<string, { known: boolean; at: number }>();

  /** Whether ANALYZE has sampled the column's elements (lexemes, tags); without, estimates are defaults. */
  private async hasElementStatistics(column: 'tsv' | 'tags'): Promise<boolean> {
    const known = this.statistics.get(column);
    if (known && Date.now() - known.at < STATS_TTL_MS) return known.known;
    const { rows } = await sql<{ known: boolean }>`
      select exists (
        select 1 from pg_stats s join pg_class c on c.relname = s.tablename
        join pg_namespace n on n.oid = c.relnamespace and n.nspname = s.schemaname
        where c.oid = ${LIVE_TABLE}::regclass and s.attname = ${column} and s.most_common_elems is not null
      ) as known`.execute(this.db);
    const found = rows[0]?.known ?? false;
    this.statistics.set(column, { known: found, at: Date.now() });
    return found;
  }

  /** The first `offset + limit` of at most EXACT_COUNT_LIMIT + 1 matches, sorted or ranked, and how many were read. */
  private async firstMatches(
    where: RawBuilder<unknown>,
    text: RawBuilder<unknown> | null,
    query: IndexQuery,
    ranked: boolean,
  ): Promise<{ read: number; hits: IndexHit[] }> {
    const score = ranked && text ? sql`ts_rank(${WEIGHTS}, tsv, ${text})` : sql`0::real`;
    const order = ranked ? sql`score desc, created_at desc, id desc` : orderOf(query);
    const { rows } = await sql<{ id: string; score: number; read: string }>`
      select id, score, count(*) over () as read from (
        select id, created_at, active_at, vote_count, ${score} as score from ${tableOf()} where ${where}
        limit ${this.exactCountLimit + 1}
      ) matches
      order by ${order}
      limit ${query.offset + query.limit}`.execute(this.db);
    return { read: Number(rows[0]?.read ?? 0), hits: rows.map((r) => ({ id: r.id, score: Number(r.score) })) };
  }

  /** A page of matches in an order an index serves, read along that index. */
  private async walk(where: RawBuilder<unknown>, order: RawBuilder<unknown>, offset: number, limit: number) {
    const { rows } = await sql<{ id: string }>`
      select id from ${tableOf()} where ${where} order by ${order} limit ${limit} offset ${offset}`.execute(this.db);
    return rows.map((r) => ({ id: r.id, score: 0 }));
  }

  private async countUpTo(where: RawBuilder<unknown>, limit: number): Promise<number> {
    const { rows } = await sql<{ n: number }>`
      select count(*)::int as n from (select 1 from ${tableOf()} where ${where} limit ${limit}) m`.execute(this.db);
    return rows[0]?.n ?? 0;
  }

  async similar(query: SimilarQuery): Promise<IndexHit[]> {
    const text = titleWordsQuery(query.title);
    if (!text) return [];
    const { rows } = await sql<{ id: string; score: number }>`
      with q as (select ${text} as query)
      select id, ts_rank(${WEIGHTS}, ttsv, q.query) as score
      from ${tableOf()}, q
      where ttsv @@ q.query and type = 'question' and visibility = any(${query.visibility})
      order by score desc, created_at desc, id desc
      limit ${query.limit}`.execute(this.db);
    return rows.map((r) => ({ id: r.id, score: Number(r.score) }));
  }

  async refresh(): Promise<void> {
    // Committed rows are searchable at once.
  }

  async count(generation?: string): Promise<number> {
    const { rows } = await sql<{ n: string }>`select count(*) as n from ${tableOf(generation)}`.execute(this.db);
    return Number(rows[0]?.n ?? 0);
  }

  /** A new table with only its primary key: the other indexes are built at once when it is activated. */
  async createGeneration(): Promise<string> {
    const name = `search_documents_g${Date.now()}`;
    await sql`create table ${sql.table(name)} (like ${tableOf()} including defaults including constraints)`.execute(
      this.db,
    );
    await sql`alter table ${sql.table(name)} add primary key (id)`.execute(this.db);
    return name;
  }

  /**
   * Builds on a generation the indexes the live table has: one bulk build each is much faster than
   * keeping them up row by row. Names are stable per position, so a resumed activation skips built ones.
   */
  private async buildIndexes(generation: string): Promise<void> {
    const { rows } = await sql<{ method: string }>`
      select substring(pg_get_indexdef(i.indexrelid) from ' USING (.*)$') as method
      from pg_index i
      where i.indrelid = ${LIVE_TABLE}::regclass and not i.indisprimary
      order by i.indexrelid::regclass::text`.execute(this.db);
    await this.db.connection().execute(async (connection) => {
      await sql`set maintenance_work_mem = '256MB'`.execute(connection);
      for (const [n, { method }] of rows.entries()) {
        await sql`create index if not exists ${sql.id(`${generation}_i${n}`)} on ${sql.table(generation)} using ${sql.raw(method)}`.execute(
          connection,
        );
      }
      await sql`reset maintenance_work_mem`.execute(connection);
    });
    // VACUUM sets the visibility map, so walks along the title index need not visit the rows.
    await sql`vacuum analyze ${sql.table(generation)}`.execute(this.db);
  }

  async hasGeneration(generation: string): Promise<boolean> {
    tableOf(generation);
    const { rows } = await sql<{ found: boolean }>`select to_regclass(${generation}) is not null as found`.execute(
      this.db,
    );
    return rows[0]?.found ?? false;
  }

  async activate(generation: string): Promise<void> {
    const next = tableOf(generation);
    await this.buildIndexes(generation);
    const retired = `search_documents_retired_${Date.now()}`;
    await this.db.transaction().execute(async (tx) => {
      // Searches wait for the lock for the few milliseconds the renames take, then read the new table.
      await sql`lock table ${tableOf()} in access exclusive mode`.execute(tx);
      await sql`alter table ${tableOf()} rename to ${sql.id(retired)}`.execute(tx);
      await sql`alter table ${next} rename to ${sql.id(LIVE_TABLE)}`.execute(tx);
      await sql`drop table ${sql.table(retired)}`.execute(tx);
    });
  }

  async dropGeneration(generation: string): Promise<void> {
    await sql`drop table if exists ${tableOf(generation)}`.execute(this.db);
  }

  async close(): Promise<void> {
    // The service owns the database connection.
  }
}
