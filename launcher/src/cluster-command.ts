/**
 * `npm run agora -- cluster up|status|down` (docs/adr/0076-cluster-command.md): the scaled-out topology on one
 * machine. `up` starts a supervisor in the background (`cluster run`, which `up --foreground` runs in this
 * terminal) and returns once every process is healthy; the supervisor starts again what ends on its own
 * (docs/adr/0091-cluster-supervisor-restarts.md). `status` asks each process and shows its restarts; `down` stops
 * them all.
 */
import { spawn } from 'node:child_process';
import { mkdirSync, openSync } from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { type AgoraConfig, onShutdown } from '@agora/platform';
import type { Logger } from 'pino';
import { RESTART_BACKOFF } from './cluster/backoff';
import { Cluster, type ClusterOptions } from './cluster/cluster';
import { alive, readState } from './cluster/state';
import { formatStatus, infraHealth, processHealth, type StatusLine } from './cluster/status';
import { parseReplicas, type Role, TopologyError } from './cluster/topology';
import { Exit, refuseUsage } from './command-line';

export interface ClusterArgs {
  action: 'up' | 'run' | 'status' | 'down';
  runDir: string;
  replicas: Record<Role, number>;
  gatewayPort: number;
  servicePort: number;
  bus: 'kafka' | 'postgres';
  foreground: boolean;
}

const USAGE = `Usage: npm run agora -- cluster up [--replicas posts=2,votes=2,gateway=2] [--port 9080] [--service-port 9180]
                                      [--bus kafka|postgres] [--run-dir <dir>] [--foreground]
       npm run agora -- cluster status [--run-dir <dir>]
       npm run agora -- cluster down [--run-dir <dir>]
  up       starts the scaled-out topology on this machine and returns once every process is healthy
  status   each process's health and restarts (exit 1 when one is not ready, 3 when no cluster runs)
  down     stops them all`;

function port(flag: string, value: string | undefined): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1 || n > 65535) throw new TopologyError(`${flag} must be a port, got "${value}"`);
  return n;
}

/** The command line, or a TopologyError naming what is wrong. */
export function parseClusterArgs(args: string[], config: Pick<AgoraConfig, 'dataDir' | 'port'>): ClusterArgs {
  const [action, ...rest] = args;
  if (action !== 'up' && action !== 'run' && action !== 'status' && action !== 'down') {
    throw new TopologyError(USAGE);
  }
  const parsed: ClusterArgs = {
    action,
    runDir: path.join(config.dataDir, 'cluster'),
    replicas: parseReplicas(undefined),
    gatewayPort: config.port,
    servicePort: config.port + 100,
    bus: 'kafka',
    foreground: false,
  };
  for (let i = 0; i < rest.length; i++) {
    const flag = rest[i] as string;
    const value = (): string => {
      const next = rest[++i];
      if (next === undefined) throw new TopologyError(`${flag} needs a value`);
      return next;
    };
    const [name, inline] = flag.includes('=') && flag.startsWith('--') ? flag.split(/=(.*)/s, 2) : [flag, undefined];
    const take = () => inline ?? value();
    switch (name) {
      case '--replicas':
        parsed.replicas = parseReplicas(take());
        break;
      case '--port':
        parsed.gatewayPort = port('--port', take());
        break;
      case '--service-port':
        parsed.servicePort = port('--service-port', take());
        break;
      case '--run-dir':
        parsed.runDir = path.resolve(take());
        break;
      case '--bus': {
        const bus = take();
        if (bus !== 'kafka' && bus !== 'postgres') throw new TopologyError(`--bus is kafka or postgres, got "${bus}"`);
        parsed.bus = bus;
        break;
      }
      case '--foreground':
        parsed.foreground = true;
        break;
      default:
        throw new TopologyError(`Unknown option ${flag}`);
    }
  }
  return parsed;
}

function optionsOf(args: ClusterArgs, config: AgoraConfig, log: Logger): ClusterOptions {
  return {
    runDir: args.runDir,
    replicas: args.replicas,
    gatewayPort: args.gatewayPort,
    servicePort: args.servicePort,
    bus: args.bus,
    kafkaPrefix: config.kafkaPrefix,
    dbConnections: config.dbConnections,
    dbPools: config.dbPools,
    logLevel: config.logLevel,
    restart: RESTART_BACKOFF,
    say: (line) => log.info(line),
    warn: (line) => log.warn(line),
  };
}

function budgetLine(budget: { processes: number; held: number; most: number }): string {
  return (
    `PostgreSQL connections: ${budget.held} held at rest by ${budget.processes} service processes, ` +
    `${budget.most} at most under load (AGORA_DB_CONNECTIONS, AGORA_DB_POOLS)`
  );
}

/**
 * The supervisor: starts the cluster, keeps it (what ends on its own is started again) until SIGTERM or Ctrl-C,
 * then stops it all.
 */
async function run(args: ClusterArgs, config: AgoraConfig, log: Logger): Promise<number> {
  const existing = readState(args.runDir);
  if (existing && alive(existing.supervisorPid)) {
    log.error(`A cluster already runs from ${args.runDir} (supervisor ${existing.supervisorPid}): cluster down first`);
    return 1;
  }
  let cluster: Cluster | null = null;
  let stop: () => void = () => {};
  const stopped = new Promise<void>((resolve) => {
    stop = resolve;
  });
  onShutdown(async () => {
    await cluster?.stop();
    stop();
  }, log);
  try {
    cluster = await Cluster.start(optionsOf(args, config, log));
  } catch (error) {
    log.fatal(`The cluster could not start: ${(error as Error).message}`);
    return 1;
  }
  const running = cluster;
  // Every start, exit and planned restart is in the state file at once: `cluster status` shows the restarts.
  running.onChange(() => running.writeState(process.pid, true));
  running.writeState(process.pid, true);
  log.info(budgetLine(Cluster.budgetOf(running.options)));
  log.info(`Agora (scaled out) at ${running.gatewayUrls.join(', ')}; logs in ${path.join(args.runDir, 'logs')}`);
  await stopped;
  return 0;
}

async function up(args: ClusterArgs, log: Logger): Promise<number> {
  const existing = readState(args.runDir);
  if (existing && alive(existing.supervisorPid)) {
    log.error(`A cluster already runs from ${args.runDir} (supervisor ${existing.supervisorPid})`);
    return 1;
  }
  mkdirSync(args.runDir, { recursive: true });
  const out = openSync(path.join(args.runDir, 'cluster.log'), 'a');
  const launcher = path.resolve(import.meta.dirname, '../agora.mjs');
  const forwarded = process.argv.slice(process.argv.indexOf('up') + 1).filter((a) => a !== '--foreground');
  const supervisor = spawn(process.execPath, [launcher, 'cluster', 'run', ...forwarded, '--run-dir', args.runDir], {
    detached: true,
    stdio: ['ignore', out, out],
    env: process.env,
  });
  supervisor.unref();
  log.info(`cluster supervisor ${supervisor.pid} starting; its log: ${path.join(args.runDir, 'cluster.log')}`);
  for (;;) {
    await sleep(500);
    const state = readState(args.runDir);
    if (state?.ready && state.supervisorPid === supervisor.pid) {
      process.stdout.write(`${formatStatus(await healthOf(state))}\n${budgetLine(state.budget)}\n`);
      process.stdout.write(`Agora at ${state.gatewayUrls.join(', ')}. cluster down stops it.\n`);
      return 0;
    }
    if (!alive(supervisor.pid ?? null)) {
      log.error(`The cluster did not start: see ${path.join(args.runDir, 'cluster.log')}`);
      return 1;
    }
  }
}

/** Each process's health beside what the supervisor did to it; PostgreSQL, Kafka and OpenSearch when it keeps them. */
async function healthOf(state: NonNullable<ReturnType<typeof readState>>): Promise<StatusLine[]> {
  const [processes, infra] = await Promise.all([
    Promise.all(state.processes.map(async (p) => ({ ...(await processHealth(p, p.pid)), supervision: p.supervision }))),
    Promise.all((state.infra ?? []).map(async (p) => ({ ...(await infraHealth(p)), supervision: p.supervision }))),
  ]);
  return [...infra, ...processes];
}

async function status(args: ClusterArgs): Promise<number> {
  const state = readState(args.runDir);
  if (!state || !alive(state.supervisorPid)) {
    process.stdout.write(`No cluster runs from ${args.runDir}\n`);
    return 3;
  }
  const health = await healthOf(state);
  process.stdout.write(`${formatStatus(health)}\n${budgetLine(state.budget)}\n`);
  return health.every((h) => h.ready) ? 0 : 1;
}

async function down(args: ClusterArgs, log: Logger): Promise<number> {
  const state = readState(args.runDir);
  if (!state) {
    log.info(`No cluster runs from ${args.runDir}`);
    return 0;
  }
  if (alive(state.supervisorPid)) {
    process.kill(state.supervisorPid, 'SIGTERM');
    const deadline = Date.now() + 60_000;
    while (alive(state.supervisorPid) && Date.now() < deadline) await sleep(250);
  }
  // A supervisor killed outright leaves its processes: they are stopped by their ids.
  for (const p of state.processes) if (alive(p.pid) && p.pid !== null) process.kill(p.pid, 'SIGTERM');
  log.info('cluster stopped');
  return 0;
}

export async function clusterCommand(config: AgoraConfig, log: Logger, argv: string[]): Promise<number> {
  if (argv.includes('--help') || argv.includes('-h')) {
    process.stdout.write(`${USAGE}\n`);
    return Exit.ok;
  }
  let args: ClusterArgs;
  try {
    args = parseClusterArgs(argv, config);
  } catch (error) {
    if (!(error instanceof TopologyError)) throw error;
    return refuseUsage(USAGE, error.message === USAGE ? undefined : error.message);
  }
  switch (args.action) {
    case 'up':
      return args.foreground ? run(args, config, log) : up(args, log);
    case 'run':
      return run(args, config, log);
    case 'status':
      return status(args);
    case 'down':
      return down(args, log);
  }
}
