import type { ServerResponse } from 'node:http';
import { Live, LiveEvent } from '@agora/contracts';
import type { LiveEntry } from './ring';

/** Who a stream is for: its member and session (none when anonymous) and the address it came from. */
export interface StreamOwner {
  userId: string | null;
  sessionId: string | null;
  address: string;
  /** Its token, to ask again what it may see. */
  token?: string;
}

/** Why a stream ended: the client went, was too slow, lost its session, or the gateway is stopping. */
export type StreamEndReason = 'gone' | 'slow' | 'ended' | 'reconnect' | 'reload';

export const frameOf = (data: string, id: string) => `id: ${id}\ndata: ${data}\n\n`;
export const eventFrameOf = (event: string, data: string, id?: string) =>
  `${id === undefined ? '' : `id: ${id}\n`}event: ${event}\ndata: ${data}\n\n`;
const HEARTBEAT = ':\n\n';

/**
 * One browser's server-sent event stream (docs/adr/0099-live-pages.md). What the socket cannot take at once waits in
 * Node's buffer; past `Live.bufferBytes` of that the client is too slow and is dropped: it resumes from its last id.
 * While it catches up (its missed messages sent from the ring or the log), what arrives live is held, in order.
 */
export class LiveStream {
  private held: Array<{ entry: LiveEntry; id: string }> | null = [];
  /** Per source, a position the client had reached past this gateway's (another replica's): nothing at or before it. */
  floors: Map<string, string> | null = null;
  private ended = false;
  private corked = false;

  constructor(
    private readonly response: ServerResponse,
    readonly owner: StreamOwner,
    /** The hub's topics it follows (a member's own as `me:<user id>`). */
    readonly topics: Set<string>,
    private readonly onEnd: (stream: LiveStream, reason: StreamEndReason) => void,
    private readonly bufferBytes: number = Live.bufferBytes,
  ) {
    response.once('close', () => this.finish('gone'));
  }

  get open(): boolean {
    return !this.ended;
  }

  /** Queues a live message while catching up, else writes it (held back with the batch's other writes, if given). */
  send(entry: LiveEntry, id: string, batch?: Set<LiveStream>): void {
    if (this.ended) return;
    if (this.held) this.held.push({ entry, id });
    else {
      if (batch) this.cork(batch);
      this.write(frameOf(entry.data, id));
    }
  }

  /**
   * Holds writes back until `flush` (or `uncorkAll` of the batch): a stream's writes of one moment go to the socket
   * as one, not a system call each (the stream's head, its first event and its catch-up; a follower's batch).
   */
  cork(batch?: Set<LiveStream>): void {
    if (this.corked || this.ended) return;
    this.corked = true;
    this.response.cork();
    batch?.add(this);
  }

  flush(): void {
    if (!this.corked) return;
    this.corked = false;
    this.response.uncork();
  }

  /**
   * A message of the catch-up, with the id the client stands at once it has it. The catch-up may be thousands of
   * messages at once: it waits for the socket to take them (a client that takes none for `Live.drainMs` is dropped),
   * so only a live backlog counts against the bound.
   */
  async sendCaughtUp(entry: LiveEntry, id: string): Promise<void> {
    if (this.ended) return;
    if (this.response.write(frameOf(entry.data, id))) return;
    this.flush();
    const drained = await new Promise<boolean>((resolve) => {
      const done = (ok: boolean) => {
        clearTimeout(timer);
        this.response.off('drain', onDrain);
        this.response.off('close', onClose);
        resolve(ok);
      };
      const onDrain = () => done(true);
      const onClose = () => done(false);
      const timer = setTimeout(() => done(false), Live.drainMs);
      this.response.once('drain', onDrain);
      this.response.once('close', onClose);
    });
    if (!drained) this.drop('slow');
  }

  /** Caught up: what arrived meanwhile goes out, in order, and then everything as it comes. */
  release(accept: (entry: LiveEntry) => boolean): void {
    const held = this.held ?? [];
    this.held = null;
    for (const { entry, id } of held) if (accept(entry)) this.write(frameOf(entry.data, id));
  }

  event(name: string, data: unknown, id?: string): void {
    this.write(eventFrameOf(name, JSON.stringify(data), id));
  }

  heartbeat(): void {
    this.write(HEARTBEAT);
  }

  /** Writes a frame; a client whose backlog has grown past the bound is dropped instead. */
  write(frame: string): void {
    if (this.ended) return;
    if (this.response.writableLength > this.bufferBytes) {
      this.drop('slow');
      return;
    }
    this.response.write(frame);
  }

  /** Ends the stream after a last event (`reconnect`, `reload`), or at once. */
  end(reason: StreamEndReason, data: unknown = {}): void {
    if (this.ended) return;
    this.flush();
    // The last event and the stream's end in one write (ending uncorks).
    this.response.cork();
    if (reason === 'reconnect') {
      const retry = (data as { retry_ms?: number }).retry_ms;
      if (retry !== undefined) this.write(`retry: ${retry}\n`);
      this.event(LiveEvent.reconnect, data);
    }
    if (reason === 'reload') this.event(LiveEvent.reload, data);
    this.finish(reason);
    this.response.end();
  }

  /** Drops the connection without a word (a slow client, whose buffer would not take one anyway). */
  drop(reason: StreamEndReason): void {
    if (this.ended) return;
    this.finish(reason);
    this.response.destroy();
  }

  private finish(reason: StreamEndReason): void {
    if (this.ended) return;
    this.ended = true;
    this.held = null;
    this.onEnd(this, reason);
  }
}

/** Sends every write held back in a batch. */
export function flushAll(batch: Set<LiveStream>): void {
  for (const stream of batch) stream.flush();
  batch.clear();
}
