/**
 * npm run bench:tags — the tag read paths at scale, into bench/results/tags.json:
 *  - seeds 50,000 tags through the tags service's own create command (as a moderator), into a fresh
 *    PostgreSQL with fsync on; then questions through posts' ask command that use those tags with a
 *    skewed popularity (the question counts come through the question-counts projection), synonyms
 *    through the synonym command, and follows;
 *  - then, through the gateway at a steady RATE of visitors (100/s) and with 16 clients back to back: the tag page (page 1 of each sort, a deep
 *    page, a filtered page, and page 1 as a signed-in member who follows tags) and `question/tags`
 *    suggestions for typed prefixes and inner parts of tag names, each as a different signed-in member;
 *  - reads twice: as the service runs them (kept until the tags read model changes), and with that cache
 *    off (the queries alone); EXPLAIN ANALYZE of the queries on the seeded data.
 * Sizes: BENCH_TAGS (50000), BENCH_TAG_QUESTIONS (5000), BENCH_SEED_WORKERS (16), BENCH_REQUESTS_PER_CLIENT (100).
 * BENCH_RATE (100 requests/s), BENCH_CLIENTS (16) and BENCH_RESULTS_NAME (tags) for diagnostic runs. BENCH_DB_DIR keeps the seeded database there; a later run with the same folder measures it again
 * without seeding (the seeding figures of the run that seeded it are kept beside it).
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { Limits, Role } from '@agora/contracts';
import { composeAgora } from '@agora/gateway';
import { accountsFor, identityService } from '@agora/identity';
import { type Actor, first, itemAt, loadConfig } from '@agora/platform';
import { postsFor, postsService } from '@agora/posts';
import { siteService } from '@agora/site';
import { tagsFor, tagsService } from '@agora/tags';
import { sql } from 'kysely';
import pg from 'pg';
import pino from 'pino';
import { benchDatabase, closedLoop, machine, openLoop, writeResults } from './support';

const env = (name: string, fallback: number) => Number(process.env[name] ?? fallback);
const TAGS = env('BENCH_TAGS', 50_000);
const QUESTIONS = env('BENCH_TAG_QUESTIONS', 5_000);
const SEED_WORKERS = env('BENCH_SEED_WORKERS', 16);
const SYNONYM_MAINS = 500;
const CLIENTS = env('BENCH_CLIENTS', 16);
const PER_CLIENT = env('BENCH_REQUESTS_PER_CLIENT', 100);
const RATE = env('BENCH_RATE', 100);
const TARGETS = { tag_page_p99_ms: 20, suggestions_p99_ms: 10 };
const API = '/answer/api/v1';

const say = (line: string) => process.stdout.write(`${line}\n`);
const log = pino({ level: 'warn' });

/** A small deterministic generator (mulberry32), so every run seeds the same tags. */
function random(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (n: number) => Math.floor(next() * n),
    pick: <T>(list: readonly T[]) => itemAt(list, Math.floor(next() * list.length)),
  };
}

const PARTS = (
  'java script type py thon react node go rust sql post gres kafka docker net core spring boot vue angular swift ' +
  'kotlin ruby rails php laravel django flask css html web pack vite jest mocha git aws azure cloud linux bash shell ' +
  'regex json xml yaml http rest graph ql redis mongo elastic search stream event queue cache auth oauth jwt unit ' +
  'test data frame pandas numpy torch tensor flow ml nlp vision android ios mobile game engine unity gpu cuda thread ' +
  'async await lambda func monad scala haskell elixir erlang clojure'
).split(' ');
const CHINESE = ['编程', '数据库', '前端', '后端', '算法', '网络', '安全', '测试', '部署', '缓存', '框架', '语言'];

/** 50,000 distinct tags as a community makes them: compound names, versions, some non-Latin display names. */
function tagNames(count: number) {
  const r = random(20261125);
  const seen = new Set<string>();
  const tags: { slug_name: string; display_name: string; original_text?: string }[] = [];
  while (tags.length < count) {
    const a = r.pick(PARTS);
    const b = r.pick(PARTS);
    const shape = r.int(6);
    const slug = itemAt(
      [`${a}`, `${a}${b}`, `${a}-${b}`, `${a}.${b}`, `${a}-${b}-${r.pick(PARTS)}`, `${a}${r.int(30)}`],
      shape,
    ).concat(tags.length >= PARTS.length * 40 && r.int(3) === 0 ? `-${r.int(100)}` : '');
    if (slug.length > Limits.tags.slugMaxLength || seen.has(slug)) continue;
    seen.add(slug);
    const words = slug.split(/[-.]/).map((w) => w.charAt(0).toUpperCase() + w.slice(1));
    const display =
      r.int(10) === 0 ? `${r.pick(CHINESE)} ${words.join(' ')}`.slice(0, Limits.tags.nameMaxLength) : words.join(' ');
    tags.push({
      slug_name: slug,
      display_name: display,
      ...(r.int(5) === 0 ? { original_text: `Questions about **${display}**: usage, errors and design.` } : {}),
    });
  }
  return tags;
}

async function inParallel(count: number, workers: number, work: (index: number) => Promise<void>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: workers }, async () => {
      for (let i = next++; i < count; i = next++) await work(i);
    }),
  );
}

const benchStarted = performance.now();
const db = await benchDatabase(process.env.BENCH_DB_DIR);
const seededFile = path.join(db.dir, 'tags-seeded.json');
const reuse = existsSync(seededFile);
const config = loadConfig({ env: { AGORA_TRUST_PROXY: 'true' } });
const agora = await composeAgora({
  config,
  databaseUrl: db.url,
  log,
  services: [
    siteService,
    identityService,
    { module: postsService, maxConnections: SEED_WORKERS + 4 },
    { module: tagsService, maxConnections: SEED_WORKERS + 4 },
  ],
  bus: { kind: 'postgres' },
  maxConnections: 10,
});
const identity = agora.service('identity');
const posts = agora.service('posts');
const tags = agora.service('tags');

// 1. People: a moderator who seeds, and one signed-in member per client.
const accounts = accountsFor(identity);
const register = (k: number, roleId: number) =>
  accounts.register({
    email: `bench-${k}@example.com`,
    displayName: `Bench Member ${k}`,
    password: 'bench-password-1',
    roleId,
    activated: true,
    createdBy: 'admin',
    actorId: null,
  });
const person = async (k: number, roleId: number) =>
  (await accounts.findByEmail(`bench-${k}@example.com`)) ?? (await register(k, roleId));
const moderatorRow = await person(0, Role.moderator);
const members = await Promise.all(Array.from({ length: CLIENTS }, (_, k) => person(k + 1, Role.user)));
const tokens = await Promise.all(members.map(async (row) => (await accounts.startSession(row)).token));
await tags.projections.waitForCatchUp(60_000);
await posts.projections.waitForCatchUp(60_000);
const moderator: Actor = {
  id: moderatorRow.user_id,
  username: moderatorRow.username,
  displayName: 'Bench Moderator',
  email: 'bench-0@example.com',
  avatar: { type: '', gravatar: '', custom: '' },
  roleId: Role.moderator,
  status: 'normal',
  mailStatus: 1,
  suspendedUntil: null,
  rank: 1,
  language: 'en_US',
};

// 2. Tags through the create command; 3. questions using them with a skewed popularity, synonyms, follows.
const names = tagNames(TAGS);
const commands = tagsFor(tags);
const r = random(7);
const popular = () => itemAt(names, Math.floor(names.length * r.next() ** 3)).slug_name;

async function seedEverything() {
  let t0 = performance.now();
  await inParallel(names.length, SEED_WORKERS, async (i) => {
    await commands.tags.create(moderator, itemAt(names, i));
    if ((i + 1) % 10_000 === 0) say(`  ${i + 1} tags, ${Math.round((i + 1) / ((performance.now() - t0) / 1000))}/s`);
  });
  const tagSeconds = (performance.now() - t0) / 1000;
  say(`tags: ${names.length} in ${tagSeconds.toFixed(1)} s (${Math.round(names.length / tagSeconds)}/s)`);

  t0 = performance.now();
  const asker = postsFor(posts).questions;
  await inParallel(QUESTIONS, SEED_WORKERS, async (i) => {
    const chosen = [...new Set([popular(), popular(), popular()].slice(0, 1 + (i % 3)))];
    await asker.ask(moderator, {
      title: `Bench question number ${i} about ${chosen[0]}`,
      content: `How do I use ${chosen.join(' with ')} well? Question ${i}.`,
      tags: chosen.map((slug_name) => ({ slug_name })),
    });
  });
  const questionSeconds = (performance.now() - t0) / 1000;
  say(`questions: ${QUESTIONS} in ${questionSeconds.toFixed(1)} s`);
  t0 = performance.now();
  await inParallel(SYNONYM_MAINS, SEED_WORKERS, async (i) => {
    const name = itemAt(names, (i * 7) % names.length).slug_name;
    const { rows } = await sql<{ id: string }>`select id from tags where slug_name = ${name}`.execute(
      tags.context.database.db,
    );
    await commands.tags.setSynonyms(moderator, {
      tag_id: first(rows, `the tag ${name}`).id,
      synonym_tag_list: [{ slug_name: `${name.slice(0, 30)}-alt` }, { slug_name: `syn-${i}` }],
    });
  });
  await inParallel(CLIENTS, CLIENTS, async (k) => {
    const actor = { ...moderator, id: itemAt(members, k).user_id, roleId: Role.user } as Actor;
    await commands.follows.replace(
      actor,
      Array.from({ length: 20 }, () => popular()),
    );
  });
  const extrasSeconds = (performance.now() - t0) / 1000;
  await tags.projections.waitForCatchUp(600_000);
  await posts.projections.waitForCatchUp(600_000);
  say(`synonyms (${SYNONYM_MAINS * 2}) and follows in ${extrasSeconds.toFixed(1)} s; projections caught up`);

  return {
    tags: names.length,
    tags_per_second: Math.round(names.length / tagSeconds),
    tag_seconds: Math.round(tagSeconds),
    questions: QUESTIONS,
    question_seconds: Math.round(questionSeconds),
    synonyms: SYNONYM_MAINS * 2,
    synonym_and_follow_seconds: Math.round(extrasSeconds),
    followers: CLIENTS,
  };
}
const seeding = reuse ? JSON.parse(readFileSync(seededFile, 'utf8')) : await seedEverything();
if (!reuse) writeFileSync(seededFile, JSON.stringify(seeding));
say(reuse ? `reusing the database seeded in ${db.dir}` : 'seeded');

const admin = new pg.Client({ connectionString: db.url });
await admin.connect();
await admin.query('set search_path = tags, public');
await admin.query('vacuum (analyze) tags, tag_follows, question_tag_links, tag_revisions');
const sizes = (
  await admin.query<{ relation: string; rows: string; size: string }>(
    `select c.relname as relation, c.reltuples::bigint::text as rows, pg_size_pretty(pg_total_relation_size(c.oid)) as size
     from pg_class c join pg_namespace n on n.oid = c.relnamespace
     where n.nspname = 'tags' and c.relname in ('tags', 'events', 'question_tag_links', 'tag_follows', 'tag_revisions')`,
  )
).rows;
const { rows: distribution } = await admin.query(
  `select count(*)::int as tags, count(*) filter (where question_count > 0)::int as used,
          max(question_count)::int as most_questions, count(*) filter (where main_tag_id is not null)::int as synonyms
   from tags`,
);

// 4. The measured stack behind the gateway.
const { gateway } = agora;
let failures = 0;
const failed: string[] = [];
async function get(url: string, token?: string) {
  const t = performance.now();
  const response = await gateway.inject({ method: 'GET', url, headers: token ? { authorization: token } : {} });
  const ms = performance.now() - t;
  if (response.statusCode !== 200) {
    failures++;
    if (failed.length < 10) failed.push(`${url}: ${response.statusCode} ${response.body.slice(0, 200)}`);
  }
  return ms;
}
const clients = (run: (client: number, i: number) => Promise<number>, perClient = PER_CLIENT) =>
  closedLoop(CLIENTS, perClient, run);

// What people type: prefixes of real tag names (1 to 4 characters), and inner parts of them.
const typed = Array.from({ length: 400 }, (_, k) => {
  const slug = itemAt(names, (k * 7919) % names.length).slug_name;
  if (k % 4 === 3 && slug.length > 5) return slug.slice(2, 5);
  return slug.slice(0, 1 + (k % 4));
});
const filters = ['ja', 'script', 'sql', 'py', 'test', 'cloud', 'gres', 'ml', 'net', 'react'];

/**
 * Each read twice: at a steady rate of independent visitors (RATE per second, open loop: the latency a
 * member sees on a busy site; the budget's verdict), and by CLIENTS clients back to back (saturation:
 * latency there is CLIENTS / throughput).
 */
async function measureReads(label: string) {
  const variants: Record<string, (c: number, i: number) => Promise<number>> = {};
  for (const sort of ['popular', 'name', 'newest']) {
    variants[sort] = () => get(`${API}/tags/page?query_cond=${sort}&page=1&page_size=20`);
  }
  variants.deep_page_100 = () => get(`${API}/tags/page?query_cond=popular&page=100&page_size=20`);
  variants.filtered = (c, i) =>
    get(`${API}/tags/page?query_cond=popular&page=1&page_size=20&slug_name=${filters[(c + i) % filters.length]}`);
  variants.signed_in_popular = (c) => get(`${API}/tags/page?query_cond=popular&page=1&page_size=20`, tokens[c]);
  const suggest = (c: number, i: number) =>
    get(
      `${API}/question/tags?tag=${encodeURIComponent(itemAt(typed, (c * PER_CLIENT + i) % typed.length))}`,
      tokens[c],
    );
  const requests = CLIENTS * PER_CLIENT;
  const page: Record<string, unknown> = {};
  for (const [name, run] of Object.entries(variants)) {
    const paced = await openLoop(RATE, requests, (i) => run(i % CLIENTS, Math.floor(i / CLIENTS)));
    page[name] = { ...paced, back_to_back: await clients(run) };
  }
  const suggestions = await openLoop(RATE, requests, (i) => suggest(i % CLIENTS, Math.floor(i / CLIENTS)));
  const suggestionsBackToBack = await clients(suggest);
  const worstPage = Math.max(...Object.values(page).map((p) => (p as { p99_ms: number }).p99_ms));
  say(`[${label}] tag page p99 (worst of the variants) ${worstPage} ms; suggestions p99 ${suggestions.p99_ms} ms`);
  return {
    tag_page: {
      what: `GET tags/page through the gateway, ${requests} requests per variant arriving at ${RATE}/s; back_to_back: ${CLIENTS} clients without pause`,
      ...page,
      worst_p99_ms: worstPage,
      target_p99_ms: TARGETS.tag_page_p99_ms,
      met: worstPage <= TARGETS.tag_page_p99_ms,
    },
    suggestions: {
      what: `GET question/tags, ${typed.length} typed texts (prefixes of 1-4 characters and inner parts), signed in, ${requests} requests arriving at ${RATE}/s`,
      ...suggestions,
      target_p99_ms: TARGETS.suggestions_p99_ms,
      met: suggestions.p99_ms <= TARGETS.suggestions_p99_ms,
      back_to_back: suggestionsBackToBack,
    },
  };
}

const loadBefore = os.loadavg().map((n) => Math.round(n * 10) / 10);
say('reads as the service runs them (kept until the tags read model changes):');
const cached = await measureReads('cached');
await tags.context.changes.stop();
say('reads with the cache off (the queries alone):');
const uncached = await measureReads('uncached');
const loadAfter = os.loadavg().map((n) => Math.round(n * 10) / 10);

async function explain(query: string, params: unknown[] = []) {
  const { rows } = await admin.query(`explain (analyze, buffers) ${query}`, params);
  return rows.map((row) => row['QUERY PLAN'] as string);
}
const listed = 'status = 1 and main_tag_id is null';
const plans = {
  page_popular: await explain(`select * from tags where ${listed} order by question_count desc, slug_name limit 20`),
  page_name: await explain(`select * from tags where ${listed} order by slug_name limit 20`),
  page_count: await explain(`select count(*) from tags where ${listed}`),
  page_filtered: await explain(
    `select * from tags where ${listed} and (slug_name like $1 or lower(display_name) like $1)
     order by question_count desc, slug_name limit 20`,
    ['%script%'],
  ),
  suggest_prefix: await explain(
    `select id from tags where status = 1 and (slug_name like $1 or lower(display_name) like $1)
     order by (slug_name = $2) desc, question_count desc, slug_name limit 20`,
    ['py%', 'py'],
  ),
  suggest_contains: await explain(
    `select id from tags where status = 1 and (slug_name like $1 or lower(display_name) like $1)
     and not (slug_name like $2 or lower(display_name) like $2) order by question_count desc, slug_name limit 20`,
    ['%gres%', 'gres%'],
  ),
};

const file = writeResults(process.env.BENCH_RESULTS_NAME ?? 'tags', {
  run_at: new Date().toISOString(),
  machine: { ...machine(), load_average_before: loadBefore, load_average_after: loadAfter },
  note:
    'The machine has 2 cores shared with other engineers and their test runs; the load averages show how busy it was. ' +
    'Seeding goes through the commands (tags.create, posts.ask, tags.setSynonyms, follows.replace) with fsync on.',
  seeded: { ...seeding, reused: reuse, distribution: distribution[0], sizes },
  clients: CLIENTS,
  requests_per_client: PER_CLIENT,
  ...cached,
  uncached,
  failures,
  failed,
  plans,
  total_minutes: Math.round((performance.now() - benchStarted) / 6000) / 10,
});
say(`results in ${file}${failures ? ` (${failures} failed requests)` : ''}`);

await admin.end();
await agora.close();
await db.stop();
