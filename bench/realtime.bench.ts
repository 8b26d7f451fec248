/**
 * npm run bench:realtime — live pages (issue 47, docs/adr/0099-live-pages.md) on the embedded default, into
 * bench/results/realtime.json. The measured process (bench/realtime/server.ts) runs every service and the gateway on
 * the PostgreSQL log; this one holds the browsers, on loopback from addresses of their own (127.1.x.y, 32 streams
 * each, the route's limit per address):
 *  - 10,000 streams, each on one question's page (20 a question): the gateway process's extra memory (budget 150 MB)
 *    and its CPU while nothing happens (heartbeats only);
 *  - write to visible: answers, comments and votes at 50 a second through the API (open loop), timed from sending
 *    the write to each watching stream's receipt (budget p99 250 ms);
 *  - a gateway restart while the site takes writes: every stream reconnects with its last id after the `retry:` the
 *    stopping gateway gave it (3 s plus a spread of 10 s, as EventSource does) and gets what it missed, timed from
 *    its reconnect (budget 1 s).
 * On Kafka (AGORA_BUS=kafka KAFKA_BROKERS=… AGORA_KAFKA_PREFIX=…) into bench/results/realtime-kafka.json.
 * Knobs: BENCH_REALTIME_STREAMS (10000), BENCH_REALTIME_QUESTIONS (500), BENCH_REALTIME_RATE (50 writes/s),
 * BENCH_REALTIME_WRITE_SECONDS (60), BENCH_REALTIME_REST_SECONDS (60), BENCH_REALTIME_RESTART_ANSWERS (200),
 * BENCH_REALTIME_RECONNECT_SPREAD_MS (3000, for a stream given no retry), BENCH_REALTIME_PORT (19580);
 * BENCH_CPU_PROFILE=<folder> writes a CPU profile of the measured process over the restart and the reconnects
 * (reconnect.cpuprofile).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { createInterface } from 'node:readline';
import { setTimeout as sleep } from 'node:timers/promises';
import { Live } from '@agora/contracts';
import { mb, sampleProcess } from './process-memory';
import { BenchStream, localAddressOf } from './realtime/streams';
import { machine, summarize, writeResults } from './support';

const env = (name: string, fallback: number) => Number(process.env[name] ?? fallback);
const STREAMS = env('BENCH_REALTIME_STREAMS', 10_000);
const QUESTIONS = env('BENCH_REALTIME_QUESTIONS', 500);
const RATE = env('BENCH_REALTIME_RATE', 50);
const WRITE_SECONDS = env('BENCH_REALTIME_WRITE_SECONDS', 60);
const REST_SECONDS = env('BENCH_REALTIME_REST_SECONDS', 60);
const RESTART_ANSWERS = env('BENCH_REALTIME_RESTART_ANSWERS', 200);
const SPREAD_MS = env('BENCH_REALTIME_RECONNECT_SPREAD_MS', 3000);
const PORT = env('BENCH_REALTIME_PORT', 19580);
// Write to visible: 250 ms on the embedded default, 500 ms scaled out on Kafka.
const BUDGETS = {
  extra_memory_mb: 150,
  write_to_visible_p99_ms: process.env.AGORA_BUS === 'kafka' ? 500 : 250,
  reconnect_replay_p99_ms: 1000,
};
const API = '/answer/api/v1';
const say = (line: string) => process.stdout.write(`${line}\n`);
const round = (n: number) => Math.round(n * 10) / 10;

interface Ready {
  url: string;
  pid: number;
  questions: string[];
  members: Array<{ id: string; token: string }>;
  staff: { id: string; token: string };
}

/** The measured process, and its lines. */
function startServer(): { child: ChildProcess; next: () => Promise<Record<string, unknown>> } {
  const script = path.join(import.meta.dirname, 'realtime/server.ts');
  const child = spawn(process.execPath, ['--expose-gc', '--import', 'tsx', script], {
    cwd: path.resolve(import.meta.dirname, '..'),
    env: { ...process.env, BENCH_REALTIME_PORT: String(PORT), BENCH_REALTIME_QUESTIONS: String(QUESTIONS) },
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const lines = createInterface({ input: child.stdout as NodeJS.ReadableStream })[Symbol.asyncIterator]();
  return {
    child,
    async next() {
      const { value, done } = await lines.next();
      if (done) throw new Error('the measured process ended');
      return JSON.parse(value);
    },
  };
}

/** The measured process's memory after a full collection (its heap as it holds it, not garbage yet uncollected). */
async function collected(server: ReturnType<typeof startServer>, pid: number) {
  server.child.stdin?.write('gc\n');
  await server.next();
  await sleep(1000);
  return sample(pid);
}

/** The measured process's memory and CPU now. */
function sample(pid: number) {
  const s = sampleProcess(pid);
  if (!s) throw new Error('the measured process has gone');
  return { rssMb: mb(s.rssKb), pssMb: mb(s.pssKb), cpuSeconds: s.cpuSeconds, at: performance.now() };
}
const cpuPercent = (from: ReturnType<typeof sample>, to: ReturnType<typeof sample>) =>
  round(((to.cpuSeconds - from.cpuSeconds) / ((to.at - from.at) / 1000)) * 100);

const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
/** What the bench reads of a write's reply: the new answer's or comment's id. */
interface WriteReply {
  info: { id: string };
  comment_id: string;
}

/** A write through the gateway, as a browser sends it. */
function write(base: string, route: string, token: string, body: unknown): Promise<WriteReply> {
  return new Promise((resolve, reject) => {
    const payload = JSON.stringify(body);
    const request = http.request(
      `${base}${API}/${route}`,
      {
        method: 'POST',
        agent,
        headers: {
          authorization: token,
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(payload),
        },
      },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk) => {
          text += chunk;
        });
        response.on('end', () => {
          if (response.statusCode !== 200) reject(new Error(`${route}: ${response.statusCode} ${text}`));
          else resolve(JSON.parse(text).data);
        });
      },
    );
    request.on('error', reject);
    request.end(payload);
  });
}

/** Opens the streams in waves, each on its question's page. */
async function openStreams(ready: Ready, arrivals: Map<string, number[]>, lastIds?: Array<string | undefined>) {
  const { hostname, port } = new URL(ready.url);
  const watcher = {
    onMessage(key: string, at: number) {
      const list = arrivals.get(key);
      if (list) list.push(at);
      else arrivals.set(key, [at]);
    },
  };
  const streams: BenchStream[] = [];
  for (let i = 0; i < STREAMS; i++) {
    const question = ready.questions[i % ready.questions.length];
    streams.push(
      new BenchStream(hostname, Number(port), `${API}/live?topics=question:${question}`, {
        localAddress: localAddressOf(i, Live.connectionsPerAddress),
        lastId: lastIds?.[i],
        watcher,
      }),
    );
    if (i % 250 === 249) await Promise.all(streams.slice(-250).map((s) => s.opened));
  }
  await Promise.all(streams.map((s) => s.opened));
  return streams;
}

async function main() {
  const server = startServer();
  const ready = (await server.next()).ready as Ready;
  say(`measured process ${ready.pid} at ${ready.url}: ${ready.questions.length} questions`);
  const results: Record<string, unknown> = { machine: machine(), load_average_start: os.loadavg() };
  try {
    await sleep(10_000);
    const idleFrom = sample(ready.pid);
    await sleep(20_000);
    const idleCpu = cpuPercent(idleFrom, sample(ready.pid));
    const idle = await collected(server, ready.pid);
    say(`idle: ${idle.rssMb} MB RSS, ${idleCpu} % CPU`);

    // 10,000 streams.
    const arrivals = new Map<string, number[]>();
    const openedAt = performance.now();
    const streams = await openStreams(ready, arrivals);
    const openMs = performance.now() - openedAt;
    const refused = streams.filter((s) => s.status !== 200).length;
    say(`${streams.length - refused} streams open in ${Math.round(openMs)} ms (${refused} refused)`);
    await sleep(10_000);
    const restFrom = sample(ready.pid);
    await sleep(REST_SECONDS * 1000);
    const restCpu = cpuPercent(restFrom, sample(ready.pid));
    const rest = await collected(server, ready.pid);
    say(`at rest with ${STREAMS} streams: ${rest.rssMb} MB RSS (+${round(rest.rssMb - idle.rssMb)}), ${restCpu} % CPU`);
    results.streams = {
      open: streams.length - refused,
      refused,
      open_ms: Math.round(openMs),
      idle_rss_mb: idle.rssMb,
      idle_pss_mb: idle.pssMb,
      idle_cpu_percent: idleCpu,
      rss_mb: rest.rssMb,
      pss_mb: rest.pssMb,
      extra_rss_mb: round(rest.rssMb - idle.rssMb),
      extra_pss_mb: round(rest.pssMb - idle.pssMb),
      cpu_percent_at_rest: restCpu,
      heartbeats_per_second: round(STREAMS / (Live.heartbeatMs / 1000)),
    };

    // Write to visible at RATE writes a second.
    const sentAt = new Map<string, number>();
    const repliedAt = new Map<string, number>();
    const writeMs: number[] = [];
    const failures: string[] = [];
    const answers: Array<{ id: string; author: number }> = [];
    let answered = 0;
    let voted = 0;
    const members = ready.members;
    const one = async (k: number) => {
      const t0 = performance.now();
      try {
        if (k % 3 === 0 || answers.length <= voted) {
          const a = answered++;
          const author = Math.floor(a / ready.questions.length) % members.length;
          const question = ready.questions[(a * 37) % ready.questions.length] ?? '';
          const data = await write(ready.url, 'answer', members[author]?.token ?? '', {
            question_id: question,
            content: `A live answer number ${a}, written while thousands watch.`,
          });
          sentAt.set(`answer:${data.info.id}`, t0);
          repliedAt.set(`answer:${data.info.id}`, performance.now());
          answers.push({ id: data.info.id, author });
        } else if (k % 3 === 1) {
          const question = ready.questions[(k * 13) % ready.questions.length] ?? '';
          const data = await write(ready.url, 'comment', members[k % members.length]?.token ?? '', {
            object_id: question,
            original_text: `A live comment number ${k}.`,
          });
          sentAt.set(`comment:${data.comment_id}`, t0);
          repliedAt.set(`comment:${data.comment_id}`, performance.now());
        } else {
          const target = answers[voted++];
          if (!target) return;
          await write(ready.url, 'vote/up', members[(target.author + 1) % members.length]?.token ?? '', {
            object_id: target.id,
            is_cancel: false,
          });
          sentAt.set(`vote:${target.id}`, t0);
          repliedAt.set(`vote:${target.id}`, performance.now());
        }
        writeMs.push(performance.now() - t0);
      } catch (error) {
        failures.push((error as Error).message.slice(0, 200));
      }
    };
    server.child.stdin?.write('loop\n');
    await server.next();
    const total = RATE * WRITE_SECONDS;
    const started = performance.now();
    const writeFrom = sample(ready.pid);
    const pending: Promise<void>[] = [];
    for (let k = 0; k < total; k++) {
      const due = started + (k * 1000) / RATE;
      const wait = due - performance.now();
      if (wait > 0) await sleep(wait);
      pending.push(one(k));
    }
    await Promise.all(pending);
    const writing = sample(ready.pid);
    server.child.stdin?.write('loop\n');
    const { loop, fence_holders } = (await server.next()) as {
      loop: { p50_ms: number; p99_ms: number; max_ms: number };
      fence_holders: Array<{ what: string; seen: number; longest_ms: number }>;
    };
    await sleep(5000);
    const perWatcher: number[] = [];
    const afterReply: number[] = [];
    let missing = 0;
    const watchers = STREAMS / ready.questions.length;
    for (const [key, t0] of sentAt) {
      const seen = arrivals.get(key) ?? [];
      missing += Math.max(0, watchers - seen.length);
      for (const at of seen) perWatcher.push(at - t0);
      const replied = repliedAt.get(key);
      if (replied !== undefined) for (const at of seen) afterReply.push(at - replied);
    }
    const visible = summarize(perWatcher);
    const responded = summarize(writeMs);
    say(
      `write to visible: p50 ${visible.p50_ms} ms, p99 ${visible.p99_ms} ms, max ${visible.max_ms} ms; ${missing} missing`,
    );
    const sinceReply = summarize(afterReply);
    say(`  the writes' own replies: p50 ${responded.p50_ms} ms, p99 ${responded.p99_ms} ms; ${failures.length} failed`);
    say(
      `  visible after the write's reply (negative: before it): p50 ${sinceReply.p50_ms} ms, p99 ${sinceReply.p99_ms} ms`,
    );
    say(`  the measured process's event loop delays while writing: p50 ${loop.p50_ms} ms, p99 ${loop.p99_ms} ms`);
    results.write_to_visible = {
      writes: sentAt.size,
      rate_per_second: RATE,
      watchers_per_write: watchers,
      deliveries: perWatcher.length,
      missing_deliveries: missing,
      failures: failures.length,
      first_failures: failures.slice(0, 3),
      ...visible,
      write_response: responded,
      // From the write's reply to each watcher's receipt: what the live path adds to the write itself.
      after_write_response: sinceReply,
      cpu_percent_while_writing: cpuPercent(writeFrom, writing),
      event_loop_delay_while_writing: loop,
      // The oldest writing transaction, sampled every 100 ms (when 50 ms old or more): what held the log's fence.
      fence_holders,
    };

    // A gateway restart while the site takes writes; every stream reconnects with its last id.
    const lastIds = streams.map((s) => s.lastId);
    server.child.stdin?.write('profile reconnect\n');
    await server.next();
    server.child.stdin?.write(`restart ${RESTART_ANSWERS}\n`);
    const { restarted } = (await server.next()) as {
      restarted: { posted: Array<{ question: string; answer: string }> };
    };
    await Promise.all(streams.map((s) => s.closed));
    const toldToReconnect = streams.filter((s) => s.events.includes('reconnect')).length;
    const missedBy = new Map(restarted.posted.map((p) => [`answer:${p.answer}`, p.question]));
    const replayArrivals = new Map<string, number[]>();
    const reconnectAt = new Map<number, number>();
    const { hostname, port } = new URL(ready.url);
    const again: BenchStream[] = [];
    const openedIn: number[] = [];
    await Promise.all(
      streams.map(async (old, i) => {
        // As EventSource does: after the `retry:` the stream last gave (the gateway spreads them as it stops).
        await sleep(old.retryMs ?? Math.random() * SPREAD_MS);
        const question = ready.questions[i % ready.questions.length];
        reconnectAt.set(i, performance.now());
        const stream = new BenchStream(hostname, Number(port), `${API}/live?topics=question:${question}`, {
          localAddress: localAddressOf(i, Live.connectionsPerAddress),
          lastId: lastIds[i],
          watcher: {
            onMessage(key, at) {
              const list = replayArrivals.get(`${i}|${key}`);
              if (list) list.push(at);
              else replayArrivals.set(`${i}|${key}`, [at]);
            },
          },
        });
        again[i] = stream;
        await stream.opened;
        openedIn.push(performance.now() - (reconnectAt.get(i) ?? 0));
      }),
    );
    await sleep(5000);
    server.child.stdin?.write('profiled\n');
    await server.next();
    const replay: number[] = [];
    let replayMissing = 0;
    let duplicates = 0;
    for (let i = 0; i < STREAMS; i++) {
      const question = ready.questions[i % ready.questions.length];
      for (const [key, q] of missedBy) {
        if (q !== question) continue;
        const seen = replayArrivals.get(`${i}|${key}`) ?? [];
        if (seen.length === 0) replayMissing++;
        if (seen.length > 1) duplicates++;
        const first = seen[0];
        if (first !== undefined) replay.push(first - (reconnectAt.get(i) ?? first));
      }
    }
    const reconnect = summarize(replay);
    const reopened = summarize(openedIn);
    say(
      `reconnect to replayed: p50 ${reconnect.p50_ms} ms, p99 ${reconnect.p99_ms} ms; ${replayMissing} missing, ${duplicates} twice`,
    );
    say(`  reconnect to its first event (topics): p50 ${reopened.p50_ms} ms, p99 ${reopened.p99_ms} ms`);
    results.restart = {
      streams: STREAMS,
      told_to_reconnect: toldToReconnect,
      answers_while_down: restarted.posted.length,
      reconnect_after: 'the retry the stopping gateway gave each stream',
      reopened: again.filter((s) => s?.status === 200).length,
      replayed: replay.length,
      missing: replayMissing,
      duplicates,
      ...reconnect,
      reconnect_to_first_event: reopened,
    };
    for (const stream of again) stream?.close();
    results.budgets = BUDGETS;
    results.within_budgets = {
      extra_memory: (results.streams as { extra_rss_mb: number }).extra_rss_mb <= BUDGETS.extra_memory_mb,
      write_to_visible: visible.p99_ms <= BUDGETS.write_to_visible_p99_ms,
      reconnect_replay: reconnect.p99_ms <= BUDGETS.reconnect_replay_p99_ms,
    };
    results.load_average_end = os.loadavg();
    // The scaled-out column on Kafka has a file of its own.
    say(`results: ${writeResults(process.env.AGORA_BUS === 'kafka' ? 'realtime-kafka' : 'realtime', results)}`);
  } finally {
    server.child.stdin?.write('stop\n');
    await new Promise((resolve) => server.child.once('exit', resolve));
    agent.destroy();
  }
}

await main();
