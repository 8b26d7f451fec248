/**
 * The process bench:realtime measures (bench/realtime.bench.ts): the embedded default, every service and the gateway
 * in one Node process on a bench PostgreSQL, the gateway composed apart so that the bench can restart it alone while
 * the services go on taking writes. It seeds members and questions, prints one JSON line `{ ready }`, then obeys
 * lines on stdin: `restart <answers>` (the gateway stops, that many answers are written meanwhile, the gateway
 * starts again on the same port: prints `{ restarted }`), `gc` (a full collection: `{ collected }`), `loop` (the event loop's delays since the last
 * `loop`), `profile <name>` and `profiled` (a CPU profile into BENCH_CPU_PROFILE), `stop`.
 * Knobs: BENCH_REALTIME_PORT (19580), BENCH_REALTIME_QUESTIONS (500), BENCH_REALTIME_MEMBERS (100).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { createInterface } from 'node:readline';
import { defaultSiteSettings, Role } from '@agora/contracts';
import {
  composeServices,
  createGateway,
  InProcessTransport,
  type ServiceName,
  type ServiceTransport,
} from '@agora/gateway';
import { type HttpApp, itemAt, loadConfig } from '@agora/platform';
import { updateSettingsGroup } from '@agora/site';
import pg from 'pg';
import pino from 'pino';
import { ALL_SERVICES } from '../../launcher/src/services';
import { benchAccounts } from '../accounts';
import { benchDatabase } from '../support';

const env = (name: string, fallback: number) => Number(process.env[name] ?? fallback);
const PORT = env('BENCH_REALTIME_PORT', 19580);
const QUESTIONS = env('BENCH_REALTIME_QUESTIONS', 500);
const MEMBERS = env('BENCH_REALTIME_MEMBERS', 100);
const API = '/answer/api/v1';
// Logs go to stderr: stdout carries the lines the bench reads.
const log = pino({ level: process.env.BENCH_LOG_LEVEL ?? 'warn' }, pino.destination(2));
const print = (line: unknown) => process.stdout.write(`${JSON.stringify(line)}\n`);

const db = await benchDatabase();
// The embedded default's PostgreSQL log, or Kafka when asked (AGORA_BUS=kafka with KAFKA_BROKERS): the scaled-out column.
const busEnv = Object.fromEntries(
  ['AGORA_BUS', 'KAFKA_BROKERS', 'AGORA_KAFKA_PREFIX'].flatMap((key) =>
    process.env[key] ? [[key, process.env[key]]] : [],
  ),
);
const config = loadConfig({ env: { ...busEnv, AGORA_SITE_URL: 'http://agora.bench' } });
const core = await composeServices({ config, databaseUrl: db.url, log, services: ALL_SERVICES });
await core.startedUp();
const transports: Partial<Record<ServiceName, ServiceTransport>> = {};
for (const service of core.services) transports[service.name as ServiceName] = new InProcessTransport(service.app);

const startGateway = async () => {
  const app = await createGateway({ log, transports, bus: core.bus, connections: config });
  await app.listen({ host: '127.0.0.1', port: PORT });
  return app;
};
let gateway: HttpApp = await startGateway();

/** A call straight to the service that owns it, as the gateway would forward it. */
async function call(service: ServiceName, url: string, token: string, body: unknown) {
  const response = await transports[service]?.forward({
    method: 'POST',
    url: `${API}/${url}`,
    headers: { authorization: token, 'content-type': 'application/json' },
    body: Buffer.from(JSON.stringify(body)),
  });
  if (response?.status !== 200) throw new Error(`${url}: ${response?.status} ${response?.body.toString()}`);
  return JSON.parse(response.body.toString()).data;
}

await updateSettingsGroup(
  core.service('site').context,
  { group: 'privileges', values: { ...defaultSiteSettings(config.siteUrl).privileges, level: 1 } } as never,
  null,
);
const account = benchAccounts(core.service('identity'));
const staff = await account('Bench Staff', Role.admin);
const members = [];
for (let i = 0; i < MEMBERS; i++) members.push(await account(`Bench Member ${i}`));
await core.settle();
const questions: string[] = [];
for (let i = 0; i < QUESTIONS; i++) {
  const asker = i === 0 ? staff : itemAt(members, i % members.length);
  const asked = await call('posts', 'question', asker.token, {
    title: `Live bench question number ${i}`,
    content: 'A question watched by many live pages at once.',
    tags: [{ slug_name: 'bench' }],
  });
  questions.push(asked.id);
}
await core.settle();
print({ ready: { url: `http://127.0.0.1:${PORT}`, pid: process.pid, questions, members, staff } });

/**
 * What holds the log's fence while the bench writes: every 100 ms, the oldest transaction that has written (it holds
 * back every gap-safe reader, the live follower among them), by application and statement. Kept by how long.
 */
const watcher = new pg.Pool({ connectionString: db.url, max: 1 });
watcher.on('error', () => {});
const holders = new Map<string, { seen: number; longest_ms: number }>();
const watching = setInterval(() => {
  watcher
    .query<{ app: string; query: string; ms: number }>(
      `select application_name as app, left(regexp_replace(query, '\\s+', ' ', 'g'), 90) as query,
              (extract(epoch from clock_timestamp() - xact_start) * 1000)::int as ms
       from pg_stat_activity where backend_xid is not null order by xact_start limit 1`,
    )
    .then(({ rows: [oldest] }) => {
      if (!oldest || oldest.ms < 50) return;
      const key = `${oldest.app}: ${oldest.query}`;
      const held = holders.get(key) ?? { seen: 0, longest_ms: 0 };
      holders.set(key, { seen: held.seen + 1, longest_ms: Math.max(held.longest_ms, oldest.ms) });
    })
    .catch(() => {});
}, 100);
watching.unref();

const loopDelay = monitorEventLoopDelay({ resolution: 10 });
loopDelay.enable();
/** BENCH_CPU_PROFILE=<folder>: `profile <name>` starts a CPU profile of this process, `profiled` writes it there. */
let profiling: { session: Session; name: string } | null = null;
let restartAnswerer = 0;
for await (const line of createInterface({ input: process.stdin })) {
  const [command, arg] = line.trim().split(' ');
  if (command === 'restart') {
    await gateway.close();
    // While the gateway is down the site goes on: these are what every reconnecting stream missed.
    const posted: Array<{ question: string; answer: string }> = [];
    for (let i = 0; i < Number(arg ?? 100); i++) {
      // Members from the last one down: the bench's own answers come from the first ones (one answer each).
      const question = itemAt(questions, i % questions.length);
      const who = itemAt(members, members.length - 1 - Math.floor(restartAnswerer++ / questions.length));
      const answer = await call('posts', 'answer', who.token, {
        question_id: question,
        content: `An answer written while the gateway restarted, number ${i}.`,
      });
      posted.push({ question, answer: answer.info.id });
    }
    gateway = await startGateway();
    print({ restarted: { posted } });
  } else if (command === 'gc') {
    // A full collection before the bench reads this process's memory (run with --expose-gc).
    (globalThis as { gc?: () => void }).gc?.();
    print({ collected: true });
  } else if (command === 'loop') {
    // The event loop's delays since the last ask (ms): how long a ready callback waited for its turn.
    const ms = (ns: number) => Math.round(ns / 1e4) / 100;
    const fence = [...holders].sort((a, b) => b[1].seen - a[1].seen).slice(0, 8);
    print({
      loop: { p50_ms: ms(loopDelay.percentile(50)), p99_ms: ms(loopDelay.percentile(99)), max_ms: ms(loopDelay.max) },
      fence_holders: fence.map(([what, held]) => ({ what, ...held })),
    });
    loopDelay.reset();
    holders.clear();
  } else if (command === 'profile') {
    if (process.env.BENCH_CPU_PROFILE && !profiling) {
      const session = new Session();
      session.connect();
      await session.post('Profiler.enable');
      await session.post('Profiler.start');
      profiling = { session, name: arg ?? 'realtime' };
    }
    print({ profiling: Boolean(profiling) });
  } else if (command === 'profiled') {
    const folder = process.env.BENCH_CPU_PROFILE;
    if (profiling && folder) {
      const { profile } = await profiling.session.post('Profiler.stop');
      mkdirSync(folder, { recursive: true });
      writeFileSync(path.join(folder, `${profiling.name}.cpuprofile`), JSON.stringify(profile));
      profiling.session.disconnect();
      profiling = null;
    }
    print({ profiled: true });
  } else if (command === 'stop') break;
}
clearInterval(watching);
await watcher.end();
await gateway.close();
await core.close();
await db.stop();
process.exit(0);
