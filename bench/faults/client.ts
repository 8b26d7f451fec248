/**
 * The load client of the fault and replica runs: keep-alive connections to each gateway (as a browser or a
 * balancer in front of the gateways keeps them), each request timed from sending to its whole answer. A user
 * whose gateway did not answer at all moves to the next gateway, as a client-side balancer would.
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
}

export class GatewayClient {
  private readonly pools: Pool[];

  constructor(
    readonly gateways: string[],
    connectionsPerGateway: number,
  ) {
    this.pools = gateways.map((url) => new Pool(url, { connections: connectionsPerGateway, pipelining: 1 }));
  }

  /** Sends to the `n`th gateway (modulo their number). */
  async send(n: number, request: LoadRequest): Promise<Answered> {
    const pool = this.pools[n % this.pools.length];
    if (!pool) throw new Error('No gateway to send to');
    const headers: Record<string, string> = { accept: 'application/json' };
    if (request.token) headers.authorization = request.token;
    if (request.body !== undefined) headers['content-type'] = 'application/json';
    const started = performance.now();
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
      return { status: response.statusCode, body, ms: performance.now() - started };
    } catch (error) {
      return { status: 0, body: null, ms: performance.now() - started, error: (error as Error).message };
    }
  }

  async close(): Promise<void> {
    await Promise.all(this.pools.map((pool) => pool.destroy()));
  }
}
