/**
 * npm run bench:ssr — the server-rendered question page on this machine, into bench/results/ssr.json (issue 26's
 * budget: a question page with 30 answers p99 ≤ 40 ms cached and ≤ 80 ms uncached, at 16 clients, 100,000
 * questions; docs/adr/0066-server-rendered-public-pages.md, docs/adr/0071-public-page-caching.md):
 *  - BENCH_SEEDED_FROM: a posts bench's BENCH_DB_DIR, measured in a copy: its 100,000 questions and the 30-answer
 *    questions listed in its seeded.json (`rich`). Otherwise a small set is seeded here: BENCH_RICH (8) questions
 *    with 30 answers and a comment on each post, beside the first question of each topic, through the commands;
 *  - every page is the full HTML of `/questions/{id}` as a visitor gets it (status 200 and the embedded state of a
 *    render, checked), through the gateway with 16 clients back to back (closed loop), in production mode as
 *    `npm start` runs it (docs/adr/0072-production-mode.md);
 *  - cached: the addresses themselves, each viewed twice before (drawn, then served kept), so the gateway's kept
 *    render is checked against the services' read caches and reused (posts' view counter still changes a question's
 *    reads every few seconds);
 *  - uncached: each request an address of its own (`?bench=N`, which the page ignores), so every one is rendered
 *    afresh from the reads, which the services answer from their warm read caches; first with one client alone
 *    (`rendered_alone`: what a render costs, the floor under the figure at 16 clients), then with 16.
 * Sizes: BENCH_RICH (8), BENCH_PER_CLIENT (50). BENCH_CPU_PROFILE=<folder>: a CPU profile of the uncached phase.
 * BENCH_SAVE_PAGE=<file>: one measured page's HTML, as a visitor gets it. The figures are this machine's, shared with others: the load average
 * is recorded.
 */
import '../launcher/node-env.mjs';
import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { identityService } from '@agora/identity';
import { first, itemAt } from '@agora/platform';
import { postsService } from '@agora/posts';
import { createPageRenderer, SSR_STATE_ELEMENT_ID } from '@agora/root/server';
import pino from 'pino';
import { seedPosts, seedUsers } from '../scripts/seed/generate';
import { TOPICS } from '../scripts/seed/vocabulary';
import { type BenchAgora, startBenchAgora } from './agora';
import { closedLoop, injectBytes, injectChunks, machine, profiled, settleHeap, writeResults } from './support';

const env = (name: string, fallback: number) => Number(process.env[name] ?? fallback);
const SEEDED_FROM = process.env.BENCH_SEEDED_FROM;
const SAVE_PAGE = process.env.BENCH_SAVE_PAGE;
const RICH = env('BENCH_RICH', 8);
const RICH_ANSWERS = 30;
const PER_CLIENT = env('BENCH_PER_CLIENT', 50);
const CLIENTS = 16;
const SEED = 26;
const TARGETS = { cached_p99_ms: 40, uncached_p99_ms: 80 };

const log = pino({ level: 'warn' });
const say = (line: string) => process.stdout.write(`${line}\n`);

let failures = 0;
const failed: string[] = [];

async function view(agora: BenchAgora, url: string) {
  const started = performance.now();
  const response = await injectChunks(agora.gateway, { method: 'GET', url });
  const ms = performance.now() - started;
  // Checked in its pieces as written: the visitor is in this process, and decoding or joining each page was the
  // client's work on the server's only thread. The mark lies within one piece (pieces part only at nonces).
  if (response.statusCode !== 200 || !response.chunks.some((chunk) => chunk.includes(SSR_STATE_ELEMENT_ID))) {
    failures++;
    const start = Buffer.concat(response.chunks).toString('utf8').slice(0, 200);
    if (failed.length < 10) failed.push(`GET ${url}: ${response.statusCode} ${start}`);
  }
  return ms;
}

/** The 30-answer questions: the posts bench's (seeded.json), or a few seeded here beside one per topic. */
async function richQuestions(agora: BenchAgora): Promise<string[]> {
  if (SEEDED_FROM) {
    const seeded = JSON.parse(readFileSync(path.join(path.resolve(SEEDED_FROM), 'seeded.json'), 'utf8'));
    // Every read model caught up with the copy's log before measuring.
    await agora.settle();
    return seeded.rich as string[];
  }
  const { users } = await seedUsers(agora.service('identity'), { seed: SEED, count: 40 });
  await agora.settle();
  const posts = agora.service('posts');
  const base = { seed: SEED, answersPerQuestion: 2, commentsPerPost: 0, workers: 2 };
  await seedPosts(posts, users, { ...base, questions: TOPICS.length });
  const rich: string[] = [];
  await seedPosts(posts, users, {
    ...base,
    first: 10_000_000,
    questions: RICH,
    answersPerQuestion: RICH_ANSWERS,
    answersFor: () => RICH_ANSWERS,
    commentsPerPost: 1,
    onQuestion: (_index, id, answers) => {
      if (answers === RICH_ANSWERS) rich.push(id);
    },
  });
  await agora.settle();
  return rich;
}

async function countedPosts(agora: BenchAgora) {
  const count = async (table: string) =>
    Number((await agora.pool.query<{ n: string }>(`select count(*) as n from posts.${table}`)).rows[0]?.n ?? 0);
  return { questions: await count('questions'), answers: await count('answers'), comments: await count('comments') };
}

// The web app's layout (index.html) is all a server render needs of the built front ends.
const webRoot = mkdtempSync(path.join(os.tmpdir(), 'agora-bench-ssr-'));
copyFileSync(path.resolve(import.meta.dirname, '../frontends/root/index.html'), path.join(webRoot, 'index.html'));
say(
  `starting (${SEEDED_FROM ? `a copy of ${SEEDED_FROM}` : `${RICH} questions with ${RICH_ANSWERS} answers seeded here`})`,
);
// The services a visitor's question page reads (site, identity, posts), as the posts bench seeded them.
const render = createPageRenderer(path.join(webRoot, 'index.html'));
/** Pages drawn so far (a kept page answered draws none). */
let renders = 0;
const agora = await startBenchAgora([identityService, postsService], {
  log,
  seededFrom: SEEDED_FROM,
  web: {
    webRoot,
    pages: (request) => {
      renders += 1;
      return render(request);
    },
  },
});
try {
  const t0 = performance.now();
  const rich = await richQuestions(agora);
  if (rich.length === 0) throw new Error('no question with 30 answers to measure');
  const seedSeconds = Math.round((performance.now() - t0) / 1000);
  say(`${rich.length} questions with ${RICH_ANSWERS} answers, ready in ${seedSeconds} s`);
  const page = (c: number, i: number) => `/questions/${itemAt(rich, (c * PER_CLIENT + i) % rich.length)}`;
  // Each page twice, as on a site being browsed: its first render (and the services' first reads of it), then a view
  // answered from the kept page, so the cached phase measures kept pages served, not the check path's first run.
  for (const id of rich) await view(agora, `/questions/${id}`);
  for (const id of rich) await view(agora, `/questions/${id}`);
  if (SAVE_PAGE) {
    const sample = await injectBytes(agora.gateway, { method: 'GET', url: `/questions/${first(rich, 'a question')}` });
    writeFileSync(SAVE_PAGE, sample.body);
  }

  const figures: Record<string, unknown> = {};
  const measure = async (name: keyof typeof TARGETS, url: (c: number, i: number) => string) => {
    await settleHeap();
    const cpu = process.cpuUsage();
    const rendersBefore = renders;
    const run = await closedLoop(CLIENTS, PER_CLIENT, (c, i) => view(agora, url(c, i)));
    const used = process.cpuUsage(cpu);
    const target = TARGETS[name];
    figures[name.replace('_p99_ms', '')] = {
      ...run,
      node_cpu_ms_per_request: Math.round(((used.user + used.system) / 1000 / run.samples) * 1000) / 1000,
      renders: renders - rendersBefore,
      load_average_1m: Math.round(first(os.loadavg(), 'a load average') * 100) / 100,
      target_p99_ms: target,
      met: run.p99_ms <= target,
    };
    say(
      `${name}: p50 ${run.p50_ms} ms, p99 ${run.p99_ms} ms (${run.p99_ms <= target ? 'within' : 'over'} ${target} ms)`,
    );
    return run.p99_ms <= target;
  };
  const cachedMet = await measure('cached_p99_ms', page);
  let n = 0;
  // What one render costs when nothing else is asked: the floor under the uncached figure at 16 clients.
  await settleHeap();
  const aloneCpu = process.cpuUsage();
  const aloneRun = await closedLoop(1, PER_CLIENT, (_c, i) => view(agora, `${page(0, i)}?bench=${++n}`));
  const aloneUsed = process.cpuUsage(aloneCpu);
  figures.rendered_alone = {
    ...aloneRun,
    node_cpu_ms_per_request: Math.round(((aloneUsed.user + aloneUsed.system) / 1000 / aloneRun.samples) * 1000) / 1000,
    clients: 1,
  };
  say(`one client, each page drawn afresh: p50 ${aloneRun.p50_ms} ms, p99 ${aloneRun.p99_ms} ms`);
  const uncachedMet = await profiled('ssr-uncached', () =>
    measure('uncached_p99_ms', (c, i) => `${page(c, i)}?bench=${++n}`),
  );
  const file = writeResults('ssr', {
    machine: machine(),
    note:
      'Figures are this run’s on a 2-core machine; the load average per figure says how busy it was. `renders` counts ' +
      'the pages drawn during a phase, `pauses` what held this process up.' +
      (SEEDED_FROM ? '' : ' A small seed: not the budget’s 100,000 questions (BENCH_SEEDED_FROM).'),
    node_env: process.env.NODE_ENV,
    seeded_from: SEEDED_FROM ? 'a copy of the posts bench’s seeded database (BENCH_SEEDED_FROM)' : 'seeded by this run',
    sizes: { ...(await countedPosts(agora)), questions_with_30_answers: rich.length },
    seed_seconds: seedSeconds,
    clients: CLIENTS,
    per_client: PER_CLIENT,
    page: '/questions/{id}: a question with 30 answers and a comment on each post, full HTML as a visitor gets it',
    figures,
    failures,
    failed,
    within_budget: cachedMet && uncachedMet && failures === 0,
  });
  say(`written to ${file}`);
} finally {
  await agora.close();
  rmSync(webRoot, { recursive: true, force: true });
}
