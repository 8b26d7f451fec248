import { setTimeout as sleep } from 'node:timers/promises';
import type { ServiceContext } from '@agora/platform';
import type { Pool, PoolClient } from 'pg';

/**
 * One connection that listens for the announcements of changed rows (see the announce-changes
 * migration) and hands each payload to its channel's handler. While it is not listening, nobody may
 * trust a cached row: `listening` is false, and every reset handler runs when listening (re)starts or stops.
 */
export class ChangeListener {
  private readonly handlers = new Map<string, (payload: string) => void>();
  private readonly resets = new Set<() => void>();
  private client: PoolClient | null = null;
  private stopped = false;
  listening = false;

  constructor(private readonly options: { pool: Pool; log: ServiceContext['log']; retryMs?: number }) {}

  on(channel: string, handler: (payload: string) => void): void {
    this.handlers.set(channel, handler);
  }

  onReset(handler: () => void): void {
    this.resets.add(handler);
  }

  private reset(): void {
    for (const handler of this.resets) handler();
  }

  async start(): Promise<void> {
    this.stopped = false;
    try {
      await this.listen();
    } catch (error) {
      this.options.log.warn({ err: error }, 'change listener: cannot listen yet; reads go to the database');
    }
    void this.watch();
  }

  private async listen(): Promise<void> {
    const client = await this.options.pool.connect();
    client.on('notification', (message) => {
      if (message.payload !== undefined) this.handlers.get(message.channel)?.(message.payload);
    });
    const lost = () => {
      if (this.client !== client) return;
      this.listening = false;
      this.reset();
    };
    client.on('error', lost);
    client.on('end', lost);
    for (const channel of this.handlers.keys()) await client.query(`listen ${channel}`);
    this.client = client;
    // Whatever changed while nobody listened is unknown.
    this.reset();
    this.listening = true;
  }

  private async watch(): Promise<void> {
    while (!this.stopped) {
      await sleep(this.options.retryMs ?? 1000, undefined, { ref: false });
      if (this.listening || this.stopped) continue;
      this.client?.release(true);
      this.client = null;
      try {
        await this.listen();
      } catch (error) {
        this.options.log.warn({ err: error }, 'change listener: cannot listen yet');
      }
    }
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.listening = false;
    this.reset();
    const client = this.client;
    this.client = null;
    client?.release(true);
  }
}
