/**
 * The scaled-out topology run on one machine without containers (docs/adr/0076-cluster-command.md): the
 * embedded PostgreSQL with a database per service, Kafka and OpenSearch from infra/ (used as found when
 * already up), each service replica and each gateway a child process with its log under the run directory.
 * Scriptable: the fault scripts start a cluster, kill or stop one process, start it again, list the
 * processes and wait until they are healthy. The processes run the built server (each `dist/main.js`): the
 * caller builds it first when stale (`npm run agora` does; a script calls `ensureRuntimeBuild`).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { closeSync, mkdirSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { SERVICE_NAMES } from '@agora/gateway/routing-table';
import { connectionBudget } from '@agora/platform';
import { ensureDatabase } from '../embedded';
import { type EmbeddedDatabase, startEmbeddedPostgres } from '../embedded-postgres';
import { REPO } from '../repository';
import { type InfraAddresses, infraUp, startInfra, stopInfra } from './infra';
import { type ClusterState, stateFileOf } from './state';
import { type ProcessHealth, processHealth } from './status';
import { databaseOf, type ProcessSpec, planTopology, type Role } from './topology';

/** Kafka and OpenSearch where infra/up.sh puts them, unless the environment names others. */
export const DEFAULT_INFRA: InfraAddresses = {
  kafkaBrokers: (process.env.KAFKA_BROKERS || '127.0.0.1:9092').split(','),
  opensearchUrl: process.env.OPENSEARCH_URL || 'http://127.0.0.1:9200',
};

/** Connections per service process's query pool when the configuration names none: a small machine's. */
export const CLUSTER_DB_CONNECTIONS = 4;

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
  say?: (line: string) => void;
}

export interface ClusterProcess extends ProcessSpec {
  pid: number | null;
  running: boolean;
  log: string;
}

interface Child {
  spec: ProcessSpec;
  child: ChildProcess | null;
  exited: Promise<void>;
}

/** The settings every process of the topology shares (a service's database is its own). */
function sharedEnv(options: ClusterOptions, infra: InfraAddresses | null): Record<string, string> {
  const keep = ['PATH', 'HOME', 'LANG', 'TMPDIR', 'TZ'];
  const base = Object.fromEntries(keep.flatMap((k) => (process.env[k] ? [[k, process.env[k] as string]] : [])));
  return {
    ...base,
    AGORA_HOST: '127.0.0.1',
    AGORA_SITE_URL: `http://localhost:${options.gatewayPort}`,
    AGORA_DATA_DIR: path.join(options.runDir, 'data'),
    LOG_LEVEL: options.logLevel ?? 'info',
    AGORA_DB_CONNECTIONS: String(options.dbConnections ?? CLUSTER_DB_CONNECTIONS),
    ...(options.dbPools && Object.keys(options.dbPools).length > 0
      ? {
          AGORA_DB_POOLS: Object.entries(options.dbPools)
            .map(([k, v]) => `${k}=${v}`)
            .join(','),
        }
      : {}),
    ...(infra
      ? {
          AGORA_BUS: 'kafka',
          KAFKA_BROKERS: infra.kafkaBrokers.join(','),
          AGORA_KAFKA_PREFIX: options.kafkaPrefix ?? 'agora',
          AGORA_SEARCH: 'opensearch',
          OPENSEARCH_URL: infra.opensearchUrl,
        }
      : { AGORA_BUS: 'postgres', AGORA_SEARCH: 'postgres' }),
    ...options.env,
  };
}

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
  private stopping = false;

  private constructor(
    readonly options: ClusterOptions,
    readonly specs: ProcessSpec[],
    private readonly database: EmbeddedDatabase,
    private readonly env: Record<string, string>,
    /** Kafka and OpenSearch were started by this cluster: it stops them too. */
    readonly startedInfra: boolean,
    readonly infra: InfraAddresses | null,
  ) {}

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
    const budget = Cluster.budgetOf(options);
    say('starting PostgreSQL (embedded), a database per service');
    const database = await startEmbeddedPostgres({
      dataDir: path.join(options.runDir, 'postgres'),
      settings: { max_connections: String(budget.most + 20) },
      report: (level, message) => say(`postgres ${level}: ${message}`),
    }).catch((error) => {
      if (startedInfra) stopInfra();
      throw error;
    });
    const cluster = new Cluster(options, specs, database, sharedEnv(options, infra), startedInfra, infra);
    try {
      for (const service of SERVICE_NAMES) await ensureDatabase(database.adminUrl, databaseOf(service));
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

  /** Every process of the topology, running or not. */
  processes(): ClusterProcess[] {
    return this.specs.map((spec) => {
      const child = this.children.get(spec.name)?.child ?? null;
      const running = child !== null && child.exitCode === null && child.signalCode === null;
      return { ...spec, pid: running ? (child?.pid ?? null) : null, running, log: this.logOf(spec.name) };
    });
  }

  /** Starts a process of the topology (again, after it was killed or stopped); its log is appended to. */
  startProcess(name: string): void {
    const spec = this.spec(name);
    const known = this.children.get(name)?.child;
    if (known && known.exitCode === null && known.signalCode === null) throw new Error(`${name} is already running`);
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
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    this.children.set(name, { spec, child, exited });
  }

  /** Sends a signal to a process (SIGKILL by default: a crash) and waits until it is gone. */
  async kill(name: string, signal: NodeJS.Signals = 'SIGKILL'): Promise<void> {
    const entry = this.children.get(name);
    if (!entry?.child || entry.child.exitCode !== null || entry.child.signalCode !== null) return;
    entry.child.kill(signal);
    await entry.exited;
  }

  /** Stops a process cleanly (SIGTERM), killing it if it has not ended within `graceMs`. */
  async stopProcess(name: string, graceMs = 15_000): Promise<void> {
    const entry = this.children.get(name);
    if (!entry?.child || entry.child.exitCode !== null || entry.child.signalCode !== null) return;
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

  /** Waits until each named process (default: all) answers ready; fails naming those that do not. */
  async waitHealthy(names: string[] = this.specs.map((s) => s.name), timeoutMs = 60_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const health = await this.health(names);
      const dead = health.filter((h) => h.pid === null);
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
      gatewayUrls: this.gatewayUrls,
      budget: Cluster.budgetOf(this.options),
      processes: this.processes().map(({ name, role, port, operatorPort, pid, log }) => ({
        name,
        role,
        port,
        operatorPort,
        pid,
        log,
      })),
    };
  }

  writeState(supervisorPid: number, ready: boolean): void {
    writeFileSync(stateFileOf(this.options.runDir), `${JSON.stringify(this.state(supervisorPid, ready), null, 2)}\n`);
  }

  /** Stops the gateways, then the services, then PostgreSQL, then Kafka and OpenSearch if it started them. */
  async stop(): Promise<void> {
    if (this.stopping) return;
    this.stopping = true;
    const gateways = this.specs.filter((s) => s.role === 'gateway').map((s) => s.name);
    await Promise.all(gateways.map((name) => this.stopProcess(name)));
    const services = this.specs.filter((s) => s.role !== 'gateway').map((s) => s.name);
    await Promise.all(services.map((name) => this.stopProcess(name)));
    await this.database.stop();
    if (this.startedInfra) stopInfra();
    rmSync(stateFileOf(this.options.runDir), { force: true });
  }
}
