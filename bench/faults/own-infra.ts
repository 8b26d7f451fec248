/**
 * A Kafka broker and an OpenSearch node of the fault runs' own (infra/up.sh with other ports and another data
 * directory, reusing the downloaded artifacts), so that restarting or stopping them breaks nobody else's
 * tests on the shared ones. Each can be stopped and started again on its own.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { alive } from '../../launcher/src/cluster/state';
import { REPO } from '../../launcher/src/repository';

export interface OwnInfraOptions {
  /** Data, logs and pid files: never the shared instance's. */
  dir: string;
  kafkaPort: number;
  opensearchPort: number;
  /** What to start: both by default; `['kafka']` for a run that needs only its own broker. */
  parts?: InfraPart[];
}

export type InfraPart = 'kafka' | 'opensearch';

export class OwnInfra {
  constructor(readonly options: OwnInfraOptions) {}

  get kafkaBrokers(): string[] {
    return [`127.0.0.1:${this.options.kafkaPort}`];
  }

  get opensearchUrl(): string {
    return `http://127.0.0.1:${this.options.opensearchPort}`;
  }

  private env(): NodeJS.ProcessEnv {
    const { dir, kafkaPort, opensearchPort } = this.options;
    return {
      ...process.env,
      AGORA_INFRA_DIR: dir,
      // The artifacts infra/up.sh fetched for the shared instance, unless told otherwise.
      AGORA_INFRA_DIST: process.env.AGORA_INFRA_DIST ?? path.join(REPO, '.agora/infra/dist'),
      AGORA_INFRA_M2: process.env.AGORA_INFRA_M2 ?? path.join(REPO, '.agora/infra/m2'),
      AGORA_KAFKA_PORT: String(kafkaPort),
      AGORA_KAFKA_CONTROLLER_PORT: String(kafkaPort + 1),
      AGORA_OPENSEARCH_PORT: String(opensearchPort),
      AGORA_OPENSEARCH_TRANSPORT_PORT: String(opensearchPort + 100),
      AGORA_INFRA_PARTS: (this.options.parts ?? ['kafka', 'opensearch']).join(' '),
    };
  }

  private checkArtifacts(): void {
    const dist = this.env().AGORA_INFRA_DIST ?? '';
    if (!existsSync(dist)) {
      throw new Error(
        `No Kafka and OpenSearch downloads in ${dist}: run infra/up.sh once, or name another checkout's with AGORA_INFRA_DIST`,
      );
    }
  }

  /**
   * Starts whatever of its parts is not running (infra/up.sh is idempotent) and waits until they answer; without
   * blocking this process, whose load clients go on meanwhile.
   */
  async up(): Promise<void> {
    this.checkArtifacts();
    const child = spawn('bash', [path.join(REPO, 'infra/up.sh')], {
      env: this.env(),
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => {
      stderr = (stderr + chunk.toString()).slice(-4000);
    });
    const code = await new Promise<number | null>((resolve) => child.once('exit', (status) => resolve(status)));
    if (code !== 0) throw new Error(`infra/up.sh failed (exit ${code}):\n${stderr}`);
  }

  /** Stops both (infra/down.sh) and deletes their data. */
  down(): void {
    spawnSync('bash', [path.join(REPO, 'infra/down.sh'), '--wipe'], { env: this.env(), stdio: 'ignore' });
  }

  /** The pid of a part, from infra/up.sh's pid file; null when it is not running. */
  pidOf(part: InfraPart): number | null {
    const file = path.join(this.options.dir, part, `${part}.pid`);
    if (!existsSync(file)) return null;
    const pid = Number(readFileSync(file, 'utf8').trim());
    return Number.isInteger(pid) && alive(pid) ? pid : null;
  }

  /** Stops one part cleanly (SIGTERM, as infra/down.sh does), killing it if it has not ended in 30 s. */
  async stop(part: InfraPart): Promise<void> {
    const pid = this.pidOf(part);
    if (pid === null) return;
    process.kill(pid, 'SIGTERM');
    const deadline = Date.now() + 30_000;
    while (alive(pid) && Date.now() < deadline) await sleep(100);
    if (alive(pid)) process.kill(pid, 'SIGKILL');
    while (alive(pid)) await sleep(100);
  }
}
