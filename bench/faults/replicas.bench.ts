/**
 * npm run bench:replicas [-- --connections N --seconds S --users U --mixed-seconds S]
 *
 * Throughput with replicas (docs/adr/0079-faults-under-load.md, docs/capacity.md): the browsing scenario's reads
 * as a closed loop (no think time, `--connections` at once) against 1 and 2 gateways and 1 and 2 posts replicas
 * of one cluster with 2 replicas of every other service (the second posts replica stopped, or started and back in the gateways' rotation), with the CPU
 * time each process used during each run from /proc. Then issue 24's budget: the mixed day-in-the-life scenario at
 * `--users` virtual users with its think time on 2 gateways and 2 replicas of every service. Writes
 * bench/results/replicas.json.
 */
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { SERVICE_NAMES } from '@agora/gateway/routing-table';
import { SCENARIOS } from '../../infra/k6/lib/scenarios.js';
import { parseReplicas } from '../../launcher/src/cluster/topology';
import { machine, summarize, writeResults } from '../support';
import { GatewayClient } from './client';
import { allProcesses, type CpuSnapshot, cpuSecondsBetween, snapshotCpu } from './cpu';
import { OwnInfra } from './own-infra';
import { runScenario } from './scenario-run';
import { prepareSite, RUN_ROOT, runDirOf, type Session, startSession } from './session';
import { errorsBetween } from './timeline';

/** Each kind of request of a run: how many, and its latencies (the successful ones), slowest p99 first. */
function perKind(samples: { kind: string; ms: number; ok: boolean }[]) {
  const kinds = [...new Set(samples.map((s) => s.kind))];
  return kinds
    .map((kind) => {
      const own = samples.filter((s) => s.kind === kind);
      const { p50_ms, p99_ms, max_ms } = summarize(own.filter((s) => s.ok).map((s) => s.ms));
      return { kind, requests: own.length, p50_ms, p99_ms, max_ms };
    })
    .sort((a, b) => (b.p99_ms ?? 0) - (a.p99_ms ?? 0));
}

const { values } = parseArgs({
  args: process.argv.slice(2),
  options: {
    connections: { type: 'string' },
    seconds: { type: 'string' },
    users: { type: 'string' },
    'mixed-seconds': { type: 'string' },
  },
});
const CONNECTIONS = Number(values.connections ?? 16);
const SECONDS = Number(values.seconds ?? 30);
const USERS = Number(values.users ?? 50);
const MIXED_SECONDS = Number(values['mixed-seconds'] ?? 60);
const WARM_UP_SECONDS = 5;
/** This process: its own time only, since the cluster's processes are its children. */
const LOAD_CLIENT = 'load client';

const NOTE =
  'Measured on a 2-core machine shared with other engineers running their own tests and benchmarks at the same time. Every process of the topology, PostgreSQL, Kafka, OpenSearch and the load client share those two cores: a second replica adds no CPU here, it only spreads the same two cores over more processes, so these figures show the cost of replication on one machine, not the gain it gives on several. The lead re-runs the quiet figures.';

const say = (line: string) => process.stdout.write(`[replicas] ${line}\n`);

/** The process groups whose CPU time is read: each Agora process, PostgreSQL, Kafka, OpenSearch, this client. */
function groupsOf(session: Session, infra: OwnInfra): Record<string, number[]> {
  const groups: Record<string, number[]> = {};
  for (const p of session.cluster.processes()) if (p.pid !== null) groups[p.name] = [p.pid];
  const dataDir = `${session.cluster.options.runDir}/postgres`;
  const postmaster = allProcesses().find((p) => {
    try {
      return readFileSync(`/proc/${p.pid}/cmdline`, 'utf8').includes(dataDir);
    } catch {
      return false;
    }
  });
  if (postmaster) groups.postgres = [postmaster.pid];
  const kafka = infra.pidOf('kafka');
  const opensearch = infra.pidOf('opensearch');
  if (kafka) groups.kafka = [kafka];
  if (opensearch) groups.opensearch = [opensearch];
  groups[LOAD_CLIENT] = [process.pid];
  return groups;
}

function cpuReport(before: CpuSnapshot, after: CpuSnapshot, seconds: number) {
  const used = cpuSecondsBetween(before, after);
  const total = Object.values(used).reduce((a, b) => a + b, 0);
  const rows = Object.entries(used)
    .filter(([, s]) => s > 0)
    .sort((a, b) => b[1] - a[1])
    .map(([process, s]) => ({ process, cpu_s: s, share_of_2_cores: Math.round((s / seconds / 2) * 1000) / 1000 }));
  return {
    cpu_s_total: Math.round(total * 100) / 100,
    cores_busy: Math.round((total / seconds) * 100) / 100,
    per_process: rows,
  };
}

async function main(infra: OwnInfra) {
  const replicas = parseReplicas([...SERVICE_NAMES.map((s) => `${s}=2`), 'gateway=2'].join(','));
  const session = await startSession({
    runDir: runDirOf('replicas'),
    infra,
    replicas,
    gatewayPort: 18_300,
    servicePort: 18_320,
    say,
  });
  const { cluster } = session;
  try {
    say(`preparing the site (${USERS} members for the mixed run)`);
    const data = await prepareSite(session, SCENARIOS.day, USERS);
    const runs = [];
    for (const postsReplicas of [1, 2]) {
      if (postsReplicas === 1) await cluster.stopProcess('posts-2');
      else {
        cluster.startProcess('posts-2');
        await cluster.waitHealthy(['posts-2'], 180_000);
        // The gateways' readiness checks take it back into their rotation.
        await new Promise((resolve) => setTimeout(resolve, 5000));
      }
      for (const gateways of [1, 2]) {
        const client = new GatewayClient(cluster.gatewayUrls.slice(0, gateways), CONNECTIONS);
        try {
          await runScenario({
            client,
            scenario: SCENARIOS.browsing,
            data,
            users: CONNECTIONS,
            seconds: WARM_UP_SECONDS,
            think: { min: 0, max: 0 },
          });
          const before = snapshotCpu(groupsOf(session, infra), [LOAD_CLIENT]);
          const run = await runScenario({
            client,
            scenario: SCENARIOS.browsing,
            data,
            users: CONNECTIONS,
            seconds: SECONDS,
            think: { min: 0, max: 0 },
          });
          const after = snapshotCpu(groupsOf(session, infra), [LOAD_CLIENT]);
          const timing = summarize(run.samples.filter((s) => s.ok).map((s) => s.ms));
          const errors = errorsBetween(run.samples, 0, Number.POSITIVE_INFINITY);
          const figures = {
            gateways,
            posts_replicas: postsReplicas,
            requests: run.samples.length,
            rps: Math.round((run.samples.length / run.seconds) * 10) / 10,
            errors: errors.errors,
            p50_ms: timing.p50_ms,
            p95_ms: timing.p95_ms,
            p99_ms: timing.p99_ms,
            cpu: cpuReport(before, after, run.seconds),
            first_failures: run.failures,
          };
          say(
            `gateways ${gateways}, posts ${postsReplicas}: ${figures.rps}/s, p99 ${figures.p99_ms} ms, errors ${figures.errors}, cores busy ${figures.cpu.cores_busy}`,
          );
          runs.push(figures);
        } finally {
          await client.close();
        }
      }
    }

    say(`the mixed scenario at ${USERS} users for ${MIXED_SECONDS} s on 2 replicas of every service`);
    const client = new GatewayClient(cluster.gatewayUrls, Math.ceil(USERS / 2));
    let mixed: Record<string, unknown>;
    try {
      const before = snapshotCpu(groupsOf(session, infra), [LOAD_CLIENT]);
      const run = await runScenario({
        client,
        scenario: SCENARIOS.day,
        data,
        users: USERS,
        seconds: MIXED_SECONDS,
        think: SCENARIOS.day.thinkSeconds,
      });
      const after = snapshotCpu(groupsOf(session, infra), [LOAD_CLIENT]);
      const timing = summarize(run.samples.filter((s) => s.ok).map((s) => s.ms));
      const errors = errorsBetween(run.samples, 0, Number.POSITIVE_INFINITY);
      const budget = SCENARIOS.day.thresholds;
      mixed = {
        scenario: 'day',
        users: USERS,
        seconds: Math.round(run.seconds),
        requests: run.samples.length,
        rps: Math.round((run.samples.length / run.seconds) * 10) / 10,
        error_rate: errors.error_rate,
        p95_ms: timing.p95_ms,
        p99_ms: timing.p99_ms,
        budget: { error_rate_below: budget.errorRate, p99_ms_at_most: budget.p99Ms },
        met: errors.error_rate < budget.errorRate && timing.p99_ms <= budget.p99Ms,
        cpu: cpuReport(before, after, run.seconds),
        // Where the tail is: each kind of request's share and latencies, slowest p99 first.
        per_kind: perKind(run.samples),
        // When the tail happened: slow requests sent within the same moment are one stall, not slow kinds.
        slowest: [...run.samples]
          .filter((s) => s.ok)
          .sort((a, b) => b.ms - a.ms)
          .slice(0, 20)
          .map((s) => ({ at_s: Math.round(s.at / 100) / 10, ms: Math.round(s.ms), kind: s.kind })),
        first_failures: run.failures,
      };
      say(
        `mixed: ${JSON.stringify({ rps: mixed.rps, error_rate: mixed.error_rate, p99_ms: mixed.p99_ms, met: mixed.met })}`,
      );
    } finally {
      await client.close();
    }
    const file = writeResults('replicas', {
      note: NOTE,
      command: `npm run bench:replicas -- --connections ${CONNECTIONS} --seconds ${SECONDS} --users ${USERS} --mixed-seconds ${MIXED_SECONDS}`,
      machine: machine(),
      recorded_at: new Date().toISOString(),
      topology:
        'one cluster on its own Kafka and OpenSearch: 2 replicas of every service, 2 gateways; a read run with 1 posts replica has posts-2 stopped (the gateways take it out), a run with 1 gateway sends to gateway-1 only',
      reads: {
        scenario: 'browsing (anonymous reads: lists, sorts, pages, question pages, tags, search)',
        closed_loop: { connections: CONNECTIONS, seconds: SECONDS, warm_up_seconds: WARM_UP_SECONDS, think_s: 0 },
        runs,
      },
      mixed,
    });
    say(file);
  } finally {
    await session.close();
  }
}

const infra = new OwnInfra({ dir: `${RUN_ROOT}/infra`, kafkaPort: 19_092, opensearchPort: 19_200 });
try {
  await main(infra);
} finally {
  say("stopping the run's own Kafka and OpenSearch");
  infra.down();
}
