/**
 * Kafka and OpenSearch when the cluster started them (docs/adr/0091-cluster-supervisor-restarts.md): they are
 * not its children, so each is watched by the pid file infra/up.sh wrote, and one found gone is reported to the
 * supervisor's restarts, which start it again by running infra/up.sh once more. When the cluster found them
 * running it leaves them alone, and this does not run.
 */
import { closeSync, openSync } from 'node:fs';
import { INFRA_PARTS, type InfraPart, infraPidOf, restartInfra } from './infra';
import type { Restarts } from './restarts';
import { alive } from './state';

/** How often the pid files are checked: a dead broker is seen within this. */
export const INFRA_WATCH_MS = 1_000;

export const isInfraPart = (name: string): name is InfraPart => (INFRA_PARTS as readonly string[]).includes(name);

export class InfraWatch {
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly restarts: Restarts,
    /** Where infra/up.sh's output goes when it is run again. */
    private readonly logFile: string,
    private readonly pidOf: (part: InfraPart) => number | null = infraPidOf,
  ) {}

  /** Both parts run now (infra/up.sh has just answered): watched from here on. */
  start(intervalMs = INFRA_WATCH_MS): void {
    for (const part of INFRA_PARTS) this.restarts.started(part);
    this.timer = setInterval(() => this.check(), intervalMs);
    this.timer.unref();
  }

  /** Reports each running part whose process is gone. */
  check(): void {
    for (const part of INFRA_PARTS) {
      if (this.restarts.record(part).state === 'running' && !alive(this.pidOf(part))) {
        this.restarts.exited(part, null, null, 'gone');
      }
    }
  }

  /** Starts a part again (infra/up.sh starts whatever is down, so a part already back is left as it is). */
  async launch(part: InfraPart, signal: AbortSignal): Promise<void> {
    if (alive(this.pidOf(part))) return;
    const log = openSync(this.logFile, 'a');
    try {
      await restartInfra(log, signal);
    } finally {
      closeSync(log);
    }
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  pids(): Record<InfraPart, number | null> {
    return Object.fromEntries(
      INFRA_PARTS.map((part) => [part, alive(this.pidOf(part)) ? this.pidOf(part) : null]),
    ) as Record<InfraPart, number | null>;
  }
}
