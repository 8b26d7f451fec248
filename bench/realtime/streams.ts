import net from 'node:net';
import { performance } from 'node:perf_hooks';

/** What a stream saw: its status, its last id, and each message's key (kind and object id) with when it came. */
export interface StreamWatcher {
  onMessage(key: string, at: number): void;
}

/** The key a message is matched to its write by. */
export function keyOf(message: { kind: string; answer_id?: string; comment_id?: string; object_id?: string }): string {
  if (message.kind === 'answer_posted') return `answer:${message.answer_id}`;
  if (message.kind === 'comment_added') return `comment:${message.comment_id}`;
  if (message.kind === 'vote') return `vote:${message.object_id}`;
  return message.kind;
}

/**
 * A lean live-route client for thousands at once: a raw socket, the request written by hand, the chunked body read
 * line by line (each of the gateway's writes is whole frames, so a chunk's size line never cuts one).
 */
export class BenchStream {
  status = 0;
  lastId: string | undefined;
  opened: Promise<void>;
  closed: Promise<void>;
  events: string[] = [];
  /** The last `retry:` the stream gave: how long its browser waits before reconnecting. */
  retryMs: number | undefined;
  messages = 0;
  private partial = '';
  private frame: { id?: string; event?: string; data?: string } = {};
  private socket: net.Socket;

  constructor(
    host: string,
    port: number,
    readonly path: string,
    options: { localAddress: string; lastId?: string; watcher?: StreamWatcher },
  ) {
    this.lastId = options.lastId;
    this.socket = net.connect({ host, port, localAddress: options.localAddress });
    this.socket.setEncoding('utf8');
    let opened: () => void = () => {};
    this.opened = new Promise((resolve) => {
      opened = resolve;
    });
    this.closed = new Promise((resolve) => {
      this.socket.once('close', () => {
        opened();
        resolve();
      });
    });
    this.socket.on('error', () => {});
    this.socket.once('connect', () => {
      this.socket.write(
        `GET ${path} HTTP/1.1\r\nHost: ${host}\r\nAccept: text/event-stream\r\n${
          options.lastId ? `Last-Event-ID: ${options.lastId}\r\n` : ''
        }\r\n`,
      );
    });
    this.socket.on('data', (chunk: string) => {
      const lines = (this.partial + chunk).split('\n');
      this.partial = lines.pop() ?? '';
      for (const line of lines) {
        if (this.status === 0 && line.startsWith('HTTP/1.1 ')) {
          this.status = Number(line.slice(9, 12));
          if (this.status !== 200) opened();
        } else if (line === '') this.endFrame(options.watcher, opened);
        else if (line.startsWith('id: ')) this.frame.id = line.slice(4);
        else if (line.startsWith('event: ')) this.frame.event = line.slice(7);
        else if (line.startsWith('data: ')) this.frame.data = line.slice(6);
        else if (line.startsWith('retry: ')) this.retryMs = Number(line.slice(7));
      }
    });
  }

  private endFrame(watcher: StreamWatcher | undefined, opened: () => void): void {
    const frame = this.frame;
    this.frame = {};
    if (frame.id !== undefined) this.lastId = frame.id;
    if (frame.event) {
      this.events.push(frame.event);
      if (frame.event === 'topics') opened();
      return;
    }
    if (frame.data === undefined) return;
    this.messages++;
    watcher?.onMessage(keyOf(JSON.parse(frame.data)), performance.now());
  }

  close(): void {
    this.socket.destroy();
  }
}

/** The `n`th local address streams come from: 32 streams an address, as many clients behind their own addresses. */
export function localAddressOf(n: number, perAddress: number): string {
  const host = Math.floor(n / perAddress) + 1;
  return `127.1.${Math.floor(host / 250)}.${(host % 250) + 1}`;
}
