/**
 * The scaled-out topology run on one machine without containers (docs/adr/0076-cluster-command.md): the
 * embedded PostgreSQL with a database per service, Kafka and OpenSearch from infra/ (used as found when
 * already up), each service replica and each gateway a child process with its log under the run directory.
 * With `restart`, what it started and ends on its own is started again after a pause that grows while it keeps
 * failing (docs/adr/0091-cluster-supervisor-restarts.md); `cluster up` runs it so.
 * Scriptable: the fault scripts start a cluster, kill or stop one process, start it again, list the
 * processes and wait until they are healthy. The processes run the built server (each `dist/main.js`): the
 * caller builds it first when stale (`npm run agora` does; a script calls `ensureRuntimeBuild`).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { closeSync, mkdirSync, openSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { SERVICE_NAMES } from '@agora/gateway/routing-table';
import { connectionBudget } from '@agora/platform';
import { ensureDatabase } from '../embedded';
import { REPO } from '../repository';
import { type BackoffPolicy, RESTART_BACKOFF } from './backoff';
import { ClusterDatabase, DATABASE_PROCESS } from './database';
import { CLUSTER_DB_CONNECTIONS, sharedEnv } from './environment';
import { type InfraAddresses, infraUp, startInfra, stopInfra } from './infra';
import { InfraWatch, isInfraPart } from './infra-watch';
import type { RestartRecord } from './restart-record';
import { Restarts } from './restarts';
import { type ClusterState, type InfraState, stateFileOf, writeState } from './state';
import { type ProcessHealth, processHealth } from './status';
import { databaseOf, type ProcessSpec, planTopology, type Role } from './topology';

/** Kafka and OpenSearch where infra/up.sh puts them, unless the environment names others. */
export const DEFAULT_INFRA: InfraAddresses = {
  kafkaBrokers: (process.env.KAFKA_BROKERS || '127.0.0.1:9092').split(','),
  opensearchUrl: process.env.OPENSEARCH_URL || 'http://127.0.0.1:9200',
};

/** Connections the embedded server keeps beyond the topology's most (operator commands, psql). */
const SPARE_CONNECTIONS = 20;

export interface ClusterOptions {
  runDir: string;
  replicas: Record<Role, number>;
  gatewayPort: number;
  servicePort: number;
  /** `kafka` (default): Kafka and OpenSearch, used if up, else started from infra/; `postgres`: neither. */
  bus?: 'kafka' | 'postgres';
  infra?: InfraAddresses;
  /** Kafka topic and group prefix (tests use a fresh one). */
  kafkaPrefix?: string;
  dbConnections?: number;
  dbPools?: Record<string, number>;
  logLevel?: string;
  /** More settings for every process. */
  env?: Record<string, string>;
  /**
   * Once the cluster is up, start again what it started and ends on its own, after this policy's pauses
   * (`cluster up`: RESTART_BACKOFF). Absent: a process that ends stays down until started again (fault scripts).
   */
  restart?: BackoffPolicy;
  say?: (line: string) => void;
  /** Where crashes and restarts are told (default: `say`). */
  warn?: (line: string) => void;
}

export interface ClusterProcess extends ProcessSpec {
  pid: number | null;
  running: boolean;
  log: string;
  /** What the supervisor knows of it: state, restarts, last exit, last start. */
  supervision: RestartRecord;
}

interface Child {
  child: ChildProcess;
  exited: Promise<void>;
}

const isRunning = (child: ChildProcess | undefined): child is ChildProcess =>
  child !== undefined && child.exitCode === null && child.signalCode === null;

/** The last lines of a log (why a process ended). */
function tailOf(file: string, lines: number): string {
  try {
    return readFileSync(file, 'utf8').trimEnd().split('\n').slice(-lines).join('\n');
  } catch {
    return '(no log)';
  }
}

export class Cluster {
  private readonly children = new Map<string, Child>();
  private readonly restarts: Restarts;
  private readonly database: ClusterDatabase;
  /** Kafka and OpenSearch, watched when this cluster started them. */
  private readonly infraWatch: InfraWatch | null;
  private listener: (() => void) | null = null;
  private stopped: Promise<void> | null = null;

  private constructor(
    readonly options: ClusterOptions,
    readonly specs: ProcessSpec[],
    private readonly env: Record<string, string>,
    /** Kafka and OpenSearch were started by this cluster: it restarts and stops them too. */
    readonly startedInfra: boolean,
    readonly infra: InfraAddresses | null,
  ) {
    const say = options.say ?? (() => {});
    this.restarts = new Restarts({
      policy: options.restart ?? RESTART_BACKOFF,
      enabled: options.restart !== undefined,
      launch: (name, signal) => this.launch(name, signal),
      changed: () => this.listener?.(),
      warn: options.warn ?? say,
      say,
    });
    this.database = new ClusterDatabase({
      runDir: options.runDir,
      maxConnections: Cluster.budgetOf(options).most + SPARE_CONNECTIONS,
      say,
      ...(options.restart ? { onGone: () => this.restarts.exited(DATABASE_PROCESS, null, null, 'died') } : {}),
    });
    this.infraWatch = startedInfra
      ? new InfraWatch(this.restarts, path.join(options.runDir, 'logs', 'infra.log'))
      : null;
  }

  /** Starts the whole topology and returns once every process is healthy (or fails, leaving nothing running). */
  static async start(options: ClusterOptions, timeoutMs = 180_000): Promise<Cluster> {
    const say = options.say ?? (() => {});
    mkdirSync(path.join(options.runDir, 'logs'), { recursive: true });
    const specs = planTopology(options);
    let infra: InfraAddresses | null = null;
    let startedInfra = false;
    if ((options.bus ?? 'kafka') === 'kafka') {
      infra = options.infra ?? DEFAULT_INFRA;
      if (await infraUp(infra)) {
        say(`Kafka ${infra.kafkaBrokers.join(',')} and OpenSearch ${infra.opensearchUrl} are up: used as they are`);
      } else {
        say('Kafka and OpenSearch are not up: starting them (infra/up.sh)');
        infra = startInfra();
        startedInfra = true;
      }
    }
    const cluster = new Cluster(options, specs, sharedEnv(options, infra), startedInfra, infra);
    cluster.infraWatch?.start();
    say('starting PostgreSQL (embedded), a database per service');
    await cluster.database.start().catch(async (error) => {
      await cluster.stop();
      throw error;
    });
    cluster.restarts.started(DATABASE_PROCESS);
    try {
      for (const service of SERVICE_NAMES) await ensureDatabase(cluster.database.adminUrl, databaseOf(service));
      const services = specs.filter((s) => s.role !== 'gateway').map((s) => s.name);
      const gateways = specs.filter((s) => s.role === 'gateway').map((s) => s.name);
      // A service's first replica migrates its database; the others start once it is up.
      const firsts = services.filter((name) => name.endsWith('-1'));
      say(`starting ${firsts.length} services`);
      for (const name of firsts) cluster.startProcess(name);
      await cluster.waitHealthy(firsts, timeoutMs);
      const others = services.filter((name) => !firsts.includes(name));
      for (const name of others) cluster.startProcess(name);
      if (others.length) await cluster.waitHealthy(others, timeoutMs);
      say(`starting ${gateways.length} gateway(s)`);
      for (const name of gateways) cluster.startProcess(name);
      await cluster.waitHealthy(gateways, timeoutMs);
    } catch (error) {
      await cluster.stop();
      throw error;
    }
    // Up: from now on what ends on its own is started again (a process failing its first start failed `up`).
    cluster.restarts.arm();
    return cluster;
  }

  /** The PostgreSQL connections the topology may open (docs/adr/0075-connection-budget.md). */
  static budgetOf(options: Pick<ClusterOptions, 'replicas' | 'dbConnections' | 'dbPools'>) {
    const services = Object.fromEntries(SERVICE_NAMES.map((s) => [s, options.replicas[s]]));
    return connectionBudget(
      { dbPools: options.dbPools ?? {}, dbConnections: options.dbConnections ?? CLUSTER_DB_CONNECTIONS },
      services,
    );
  }

  /** The gateways' public addresses. */
  get gatewayUrls(): string[] {
    return this.specs.filter((s) => s.role === 'gateway').map((s) => `http://127.0.0.1:${s.port}`);
  }

  get databaseAdminUrl(): string {
    return this.database.adminUrl;
  }

  /** A service's database (for checks after a run). */
  databaseUrlOf(role: Role): string {
    if (role === 'gateway') throw new Error('The gateway has no database');
    return this.database.urlFor(databaseOf(role));
  }

  private spec(name: string): ProcessSpec {
    const spec = this.specs.find((s) => s.name === name);
    if (!spec) throw new Error(`No process ${name} (processes: ${this.specs.map((s) => s.name).join(', ')})`);
    return spec;
  }

  logOf(name: string): string {
    return path.join(this.options.runDir, 'logs', `${name}.log`);
  }

  /** Called after every change the supervisor sees (a start, an exit, a restart planned): the state file's writer. */
  onChange(listener: (() => void) | null): void {
    this.listener = listener;
  }

  /** Every process of the topology, running or not. */
  processes(): ClusterProcess[] {
    return this.specs.map((spec) => {
      const child = this.children.get(spec.name)?.child;
      const running = isRunning(child);
      return {
        ...spec,
        pid: running ? (child.pid ?? null) : null,
        running,
        log: this.logOf(spec.name),
        supervision: this.restarts.record(spec.name),
      };
    });
  }

  /** PostgreSQL, and Kafka and OpenSearch when this cluster started them: what else it keeps. */
  infraProcesses(): InfraState[] {
    const parts: InfraState[] = [
      {
        name: DATABASE_PROCESS,
        pid: this.database.pid(),
        address: this.database.address,
        supervision: this.restarts.record(DATABASE_PROCESS),
      },
    ];
    if (this.infraWatch && this.infra) {
      const pids = this.infraWatch.pids();
      const addresses = { kafka: this.infra.kafkaBrokers[0] ?? '', opensearch: this.infra.opensearchUrl };
      for (const [name, address] of Object.entries(addresses) as Array<[keyof typeof addresses, string]>) {
        parts.push({ name, pid: pids[name], address, supervision: this.restarts.record(name) });
      }
    }
    return parts;
  }

  /**
   * Starts a process of the topology (again, after it was killed or stopped); its log is appended to. A restart
   * the supervisor had planned for it is dropped.
   */
  startProcess(name: string): void {
    this.spawnChild(name);
    this.restarts.started(name);
  }

  private spawnChild(name: string): void {
    const spec = this.spec(name);
    if (isRunning(this.children.get(name)?.child)) throw new Error(`${name} is already running`);
    const logFd = openSync(this.logOf(name), 'a');
    const env = {
      ...this.env,
      ...(spec.role === 'gateway' ? {} : { DATABASE_URL: this.database.urlFor(databaseOf(spec.role)) }),
      ...spec.env,
    };
    const child = spawn(process.execPath, [path.join(REPO, spec.entry)], {
      cwd: REPO,
      env,
      stdio: ['ignore', logFd, logFd],
    });
    closeSync(logFd);
    const exited = new Promise<void>((resolve) => {
      child.once('exit', (code, signal) => {
        this.restarts.exited(name, code, signal);
        resolve();
      });
      // A process that could not be spawned at all (no exit follows).
      child.once('error', (error) => {
        if (child.pid !== undefined) return;
        this.restarts.exited(name, null, null, `spawn failed: ${error.message}`);
        resolve();
      });
    });
    this.children.set(name, { child, exited });
  }

  /** The supervisor starts a process again (`Restarts`' launch). */
  private async launch(name: string, signal: AbortSignal): Promise<void> {
    if (name === DATABASE_PROCESS) return this.database.start();
    if (isInfraPart(name)) return this.infraWatch?.launch(name, signal);
    this.spawnChild(name);
  }

  /**
   * Sends a signal to a process (SIGKILL by default: a crash) and waits until it is gone. With `restart`, the
   * supervisor starts it again as it would after any crash.
   */
  async kill(name: string, signal: NodeJS.Signals = 'SIGKILL'): Promise<void> {
    const entry = this.children.get(name);
    if (!entry || !isRunning(entry.child)) return;
    entry.child.kill(signal);
    await entry.exited;
  }

  /** Stops a process cleanly (SIGTERM), killing it if it has not ended within `graceMs`; not started again. */
  async stopProcess(name: string, graceMs = 15_000): Promise<void> {
    this.restarts.hold(name);
    const entry = this.children.get(name);
    if (!entry || !isRunning(entry.child)) return;
    entry.child.kill('SIGTERM');
    const ended = await Promise.race([entry.exited.then(() => true), sleep(graceMs).then(() => false)]);
    if (!ended) await this.kill(name);
  }

  /** Each process's health now: running, ready, its projections' lag. */
  health(names: string[] = this.specs.map((s) => s.name)): Promise<ProcessHealth[]> {
    return Promise.all(
      names.map((name) => processHealth(this.spec(name), this.processes().find((p) => p.name === name)?.pid ?? null)),
    );
  }

  /**
   * Waits until each named process (default: all) answers ready; fails naming those that do not, or that ended
   * with no restart coming.
   */
  async waitHealthy(names: string[] = this.specs.map((s) => s.name), timeoutMs = 60_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const health = await this.health(names);
      const dead = health.filter((h) => h.pid === null && !this.restarts.pending(h.name));
      if (dead.length) {
        const tails = dead.map((h) => `--- ${this.logOf(h.name)} ends:\n${tailOf(this.logOf(h.name), 15)}`);
        throw new Error(`${dead.map((h) => h.name).join(', ')} ended\n${tails.join('\n')}`);
      }
      if (health.every((h) => h.ready)) return;
      if (Date.now() > deadline) {
        const waiting = health.filter((h) => !h.ready).map((h) => h.name);
        throw new Error(
          `${waiting.join(', ')} not ready within ${timeoutMs} ms; see their logs in ${this.options.runDir}/logs`,
        );
      }
      await sleep(250);
    }
  }

  /** What `cluster status` reads from another process. */
  state(supervisorPid: number, ready: boolean): ClusterState {
    return {
      supervisorPid,
      ready,
      runDir: this.options.runDir,
      startedInfra: this.startedInfra,
      restarts: this.options.restart !== undefined,
      gatewayUrls: this.gatewayUrls,
      budget: Cluster.budgetOf(this.options),
      processes: this.processes().map(({ name, role, port, operatorPort, pid, log, supervision }) => ({
        name,
        role,
        port,
        operatorPort,
        pid,
        log,
        supervision,
      })),
      infra: this.infraProcesses(),
    };
  }

  writeState(supervisorPid: number, ready: boolean): void {
    writeState(this.state(supervisorPid, ready));
  }

  /**
   * Stops the gateways, then the services, then PostgreSQL, then Kafka and OpenSearch if it started them. Restarts
   * end first: nothing is started again once the stop has begun. A second call waits for the first.
   */
  stop(): Promise<void> {
    this.stopped ??= this.stopAll();
    return this.stopped;
  }

  private async stopAll(): Promise<void> {
    await this.restarts.halt();
    this.infraWatch?.stop();
    const gateways = this.specs.filter((s) => s.role === 'gateway').map((s) => s.name);
    await Promise.all(gateways.map((name) => this.stopProcess(name)));
    const services = this.specs.filter((s) => s.role !== 'gateway').map((s) => s.name);
    await Promise.all(services.map((name) => this.stopProcess(name)));
    this.restarts.hold(DATABASE_PROCESS);
    await this.database.stop();
    if (this.startedInfra) stopInfra();
    this.listener = null;
    rmSync(stateFileOf(this.options.runDir), { force: true });
  }
}
