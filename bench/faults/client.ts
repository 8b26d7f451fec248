/**
 * The load client of the fault and replica runs: keep-alive connections to each gateway (as a browser or a
 * balancer in front of the gateways keeps them), each request timed from sending to its whole answer. It does what
 * a balancer in front of the gateways does (nginx's `proxy_next_upstream error`, HAProxy's `retry-on
 * conn-failure`): a request that got no answer at all is sent once to the next gateway when it is safe to, that is
 * when it changes nothing (GET, HEAD) or never reached the gateway (the connection was refused). A write that was
 * sent and then lost its connection is not sent again: its outcome is unknown. A user whose gateway did not answer
 * moves to the next gateway.
 */
import { performance } from 'node:perf_hooks';
import { Pool } from 'undici';
import type { LoadRequest, LoadResponse } from '../../infra/k6/lib/api.js';

/** A request still without an answer after this long has failed. */
const TIMEOUT_MS = 10_000;

export interface Answered extends LoadResponse {
  ms: number;
  /** Set when no answer came: refused, reset, timed out. */
  error?: string;
  /** Set when the first gateway gave no answer and the request went to the next one: what the first did. */
  retriedAfter?: string;
}

/** Whether a request that got no answer may go to another gateway (see above). */
export function safeToResend(method: string, error: unknown): boolean {
  if (method === 'GET' || method === 'HEAD') return true;
  return (error as { code?: string }).code === 'ECONNREFUSED';
}

export class GatewayClient {
  private readonly pools: Pool[];

  constructor(
    readonly gateways: string[],
    connectionsPerGateway: number,
  ) {
    this.pools = gateways.map((url) => new Pool(url, { connections: connectionsPerGateway, pipelining: 1 }));
  }

  /** Sends to the `n`th gateway (modulo their number), and once to the next when that is safe and it gave no answer. */
  async send(n: number, request: LoadRequest): Promise<Answered> {
    const started = performance.now();
    const first = await this.attempt(n, request);
    if (!('error' in first) || this.pools.length < 2 || !safeToResend(request.method, first.error)) {
      return this.answered(first, started);
    }
    const second = await this.attempt(n + 1, request);
    return { ...this.answered(second, started), retriedAfter: (first.error as Error).message };
  }

  private answered(outcome: LoadResponse | { error: unknown }, started: number): Answered {
    const ms = performance.now() - started;
    if ('error' in outcome) return { status: 0, body: null, ms, error: (outcome.error as Error).message };
    return { ...outcome, ms };
  }

  private async attempt(n: number, request: LoadRequest): Promise<LoadResponse | { error: unknown }> {
    const pool = this.pools[n % this.pools.length];
    if (!pool) throw new Error('No gateway to send to');
    const headers: Record<string, string> = { accept: 'application/json' };
    if (request.token) headers.authorization = request.token;
    if (request.body !== undefined) headers['content-type'] = 'application/json';
    try {
      const response = await pool.request({
        method: request.method as 'GET',
        path: request.path,
        headers,
        body: request.body === undefined ? null : JSON.stringify(request.body),
        headersTimeout: TIMEOUT_MS,
        bodyTimeout: TIMEOUT_MS,
      });
      const text = await response.body.text();
      let body: unknown = null;
      try {
        body = text ? JSON.parse(text) : null;
      } catch {
        body = null;
      }
      return { status: response.statusCode, body };
    } catch (error) {
      return { error };
    }
  }

  async close(): Promise<void> {
    await Promise.all(this.pools.map((pool) => pool.destroy()));
  }
}
