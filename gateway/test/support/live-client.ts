import http from 'node:http';
import type { LiveMessage } from '@agora/contracts';

/** One frame of a server-sent event stream. */
export interface SseFrame {
  id?: string;
  event?: string;
  data: string;
}

/** Parses what has come so far into whole frames; what is left is the start of the next. */
export function parseFrames(text: string): { frames: SseFrame[]; rest: string; comments: number } {
  const blocks = text.split('\n\n');
  const rest = blocks.pop() ?? '';
  const frames: SseFrame[] = [];
  let comments = 0;
  for (const block of blocks) {
    const frame: SseFrame = { data: '' };
    let fields = 0;
    for (const line of block.split('\n')) {
      if (line.startsWith(':')) {
        comments++;
        continue;
      }
      const colon = line.indexOf(':');
      const name = colon < 0 ? line : line.slice(0, colon);
      const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
      if (name === 'id') frame.id = value;
      else if (name === 'event') frame.event = value;
      else if (name === 'data') frame.data = frame.data ? `${frame.data}\n${value}` : value;
      else continue;
      fields++;
    }
    if (fields > 0) frames.push(frame);
  }
  return { frames, rest, comments };
}

export interface OpenOptions {
  token?: string;
  lastEventId?: string;
  /** Another local address to come from (127.0.0.x), as another client would. */
  localAddress?: string;
}

/** A client of the live route over a real socket, as a browser's EventSource. */
export class LiveClient {
  readonly frames: SseFrame[] = [];
  comments = 0;
  private text = '';
  private waiters: Array<() => void> = [];
  closed = false;
  private readonly gone: Promise<void>;

  private constructor(
    private readonly request: http.ClientRequest,
    readonly response: http.IncomingMessage,
  ) {
    response.setEncoding('utf8');
    this.gone = new Promise((resolve) => {
      response.on('data', (chunk: string) => {
        const { frames, rest, comments } = parseFrames(this.text + chunk);
        this.text = rest;
        this.comments += comments;
        this.frames.push(...frames);
        this.notify();
      });
      const end = () => {
        this.closed = true;
        this.notify();
        resolve();
      };
      response.on('end', end);
      response.on('close', end);
      response.on('error', end);
    });
  }

  /** Opens `{base}/api/v1/live?topics=...`; resolves with the client once the head has come, whatever its status. */
  static open(base: string, topics: string[], options: OpenOptions = {}): Promise<LiveClient> {
    const url = new URL(`/answer/api/v1/live?topics=${encodeURIComponent(topics.join(','))}`, base);
    return new Promise((resolve, reject) => {
      const request = http.get(
        url,
        {
          headers: {
            accept: 'text/event-stream',
            ...(options.token ? { authorization: options.token } : {}),
            ...(options.lastEventId ? { 'last-event-id': options.lastEventId } : {}),
          },
          ...(options.localAddress ? { localAddress: options.localAddress } : {}),
          agent: false,
        },
        (response) => resolve(new LiveClient(request, response)),
      );
      request.on('error', reject);
    });
  }

  get status(): number {
    return this.response.statusCode ?? 0;
  }

  /** The error body of a refused stream. */
  async body(): Promise<unknown> {
    await this.gone;
    return JSON.parse(this.text || 'null');
  }

  private notify(): void {
    for (const wake of this.waiters.splice(0)) wake();
  }

  /** The messages (frames without an event name), parsed. */
  messages(): LiveMessage[] {
    return this.frames.filter((f) => !f.event).map((f) => JSON.parse(f.data) as LiveMessage);
  }

  events(name: string): SseFrame[] {
    return this.frames.filter((f) => f.event === name);
  }

  /** The id of the last frame that had one: where a reconnect resumes. */
  lastId(): string | undefined {
    return this.frames.filter((f) => f.id !== undefined).at(-1)?.id;
  }

  /** Waits until `check` holds of what has come; fails after `timeoutMs`. */
  async until(check: (client: LiveClient) => boolean, timeoutMs = 10_000, what = 'the stream'): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (!check(this)) {
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`${what}: not within ${timeoutMs} ms; frames: ${JSON.stringify(this.frames)}`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, Math.min(left, 200));
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  /** Waits for a message that matches. */
  async message(match: (m: LiveMessage) => boolean, timeoutMs = 10_000): Promise<LiveMessage> {
    await this.until((c) => c.messages().some(match), timeoutMs, 'the message');
    const found = this.messages().find(match);
    if (!found) throw new Error('no such message');
    return found;
  }

  /** Stops reading: what the server writes waits in the socket's buffers. */
  pause(): void {
    this.response.pause();
  }

  close(): Promise<void> {
    this.request.destroy();
    return this.gone;
  }

  ended(): Promise<void> {
    return this.gone;
  }
}
