/**
 * The cluster supervisor's restarts (docs/adr/0091-cluster-supervisor-restarts.md): a process that ends on its
 * own is started again after the backoff policy's pause; one stopped on purpose is not; once `halt` is called
 * (`cluster down`) nothing is started again. Knows processes by name only: starting one is the caller's
 * `launch`, and the caller reports each start and exit.
 */
import { type BackoffPolicy, checkPolicy } from './backoff';
import {
  type ExitInfo,
  NEW_RECORD,
  type RestartRecord,
  recordExit,
  recordHold,
  recordRestarting,
  recordStart,
} from './restart-record';

export interface RestartsOptions {
  policy: BackoffPolicy;
  /** Off: a process that ends stays down until started by hand (fault scripts keep their kills down). */
  enabled: boolean;
  /**
   * Starts a process again. Resolves once it runs (its later exit is reported through `exited`); throws when
   * it could not start, which counts as a quick exit. `signal` aborts a start still in flight at `halt`.
   */
  launch: (name: string, signal: AbortSignal) => void | Promise<void>;
  /** Called after every change of a record (the supervisor writes its state file). */
  changed?: () => void;
  /** Where an exit and the restart it brings are told (an operator should hear of a crash). */
  warn?: (line: string) => void;
  /** Where a process started again is told. */
  say?: (line: string) => void;
}

/** How a process ended, in a few words: `SIGKILL`, `exit 1`, or the reason. */
export function describeExit(exit: Pick<ExitInfo, 'code' | 'signal' | 'reason'>): string {
  if (exit.signal) return exit.signal;
  if (exit.code !== null) return `exit ${exit.code}`;
  return exit.reason ?? 'gone';
}

export class Restarts {
  private readonly records = new Map<string, RestartRecord>();
  private readonly timers = new Map<string, NodeJS.Timeout>();
  private readonly inFlight = new Set<Promise<void>>();
  private readonly abort = new AbortController();
  private armed = false;

  constructor(private readonly options: RestartsOptions) {
    checkPolicy(options.policy);
  }

  /** From now on a process that ends on its own is started again (called once the cluster is up). */
  arm(): void {
    this.armed = this.options.enabled && !this.halted;
  }

  /** `halt` was called: nothing is started again. */
  get halted(): boolean {
    return this.abort.signal.aborted;
  }

  /** Whether an exit now brings a restart. */
  get restarting(): boolean {
    return this.armed && !this.halted;
  }

  record(name: string): RestartRecord {
    return this.records.get(name) ?? NEW_RECORD;
  }

  /** A start waits on its pause or is under way: the process is coming back. */
  pending(name: string): boolean {
    const { state } = this.record(name);
    return state === 'backing-off' || state === 'crash-looping' || state === 'restarting';
  }

  /** Started at first or by hand: a pending restart is dropped, and its run of failures starts afresh. */
  started(name: string): void {
    this.cancel(name);
    this.set(name, recordStart(this.record(name), Date.now(), false));
  }

  /** Being stopped on purpose: no restart now or when it ends, until it is started by hand. */
  hold(name: string): void {
    this.cancel(name);
    this.set(name, recordHold(this.record(name)));
  }

  /** It ended (`code` or `signal` when it was a child, else `reason`): started again after its pause. */
  exited(name: string, code: number | null, signal: string | null, reason?: string): void {
    const exit: ExitInfo = { code, signal, at: Date.now(), ...(reason ? { reason } : {}) };
    const { record, delayMs } = recordExit(this.record(name), exit, this.options.policy, this.restarting);
    this.set(name, record);
    if (delayMs === null) {
      if (record.state === 'down') this.options.warn?.(`${name} ended (${describeExit(exit)}); not started again`);
      return;
    }
    const slowly = record.state === 'crash-looping' ? `, crash-looping (${record.failures} quick exits in a row)` : '';
    this.options.warn?.(`${name} ended (${describeExit(exit)}); starting it again in ${delayMs} ms${slowly}`);
    const timer = setTimeout(() => {
      this.timers.delete(name);
      void this.restart(name);
    }, delayMs);
    timer.unref();
    this.timers.set(name, timer);
  }

  /** `cluster down`: no process is started again from now on; waits for a start under way to give up. */
  async halt(): Promise<void> {
    this.abort.abort();
    this.armed = false;
    for (const name of [...this.timers.keys()]) this.hold(name);
    await Promise.allSettled([...this.inFlight]);
  }

  private async restart(name: string): Promise<void> {
    if (this.halted || (this.record(name).state !== 'backing-off' && this.record(name).state !== 'crash-looping')) {
      return;
    }
    this.set(name, recordRestarting(this.record(name), Date.now()));
    const attempt = Promise.resolve().then(() => this.options.launch(name, this.abort.signal));
    this.inFlight.add(attempt);
    try {
      await attempt;
      // An exit already reported (a child that died at once) is newer than this start.
      if (this.record(name).state !== 'restarting') return;
      this.set(name, recordStart(this.record(name), Date.now(), true));
      this.options.say?.(`${name} started again (restart ${this.record(name).restarts})`);
    } catch (error) {
      if (this.record(name).state !== 'restarting') return;
      // Given up at `halt`: stopped, as everything else is about to be.
      if (this.halted) this.set(name, recordHold(this.record(name)));
      else this.exited(name, null, null, `start failed: ${(error as Error).message.split('\n')[0]}`);
    } finally {
      this.inFlight.delete(attempt);
    }
  }

  private cancel(name: string): void {
    clearTimeout(this.timers.get(name));
    this.timers.delete(name);
  }

  private set(name: string, record: RestartRecord): void {
    this.records.set(name, record);
    this.options.changed?.();
  }
}
