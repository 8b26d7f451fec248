import type { Readable } from 'node:stream';
import type { HttpApp } from '@agora/platform';
import type { Pool } from 'undici';

export interface ForwardRequest {
  method: string;
  /** Path and query, unchanged: services serve the same public paths. */
  url: string;
  headers: Record<string, string>;
  body: Buffer | undefined;
}

export interface ForwardResponse {
  status: number;
  headers: Record<string, string | string[]>;
  body: Buffer;
}

export interface StreamedResponse {
  status: number;
  headers: Record<string, string | string[]>;
  body: Readable;
}

/** How the gateway reaches a service: in the same process, or over HTTP. Responses are identical. */
export interface ServiceTransport {
  forward(request: ForwardRequest): Promise<ForwardResponse>;
  /** The answer as it comes, for streamed routes; `signal` ends it (the client went away). */
  stream?(request: ForwardRequest, signal: AbortSignal): Promise<StreamedResponse>;
  close(): Promise<void>;
}

const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-authenticate',
  'proxy-authorization',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
  'content-length',
  'host',
]);

export function endToEndHeaders<T>(headers: Record<string, T | undefined>): Record<string, T> {
  const kept: Record<string, T> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value !== undefined && !HOP_BY_HOP.has(name.toLowerCase())) kept[name] = value;
  }
  return kept;
}

/** A body as one Buffer; a body written in one piece (the usual case) is passed on without a copy. */
async function bytesOf(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  const [only] = chunks;
  return only && chunks.length === 1 ? only : Buffer.concat(chunks);
}

export class InProcessTransport implements ServiceTransport {
  constructor(private readonly app: HttpApp) {}

  async forward(request: ForwardRequest): Promise<ForwardResponse> {
    // As a stream: otherwise light-my-request also copies the body and decodes it into a string nobody reads.
    const response = await this.app.inject({
      method: request.method as 'GET',
      url: request.url,
      headers: request.headers,
      payloadAsStream: true,
      ...(request.body ? { payload: request.body } : {}),
    });
    return {
      status: response.statusCode,
      headers: endToEndHeaders(response.headers as Record<string, string | string[] | undefined>),
      body: await bytesOf(response.stream()),
    };
  }

  async stream(request: ForwardRequest, signal: AbortSignal): Promise<StreamedResponse> {
    // light-my-request answers as soon as the head is written and passes each write on as it is made.
    const response = await this.app.inject({
      method: request.method as 'GET',
      url: request.url,
      headers: request.headers,
      payloadAsStream: true,
      signal,
      ...(request.body ? { payload: request.body } : {}),
    });
    // The service hears the client go as a socket's close, as it would over HTTP (and stops its own work).
    const served = (response.raw as { res?: { destroy(): void } }).res;
    if (signal.aborted) served?.destroy();
    else signal.addEventListener('abort', () => served?.destroy(), { once: true });
    return {
      status: response.statusCode,
      headers: endToEndHeaders(response.headers as Record<string, string | string[] | undefined>),
      body: response.stream(),
    };
  }

  async close(): Promise<void> {}
}

export class HttpTransport implements ServiceTransport {
  /** undici loads with the first forwarded request: the embedded process, which forwards in-process, never holds it. */
  private pool: Promise<Pool> | null = null;

  constructor(
    private readonly baseUrl: string,
    private readonly options: { connections?: number } = {},
  ) {}

  private connect(): Promise<Pool> {
    this.pool ??= import('undici').then(
      ({ Pool }) =>
        new Pool(this.baseUrl, {
          connections: this.options.connections ?? 64,
          keepAliveTimeout: 30_000,
          headersTimeout: 10_000,
          bodyTimeout: 10_000,
        }),
    );
    return this.pool;
  }

  async forward(request: ForwardRequest): Promise<ForwardResponse> {
    const pool = await this.connect();
    const response = await pool.request({
      method: request.method as 'GET',
      path: request.url,
      headers: request.headers,
      body: request.body ?? null,
    });
    const body = Buffer.from(await response.body.arrayBuffer());
    return {
      status: response.statusCode,
      headers: endToEndHeaders(response.headers as Record<string, string | string[] | undefined>),
      body,
    };
  }

  async stream(request: ForwardRequest, signal: AbortSignal): Promise<StreamedResponse> {
    const pool = await this.connect();
    const response = await pool.request({
      method: request.method as 'GET',
      path: request.url,
      headers: request.headers,
      body: request.body ?? null,
      signal,
      // A stream is quiet between events for as long as it likes; the client's going away ends it.
      bodyTimeout: 0,
    });
    return {
      status: response.statusCode,
      headers: endToEndHeaders(response.headers as Record<string, string | string[] | undefined>),
      body: response.body,
    };
  }

  async close(): Promise<void> {
    const pool = await this.pool;
    this.pool = null;
    await pool?.close();
  }
}
