/**
 * npm run faults -- <kill-replicas|kafka-restart|opensearch-stop|all> [--users N] [--before S] [--after S]
 *   [--mix writes|day]
 *
 * Faults under load (docs/adr/0079-faults-under-load.md), each on a fresh scaled-out cluster (two replicas of
 * every service, two gateways) on a Kafka broker and an OpenSearch node of the run's own: virtual users read,
 * poll and write for `--before` seconds, the fault strikes, they go on until `--after` seconds past its end.
 * Then every acknowledged write is looked up, the writes applied twice are counted, and every read model is
 * compared with a rebuild from zero. Writes bench/results/faults-<fault>.json; exits 1 when a write was lost or
 * doubled, a read model differs, or p99 was not back under budget within 10 s. `--mix writes` (the default) is a
 * write load: 30 % of a member's actions are checked writes. `--mix day` writes as often as the day scenario, whose
 * p99 the budget is (issue 24's "mixed scenario"), and writes bench/results/faults-<fault>-day.json.
 */
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { parseArgs } from 'node:util';
import { SERVICE_NAMES } from '@agora/gateway/routing-table';
import pino from 'pino';
import { SCENARIOS } from '../../infra/k6/lib/scenarios.js';
import { parseReplicas } from '../../launcher/src/cluster/topology';
import { machine, writeResults } from '../support';
import { GatewayClient } from './client';
import { auditWrites, WriteLedger } from './ledger';
import { observe, questionTotal } from './observe';
import { OwnInfra } from './own-infra';
import { rebuildAndCompare } from './rebuild-check';
import { prepareSite, RUN_ROOT, runDirOf, settled, startSession } from './session';
import { errorsBetween, latencyByKind, nearestRank, perSecond, recoveryMs, type TimedSample } from './timeline';
import { runUsers, WRITE_LOAD_SHARE, writeShareOf } from './users';

export const FAULTS = {
  'kill-replicas':
    'kill -9 the second replica of every service and the second gateway at once; they stay down until the load ends',
  'kafka-restart': 'stop the Kafka broker (SIGTERM) and start it again at once',
  'opensearch-stop': 'stop OpenSearch (SIGTERM), keep it down 30 s, start it again',
} as const;
type Fault = keyof typeof FAULTS;

/** How often the virtual members write: a write load, or as often as the day scenario (the budget's mix). */
const MIXES = {
  writes: WRITE_LOAD_SHARE,
  day: writeShareOf(SCENARIOS.day),
} as const;
type Mix = keyof typeof MIXES;

/** Issue 24's budget: the mixed scenario's p99, back under it within 10 s of a killed replica. */
const P99_BUDGET_MS = SCENARIOS.day.thresholds.p99Ms;
const RECOVERY_BUDGET_MS = 10_000;
/** p99 judged over sliding windows of this length, this far apart. */
const WINDOW_MS = 2000;
const STEP_MS = 500;
/** A window is stretched until it holds this many requests: the p99 of fewer is only their slowest. */
const WINDOW_MIN_REQUESTS = 100;
const OPENSEARCH_DOWN_MS = 30_000;
/** Longer than posts' view counter waits before it appends the views it counted. */
const VIEW_FLUSH_WAIT_MS = 6000;

const NOTE =
  'Measured on a 2-core machine shared with other engineers running their own tests and benchmarks at the same time, with 20 Agora processes, PostgreSQL, Kafka and OpenSearch on those two cores: latencies and recovery times are noisy and pessimistic; the lost/duplicated counts and the rebuild comparison are exact.';

const USAGE = `Usage: npm run faults -- <${Object.keys(FAULTS).join('|')}|all> [--users N] [--before S] [--after S]
${Object.entries(FAULTS)
  .map(([name, what]) => `  ${name.padEnd(16)} ${what}`)
  .join('\n')}
  --users   virtual users (default 50)
  --before  seconds of load before the fault (default 20)
  --after   seconds of load after the fault has cleared (default 30)
  --mix     writes: 30 % of a member's actions are checked writes (default); day: as often as the day scenario
Runs under ${RUN_ROOT} (AGORA_FAULTS_DIR); starts and stops its own Kafka (port 19092) and OpenSearch (19200).
`;

const say = (line: string) => process.stdout.write(`[faults] ${line}\n`);

interface Timeline {
  events: Array<{ at_s: number; what: string }>;
  injectedAt: number;
  clearedAt: number;
}

async function inject(
  fault: Fault,
  infra: OwnInfra,
  killNames: string[],
  kill: (name: string) => Promise<void>,
  mark: (what: string) => number,
) {
  if (fault === 'kill-replicas') {
    const at = mark(`kill -9 ${killNames.join(', ')}`);
    await Promise.all(killNames.map(kill));
    mark('killed processes gone');
    return at;
  }
  if (fault === 'kafka-restart') {
    mark('stopping the Kafka broker');
    await infra.stop('kafka');
    mark('Kafka broker stopped; starting it again');
    await infra.up();
    return mark('Kafka broker up again');
  }
  mark('stopping OpenSearch');
  await infra.stop('opensearch');
  mark(`OpenSearch stopped; down for ${OPENSEARCH_DOWN_MS / 1000} s`);
  await sleep(OPENSEARCH_DOWN_MS);
  mark('starting OpenSearch again');
  await infra.up();
  return mark('OpenSearch up again');
}

interface RunOptions {
  users: number;
  before: number;
  after: number;
  mix: Mix;
}

async function runFault(fault: Fault, infra: OwnInfra, options: RunOptions) {
  say(`${fault}: starting the cluster`);
  const replicas = parseReplicas([...SERVICE_NAMES.map((s) => `${s}=2`), 'gateway=2'].join(','));
  const session = await startSession({
    runDir: runDirOf(fault),
    infra,
    replicas,
    gatewayPort: 18_100,
    servicePort: 18_120,
    say,
  });
  const { cluster } = session;
  const client = new GatewayClient(cluster.gatewayUrls, Math.max(4, Math.ceil(options.users / 2)));
  try {
    say(`${fault}: preparing the site (${options.users} members)`);
    const data = await prepareSite(session, SCENARIOS.day, options.users);
    const totalBefore = await questionTotal(client);
    const ledger = new WriteLedger();
    const samples: TimedSample[] = [];
    const killNames = [...SERVICE_NAMES.map((s) => `${s}-2`), 'gateway-2'];
    let endRun = () => {};
    const until = new Promise<void>((resolve) => {
      endRun = resolve;
    });
    const startedAt = performance.now();
    const timeline: Timeline = { events: [], injectedAt: 0, clearedAt: 0 };
    const mark = (what: string) => {
      const at = performance.now() - startedAt;
      timeline.events.push({ at_s: Math.round(at / 100) / 10, what });
      say(`${fault}: ${(at / 1000).toFixed(1)} s ${what}`);
      return at;
    };
    mark(`load starts: ${options.users} users`);
    const users = runUsers({
      client,
      data,
      users: options.users,
      until,
      ledger,
      samples,
      startedAt,
      think: SCENARIOS.day.thinkSeconds,
      writeShare: MIXES[options.mix],
    });
    await sleep(options.before * 1000);
    timeline.injectedAt = performance.now() - startedAt;
    timeline.clearedAt = await inject(fault, infra, killNames, (name) => cluster.kill(name), mark);
    await sleep(options.after * 1000);
    mark('load ends');
    endRun();
    await users;
    const endAt = performance.now() - startedAt;

    if (fault === 'kill-replicas') {
      say(`${fault}: starting the killed processes again`);
      for (const name of killNames) cluster.startProcess(name);
      await cluster.waitHealthy(killNames, 180_000);
    }
    const settleMs = await settled(cluster, 300_000);
    say(`${fault}: every projection caught up ${settleMs} ms after the load; checking every write`);
    const observed = await observe(client, ledger, totalBefore);
    const audit = auditWrites(ledger.records, observed);
    // The checks' own reads counted views, which posts appends every 5 s (services/posts/src/views/view-counter.ts):
    // those events too are appended and projected before the comparison.
    await sleep(VIEW_FLUSH_WAIT_MS);
    await settled(cluster, 300_000);

    say(`${fault}: stopping every Agora process, rebuilding every read model from zero`);
    await Promise.all(
      cluster
        .processes()
        .filter((p) => p.role === 'gateway')
        .map((p) => cluster.stopProcess(p.name)),
    );
    await Promise.all(
      cluster
        .processes()
        .filter((p) => p.role !== 'gateway')
        .map((p) => cluster.stopProcess(p.name)),
    );
    const rebuild = await rebuildAndCompare(
      session.config,
      (service) => cluster.databaseUrlOf(service as never),
      pino({ level: 'warn' }),
    );

    const recovery = recoveryMs(samples, {
      injectedAt: timeline.injectedAt,
      endAt,
      budgetMs: P99_BUDGET_MS,
      windowMs: WINDOW_MS,
      stepMs: STEP_MS,
      minRequests: WINDOW_MIN_REQUESTS,
    });
    // The stricter reading: 2 s windows however few requests they hold (at this load about 30, so their p99 is
    // their slowest request).
    const recoveryOfShortWindows = recoveryMs(samples, {
      injectedAt: timeline.injectedAt,
      endAt,
      budgetMs: P99_BUDGET_MS,
      windowMs: WINDOW_MS,
      stepMs: STEP_MS,
    });
    const duringUntil = timeline.clearedAt + RECOVERY_BUDGET_MS;
    const overall = errorsBetween(samples, 0, endAt);
    const result = {
      fault,
      description: FAULTS[fault],
      note: NOTE,
      command: `npm run faults -- ${fault} --users ${options.users} --before ${options.before} --after ${options.after} --mix ${options.mix}`,
      topology: { replicas, kafka: infra.kafkaBrokers, opensearch: infra.opensearchUrl },
      load: {
        users: options.users,
        think_s: SCENARIOS.day.thinkSeconds,
        mix: `${options.mix}: the day scenario's reads and polls; ${(MIXES[options.mix] * 100).toFixed(1)} % of a member's actions are checked writes (questions, answers, up-votes 1:2:3)`,
        balancer:
          'as a balancer in front of the gateways: a request no gateway answered goes once to the other gateway when that is safe (GET or HEAD, or the connection was refused); a write that lost its connection after sending is not sent again',
        duration_s: Math.round(endAt / 100) / 10,
        requests: samples.length,
      },
      machine: machine(),
      recorded_at: new Date().toISOString(),
      timeline: timeline.events,
      injected_at_s: Math.round(timeline.injectedAt / 100) / 10,
      cleared_at_s: Math.round(timeline.clearedAt / 100) / 10,
      writes: ledger.counts(),
      acknowledged_writes_lost: audit.lost.length,
      writes_applied_twice: audit.duplicated.length,
      lost: audit.lost.slice(0, 20),
      duplicated: audit.duplicated.slice(0, 20),
      projections_caught_up_after_ms: settleMs,
      read_models_equal_rebuild: rebuild.equal,
      rebuild,
      client_errors: {
        before_fault: errorsBetween(samples, 0, timeline.injectedAt),
        during_fault: {
          until_s: Math.round(duringUntil / 100) / 10,
          ...errorsBetween(samples, timeline.injectedAt, duringUntil),
        },
        after: errorsBetween(samples, duringUntil, endAt),
        whole_run: overall,
      },
      p99: {
        budget_ms: P99_BUDGET_MS,
        window_ms: WINDOW_MS,
        window_min_requests: WINDOW_MIN_REQUESTS,
        step_ms: STEP_MS,
        // Of the answered requests: the failures before the fault are in client_errors.before_fault.
        before_fault_ms: Math.round(
          nearestRank(
            samples
              .filter((s) => s.ok && s.at < timeline.injectedAt)
              .map((s) => s.ms)
              .sort((a, b) => a - b),
            99,
          ),
        ),
        recovery_ms: recovery,
        recovery_ms_of_2s_windows_however_few: recoveryOfShortWindows,
        back_within_10s: recovery !== null && recovery <= RECOVERY_BUDGET_MS,
      },
      latency_by_kind: {
        before_fault: latencyByKind(samples, 0, timeline.injectedAt),
        during_fault: latencyByKind(samples, timeline.injectedAt, duringUntil),
        after: latencyByKind(samples, duringUntil, endAt),
      },
      per_second: perSecond(samples, endAt),
    };
    const file = writeResults(options.mix === 'writes' ? `faults-${fault}` : `faults-${fault}-${options.mix}`, result);
    say(
      `${fault}: writes ${JSON.stringify(ledger.counts())}; lost ${audit.lost.length}, twice ${audit.duplicated.length}; read models ${rebuild.equal ? 'equal' : 'DIFFER from'} a rebuild; errors during the fault ${result.client_errors.during_fault.errors}/${result.client_errors.during_fault.requests}; p99 back under ${P99_BUDGET_MS} ms after ${recovery ?? 'never'} ms\n${file}`,
    );
    return audit.lost.length === 0 && audit.duplicated.length === 0 && rebuild.equal && result.p99.back_within_10s;
  } finally {
    await client.close();
    await session.close();
  }
}

if (process.argv.includes('--help') || process.argv.includes('-h')) {
  process.stdout.write(USAGE);
  process.exit(0);
}
const { values, positionals } = (() => {
  try {
    return parseArgs({
      args: process.argv.slice(2),
      options: {
        users: { type: 'string' },
        before: { type: 'string' },
        after: { type: 'string' },
        mix: { type: 'string', default: 'writes' },
      },
      allowPositionals: true,
    });
  } catch (error) {
    process.stderr.write(`${(error as Error).message}\n${USAGE}`);
    process.exit(2);
  }
})();
const [name] = positionals;
const faults = name === 'all' ? (Object.keys(FAULTS) as Fault[]) : name && name in FAULTS ? [name as Fault] : [];
const numbers = {
  users: Number(values.users ?? 50),
  before: Number(values.before ?? 20),
  after: Number(values.after ?? 30),
};
const mix = values.mix as Mix;
if (
  !(mix in MIXES) ||
  faults.length === 0 ||
  positionals.length !== 1 ||
  !Object.values(numbers).every((n) => Number.isFinite(n) && n > 0)
) {
  process.stderr.write(USAGE);
  process.exit(2);
}
const infra = new OwnInfra({ dir: `${RUN_ROOT}/infra`, kafkaPort: 19_092, opensearchPort: 19_200 });
let allMet = true;
try {
  for (const fault of faults) allMet = (await runFault(fault, infra, { ...numbers, mix })) && allMet;
} finally {
  say("stopping the run's own Kafka and OpenSearch");
  infra.down();
}
process.exit(allMet ? 0 : 1);
