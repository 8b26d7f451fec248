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
import { textQuery, titleWordsQuery } from './tsquery';

/** The active generation's table; others are `search_documents_g<time>` until activated. */
export const LIVE_TABLE = 'search_documents';
const GENERATION = /^search_documents_g\d{13,}$/;
/** ts_rank weights of D, C, B, A: title (A) counts five times the body (C), tags (B) twice. */
const WEIGHTS = '{0.1, 0.2, 0.4, 1.0}';

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

function filtersOf(query: IndexQuery): RawBuilder<unknown>[] {
  const filters = [sql`visibility = any(${query.visibility})`, sql`type = any(${query.types})`];
  for (const group of query.tagGroups) filters.push(sql`tags && ${group}::text[]`);
  if (query.userIds) filters.push(sql`user_id = any(${query.userIds})`);
  for (const [column, range] of [
    ['answer_count', query.answers],
    ['vote_count', query.score],
  ] as const) {
    if (range?.min != null) filters.push(sql`${sql.ref(column)} >= ${range.min}`);
    if (range?.max != null) filters.push(sql`${sql.ref(column)} <= ${range.max}`);
  }
  return filters;
}

/**
 * PostgreSQL full text (the embedded default): one weighted tsvector per document — title A, tags B,
 * body C — with English stemming for Latin text and bigram tokens for Chinese, Japanese and Korean.
 */
export class PostgresSearchIndex implements SearchIndex {
  readonly kind = 'postgres';

  private readonly countLimit: number;

  /** `countLimit`: where counts stop (COUNT_LIMIT; tests lower it to reach the plans for common matches). */
  constructor(
    private readonly db: Db,
    options: { countLimit?: number } = {},
  ) {
    this.countLimit = options.countLimit ?? COUNT_LIMIT;
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

  /**
   * One page. Words, tags and authors are found through their indexes, at most COUNT_LIMIT + 1 matches
   * read (the limit also keeps the planner from walking a sort's index and testing every row, fast only
   * when matches are common and catastrophic when they are rare), then sorted or ranked with their
   * count in one pass. Only past COUNT_LIMIT matches (a common word or tag) is another plan needed:
   * a sort by a column walks that column's index and stops at the page; relevance ranks the matches in
   * the title or tags first, which outrank any body-only match, and every match only when those do not
   * fill the page.
   */
  async search(query: IndexQuery): Promise<IndexPage> {
    const text = textQuery(query.words, query.phrases);
    const filters = filtersOf(query);
    if (text) filters.push(sql`tsv @@ q.query`);
    const where = sql.join(filters, sql` and `);
    const q = sql`with q as (select ${text ?? sql`null::tsquery`} as query)`;
    const ranked = text !== null && query.order === 'relevance';
    const end = query.offset + query.limit;
    const first = await this.page(q, where, query, ranked, this.countLimit + 1);
    if (first.hits.length === 0 && query.offset > 0) {
      // Past the last page the window has no row to carry the count.
      const { rows } = await sql<{ n: number }>`
        ${q} select count(*)::int as n from (select 1 from ${tableOf()}, q where ${where} limit ${this.countLimit}) m`.execute(
        this.db,
      );
      return { count: rows[0]?.n ?? 0, hits: [] };
    }
    if (first.total <= this.countLimit) return { count: first.total, hits: first.hits.slice(query.offset) };
    const count = this.countLimit;
    if (ranked) {
      const top = await this.page(q, sql`${where} and ttsv @@ q.query`, query, true);
      if (top.hits.length >= end) return { count, hits: top.hits.slice(query.offset) };
      return { count, hits: (await this.page(q, where, query, true)).hits.slice(query.offset) };
    }
    const { rows } = await sql<{ id: string }>`
      ${q} select id from ${tableOf()}, q where ${where}
      order by ${orderOf(query)} limit ${query.limit} offset ${query.offset}`.execute(this.db);
    return { count, hits: rows.map((r) => ({ id: r.id, score: 0 })) };
  }

  /**
   * The first `offset + limit` of the matches (of at most `cap` read, if given), sorted or ranked, and
   * how many were read.
   */
  private async page(
    q: RawBuilder<unknown>,
    where: RawBuilder<unknown>,
    query: IndexQuery,
    ranked: boolean,
    cap?: number,
  ): Promise<{ total: number; hits: IndexHit[] }> {
    const score = ranked ? sql`ts_rank(${WEIGHTS}, tsv, q.query)` : sql`0::real`;
    const order = ranked ? sql`score desc, created_at desc, id desc` : orderOf(query);
    const { rows } = await sql<{ id: string; score: number; total: string }>`
      ${q}
      select id, score, count(*) over () as total from (
        select id, created_at, active_at, vote_count, ${score} as score from ${tableOf()}, q where ${where}
        ${cap === undefined ? sql`offset 0` : sql`limit ${cap}`}
      ) matches
      order by ${order}
      limit ${query.offset + query.limit}`.execute(this.db);
    return { total: Number(rows[0]?.total ?? 0), hits: rows.map((r) => ({ id: r.id, score: Number(r.score) })) };
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
    await sql`analyze ${sql.table(generation)}`.execute(this.db);
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
