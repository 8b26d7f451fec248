/**
 * npm run bench:profile — the profile tabs' API on this machine, into bench/results/profile.json (issue 21's
 * budget: each profile tab's API p99 ≤ 30 ms at 16 clients, 100,000 questions seeded):
 *  - seeds BENCH_USERS members and BENCH_QUESTIONS questions with BENCH_ANSWERS_PER_QUESTION answers each (the
 *    first of each topic through the commands, the rest in bulk: scripts/seed/bulk.ts), then BENCH_VOTES up-votes
 *    and bookmarks by members through the API, so the reputation, votes and bookmarks tabs have rows;
 *  - then, through the gateway with 16 clients back to back (closed loop), each signed in as a random member
 *    and asking about a random member: `personal/user/info`, `personal/qa/top`, `personal/question/page` (newest
 *    and score), `personal/answer/page` (newest and score), `personal/comment/page`, `personal/rank/page`, and the
 *    caller's own `personal/collection/page` and `personal/vote/page`, page 1 of 30 as the profile asks them.
 * Sizes: BENCH_QUESTIONS (100000), BENCH_ANSWERS_PER_QUESTION (3), BENCH_USERS (1000), BENCH_VOTES (5000),
 * BENCH_PER_CLIENT (100). BENCH_TABS: the tabs to measure (parts of their names, comma-separated; all by default);
 * BENCH_CPU_PROFILE: a folder for a CPU profile of each tab's measured run; BENCH_PG_STATEMENTS=1: the statements each
 * tab's requests ran. BENCH_SEEDED_FROM: a posts bench's
 * BENCH_DB_DIR, whose members and questions are measured (in a copy) instead of seeding anew. The figures are this
 * machine's, shared with others: the load average is recorded.
 */
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { Limits } from '@agora/contracts';
import { accountsFor, identityService } from '@agora/identity';
import { first, itemAt } from '@agora/platform';
import { postsService } from '@agora/posts';
import { votesService } from '@agora/votes';
import pino from 'pino';
import { appendPostsInBulk } from '../scripts/seed/bulk';
import { type SeedUser, seedPosts, seedUsers } from '../scripts/seed/generate';
import { TOPICS } from '../scripts/seed/vocabulary';
import { type BenchAgora, startBenchAgora } from './agora';
import {
  closedLoop,
  injectBytes,
  inParallel,
  machine,
  POSTS_BENCH_SEED,
  profiled,
  resetStatements,
  settleHeap,
  statementsPer,
  writeResults,
} from './support';

const env = (name: string, fallback: number) => Number(process.env[name] ?? fallback);
const QUESTIONS = env('BENCH_QUESTIONS', 100_000);
const ANSWERS_PER_QUESTION = env('BENCH_ANSWERS_PER_QUESTION', 3);
const USERS = env('BENCH_USERS', 1000);
const VOTES = env('BENCH_VOTES', 5000);
/** A posts bench's BENCH_DB_DIR: its 100,000 seeded questions measured (in a copy) instead of seeding anew. */
const SEEDED_FROM = process.env.BENCH_SEEDED_FROM;
const PER_CLIENT = env('BENCH_PER_CLIENT', 100);
const CLIENTS = 16;
const SEED = 21;
const TARGET_P99_MS = 30;
const API = '/answer/api/v1';
const PAGE = `page=1&page_size=${Limits.pageSize.profileTab}`;

const log = pino({ level: 'warn' });
const say = (line: string) => process.stdout.write(`${line}\n`);
const pick = <T>(items: readonly T[]) => itemAt(items, Math.floor(Math.random() * items.length));

let failures = 0;
const failed: string[] = [];

async function get(agora: BenchAgora, url: string, token: string) {
  const started = performance.now();
  const response = await injectBytes(agora.gateway, {
    method: 'GET',
    url: `${API}/${url}`,
    headers: { authorization: token },
  });
  const ms = performance.now() - started;
  if (response.statusCode !== 200) {
    failures++;
    if (failed.length < 10) failed.push(`GET ${url}: ${response.statusCode} ${response.text().slice(0, 200)}`);
  }
  return ms;
}

/** Members, their questions and answers, and up-votes and bookmarks among them; every member's session. */
async function seed(agora: BenchAgora) {
  const identity = agora.service('identity');
  const seeder = agora.service('posts');
  const { users } = await seedUsers(identity, { seed: SEEDED_FROM ? POSTS_BENCH_SEED : SEED, count: USERS });
  await agora.settle();
  const base = { seed: SEED, answersPerQuestion: ANSWERS_PER_QUESTION, commentsPerPost: 0 };
  const topics = Math.min(TOPICS.length, QUESTIONS);
  if (!SEEDED_FROM) await seedPosts(seeder, users, { ...base, questions: topics, workers: 1 });
  if (!SEEDED_FROM && QUESTIONS > topics) {
    say(`seeding ${QUESTIONS - topics} questions in bulk...`);
    await appendPostsInBulk(seeder, users, {
      ...base,
      first: topics,
      questions: QUESTIONS - topics,
      workers: 3,
      onProgress: (c, s) => say(`  ${c.questions} questions, ${c.answers} answers, ${s.toFixed(0)} s`),
      progressEveryMs: 30_000,
    });
  }
  await agora.settle();
  const accounts = accountsFor(identity);
  const tokens = new Map<string, string>();
  const tokenOf = async (user: SeedUser) => {
    let token = tokens.get(user.actor.id);
    if (!token) {
      const row = await accounts.findById(user.actor.id);
      if (!row) throw new Error(`no account ${user.actor.id}`);
      token = (await accounts.startSession(row)).token;
      tokens.set(user.actor.id, token);
    }
    return token;
  };
  const { rows } = await agora.pool.query<{ id: string; user_id: string }>(
    `select id, user_id from posts.questions order by random() limit ${Math.max(1, Math.min(VOTES, 20_000))}`,
  );
  say(`casting ${VOTES} up-votes and bookmarks...`);
  await inParallel(VOTES, 6, async (i) => {
    const question = itemAt(rows, i % rows.length);
    const voter = pick(users.filter((u) => u.actor.id !== question.user_id).slice(0, 50));
    const token = await tokenOf(voter);
    const acts: [string, object][] = [
      ['vote/up', { object_id: question.id }],
      ['collection/switch', { object_id: question.id, group_id: '0', bookmark: true }],
    ];
    for (const [path, body] of acts) {
      await injectBytes(agora.gateway, {
        method: 'POST',
        url: `${API}/${path}`,
        headers: { authorization: token, 'content-type': 'application/json' },
        payload: JSON.stringify(body),
      });
    }
  });
  await agora.settle();
  // As autovacuum would have by the time such a site is read: every read model's planner statistics current
  // (votes' and identity's copies of 400,000 posts were written just now).
  await agora.pool.query('vacuum (analyze)');
  for (const user of users.slice(0, 200)) await tokenOf(user);
  return { users: users.slice(0, 200), tokenOf };
}

/** The questions and answers the tabs were measured over, as the read model holds them. */
async function countedPosts(agora: BenchAgora) {
  const count = async (table: string) =>
    Number((await agora.pool.query<{ n: string }>(`select count(*) as n from posts.${table}`)).rows[0]?.n ?? 0);
  return { questions: await count('questions'), answers: await count('answers') };
}

say(`starting: ${USERS} members, ${QUESTIONS} questions, ${VOTES} votes`);
const agora = await startBenchAgora([identityService, postsService, votesService], { log, seededFrom: SEEDED_FROM });
try {
  const t0 = performance.now();
  const { users, tokenOf } = await seed(agora);
  const seedSeconds = Math.round((performance.now() - t0) / 1000);
  say(`seeded in ${seedSeconds} s`);
  const tokens = await Promise.all(users.map(tokenOf));
  const tabs: Record<string, (username: string) => string> = {
    'personal/user/info': (u) => `personal/user/info?username=${u}`,
    'personal/qa/top': (u) => `personal/qa/top?username=${u}`,
    'personal/question/page newest': (u) => `personal/question/page?username=${u}&order=newest&${PAGE}`,
    'personal/question/page score': (u) => `personal/question/page?username=${u}&order=score&${PAGE}`,
    'personal/answer/page newest': (u) => `personal/answer/page?username=${u}&order=newest&${PAGE}`,
    'personal/answer/page score': (u) => `personal/answer/page?username=${u}&order=score&${PAGE}`,
    'personal/comment/page': (u) => `personal/comment/page?username=${u}&${PAGE}`,
    'personal/rank/page': (u) => `personal/rank/page?username=${u}&${PAGE}`,
    'personal/collection/page (own)': () => `personal/collection/page?${PAGE}`,
    'personal/vote/page (own)': () => `personal/vote/page?${PAGE}`,
  };
  const figures: Record<string, unknown> = {};
  let met = true;
  // BENCH_TABS: only the tabs whose names contain one of these (comma-separated), to look at one closely.
  const only = process.env.BENCH_TABS?.split(',').filter(Boolean);
  const measured = Object.entries(tabs).filter(([name]) => !only || only.some((part) => name.includes(part)));
  for (const [name, url] of measured) {
    // Every member's tab asked once before, by the member and by another (a member's own view of a tab is not the
    // public one): the measured reads are a browsing site's, not a cold start's.
    await inParallel(users.length, 4, async (i) => {
      await get(agora, url(itemAt(users, i).username), itemAt(tokens, i));
      await get(agora, url(itemAt(users, i).username), itemAt(tokens, (i + 1) % users.length));
    });
    // The dirty pages of the seed and the warm-up written out now, not by a checkpoint in the middle of the phase.
    await agora.pool.query('checkpoint');
    await settleHeap();
    await resetStatements(agora.pool);
    const cpu = process.cpuUsage();
    const run = await profiled(name.replace(/\W+/g, '-'), () =>
      closedLoop(CLIENTS, PER_CLIENT, () => {
        const who = Math.floor(Math.random() * users.length);
        return get(agora, url(pick(users).username), itemAt(tokens, who));
      }),
    );
    const used = process.cpuUsage(cpu);
    const statements = await statementsPer(agora.pool, CLIENTS * PER_CLIENT, 5);
    const verdict = run.p99_ms <= TARGET_P99_MS;
    met &&= verdict;
    figures[name] = {
      ...run,
      node_cpu_ms_per_request: Math.round(((used.user + used.system) / 1000 / run.samples) * 1000) / 1000,
      load_average_1m: Math.round(first(os.loadavg(), 'a load average') * 100) / 100,
      ...(statements ? { statements } : {}),
      target_p99_ms: TARGET_P99_MS,
      met: verdict,
    };
    say(`${name}: p50 ${run.p50_ms} ms, p99 ${run.p99_ms} ms (${verdict ? 'within' : 'over'} ${TARGET_P99_MS} ms)`);
  }
  const file = writeResults('profile', {
    machine: machine(),
    note: 'Figures are this run’s on a 2-core machine, under the load recorded (load_average_1m per tab).',
    seeded_from: SEEDED_FROM ? 'a copy of the posts bench’s seeded database (BENCH_SEEDED_FROM)' : 'seeded by this run',
    sizes: { ...(await countedPosts(agora)), users: USERS, votes: VOTES },
    seed_seconds: seedSeconds,
    clients: CLIENTS,
    per_client: PER_CLIENT,
    tabs: figures,
    failures,
    failed,
    within_budget: met && failures === 0,
  });
  say(`written to ${file}`);
} finally {
  await agora.close();
}
