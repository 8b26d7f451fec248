import { LiveHub, type LiveHubOptions } from './hub';

/** How soon a gateway tries again to follow a bus it could not follow (Kafka down as it starts, say). */
const RETRY_MS = 5_000;

/**
 * A gateway's live hub, started with it; when the bus cannot be followed then, the gateway starts anyway (its other
 * routes do not need the bus) and tries again every few seconds, the live route answering 503 meanwhile.
 */
export class LiveHubStarter {
  private hub: LiveHub | null = null;
  private closed = false;
  private timer: NodeJS.Timeout | null = null;

  constructor(private readonly options: LiveHubOptions) {}

  /** The first attempt, awaited: a gateway that can follow the bus serves live pages from its first request. */
  async start(): Promise<void> {
    try {
      const hub = await LiveHub.start(this.options);
      if (this.closed) await hub.close();
      else this.hub = hub;
    } catch (error) {
      if (this.closed) return;
      this.options.log.warn({ err: error }, 'live pages cannot follow the bus yet; trying again');
      this.timer = setTimeout(() => void this.start(), RETRY_MS);
      this.timer.unref();
    }
  }

  /** The hub, or `starting` while the bus cannot be followed. */
  current(): LiveHub | 'starting' {
    return this.hub ?? 'starting';
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
    await this.hub?.close();
  }
}
