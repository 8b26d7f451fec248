import type { ForwardRequest, ForwardResponse, ServiceTransport, StreamedResponse } from '../transports';
import { mayRetry, ReplicaSet, replicaGone } from './replicas';

/** How often each replica's readiness is asked, and how long an answer may take before it counts as not ready. */
export const READINESS_INTERVAL_MS = 500;
export const READINESS_TIMEOUT_MS = 500;

export interface Replica {
  /** Its address, for logs and status. */
  url: string;
  transport: ServiceTransport;
}

export interface BalancedTransportOptions {
  /** Logs a replica taken out or back in. */
  log?: { info(message: string): void; warn(message: string): void };
  service?: string;
  intervalMs?: number;
  timeoutMs?: number;
}

/**
 * A service's replicas behind one transport (docs/adr/0074-replicas-behind-the-gateway.md): requests go
 * round-robin to the ready ones; each replica's `/readyz` is asked in the background, and a replica that
 * fails it, or drops a connection, is out until it answers ready again. A request that never reached its
 * replica, or a safe one, is sent to the next.
 */
export class BalancedTransport implements ServiceTransport {
  readonly replicas: ReplicaSet;
  private timer: NodeJS.Timeout | null = null;
  private closed = false;
  private readonly intervalMs: number;
  private readonly timeoutMs: number;

  constructor(
    private readonly members: Replica[],
    private readonly options: BalancedTransportOptions = {},
  ) {
    this.replicas = new ReplicaSet(members.length);
    this.intervalMs = options.intervalMs ?? READINESS_INTERVAL_MS;
    this.timeoutMs = options.timeoutMs ?? READINESS_TIMEOUT_MS;
    // One replica has nobody to stand in for it: it is not asked (an idle gateway wakes nobody up).
    if (members.length > 1) this.schedule(0);
  }

  /** Each replica's address and whether it is in. */
  status(): Array<{ url: string; ready: boolean }> {
    return this.members.map((member, index) => ({ url: member.url, ready: this.replicas.isUp(index) }));
  }

  forward(request: ForwardRequest): Promise<ForwardResponse> {
    return this.onSomeReplica(request, (transport) => transport.forward(request));
  }

  stream(request: ForwardRequest, signal: AbortSignal): Promise<StreamedResponse> {
    return this.onSomeReplica(request, (transport) => {
      if (!transport.stream) throw new Error('a replica transport that cannot stream');
      return transport.stream(request, signal);
    });
  }

  /** Asks one ready replica, the next one when it is gone (and the request may be sent again). */
  private async onSomeReplica<T>(
    request: ForwardRequest,
    ask: (transport: ServiceTransport) => Promise<T>,
  ): Promise<T> {
    const tried = new Set<number>();
    for (;;) {
      const index = this.replicas.pick(tried);
      const member = index === undefined ? undefined : this.members[index];
      if (index === undefined || !member) throw new Error(`No replica of ${this.options.service ?? 'the service'}`);
      tried.add(index);
      try {
        return await ask(member.transport);
      } catch (error) {
        if (replicaGone(error)) this.takeOut(index, (error as Error).message);
        if (tried.size >= this.members.length || !mayRetry(request.method, error)) throw error;
      }
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
    await Promise.all(this.members.map((member) => member.transport.close()));
  }

  private schedule(delayMs: number): void {
    if (this.closed) return;
    this.timer = setTimeout(() => {
      void this.checkAll().finally(() => this.schedule(this.intervalMs));
    }, delayMs);
    this.timer.unref();
  }

  private async checkAll(): Promise<void> {
    await Promise.all(
      this.members.map(async (member, index) => {
        const ready = await this.isReady(member.transport);
        if (this.closed) return;
        if (ready && !this.replicas.isUp(index)) {
          this.replicas.markUp(index);
          this.options.log?.info(`${this.options.service ?? 'service'} replica ${member.url} is ready: back in`);
        } else if (!ready) {
          this.takeOut(index, 'not ready');
        }
      }),
    );
  }

  private async isReady(transport: ServiceTransport): Promise<boolean> {
    let timer: NodeJS.Timeout | undefined;
    const timedOut = new Promise<boolean>((resolve) => {
      timer = setTimeout(() => resolve(false), this.timeoutMs);
    });
    const answered = transport.forward({ method: 'GET', url: '/readyz', headers: {}, body: undefined }).then(
      (response) => response.status === 200,
      () => false,
    );
    try {
      return await Promise.race([answered, timedOut]);
    } finally {
      clearTimeout(timer);
    }
  }

  private takeOut(index: number, why: string): void {
    if (!this.replicas.isUp(index)) return;
    this.replicas.markDown(index);
    const url = this.members[index]?.url;
    this.options.log?.warn(`${this.options.service ?? 'service'} replica ${url} taken out: ${why}`);
  }
}
