/**
 * The cluster's embedded PostgreSQL (docs/adr/0076-cluster-command.md), on a port fixed at its first start so
 * that it can be started again where every process looks for it. With the supervisor's restarts on, the
 * embedded server does not restart itself (docs/adr/0043-embedded-database.md): its death is reported and the
 * supervisor starts it again at the pace it keeps for every process (docs/adr/0091-cluster-supervisor-restarts.md).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { type EmbeddedDatabase, freePort, startEmbeddedPostgres } from '../embedded-postgres';
import { alive } from './state';

/** Its name among the processes the supervisor keeps. */
export const DATABASE_PROCESS = 'postgres';

export interface ClusterDatabaseOptions {
  runDir: string;
  maxConnections: number;
  say: (line: string) => void;
  /** The server died (PostgreSQL's report says how): the supervisor starts it again. Absent: it restarts itself. */
  onGone?: () => void;
}

export class ClusterDatabase {
  private server: EmbeddedDatabase | null = null;
  private port: number | null = null;

  constructor(private readonly options: ClusterDatabaseOptions) {}

  get dataDir(): string {
    return path.join(this.options.runDir, 'postgres');
  }

  /** Starts the server: the first time on a free port, after that on the same one. */
  async start(): Promise<void> {
    this.port ??= await freePort();
    const { onGone, say } = this.options;
    this.server = await startEmbeddedPostgres({
      dataDir: this.dataDir,
      port: this.port,
      settings: { max_connections: String(this.options.maxConnections) },
      report: (level, message) => say(`postgres ${level}: ${message}`),
      ...(onGone ? { restartDelaysMs: [], onGone } : {}),
    });
  }

  private get running(): EmbeddedDatabase {
    if (!this.server) throw new Error('The cluster has not started PostgreSQL');
    return this.server;
  }

  /** `127.0.0.1:port`, once started. */
  get address(): string {
    return `127.0.0.1:${this.port ?? '-'}`;
  }

  get adminUrl(): string {
    return this.running.adminUrl;
  }

  urlFor(database: string): string {
    return this.running.urlFor(database);
  }

  /** The postmaster's pid, from its pid file (null when it is not running). */
  pid(): number | null {
    try {
      const pid = Number(readFileSync(path.join(this.dataDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
      return Number.isInteger(pid) && pid > 0 && alive(pid) ? pid : null;
    } catch {
      return null;
    }
  }

  async stop(): Promise<void> {
    await this.server?.stop();
  }
}
