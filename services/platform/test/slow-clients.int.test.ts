import net from 'node:net';
import { drip } from '@agora/test-support/slow-client';
import pino from 'pino';
import { Type } from 'typebox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHttpApp, type HttpApp } from '../src/http/app';

const REQUEST_TIMEOUT_MS = 2000;
const PER_ADDRESS = 20;
let app: HttpApp;
let port: number;

beforeAll(async () => {
  app = await createHttpApp({
    name: 'slow-clients',
    log: pino({ level: 'silent' }),
    openapi: false,
    connections: { requestTimeoutMs: REQUEST_TIMEOUT_MS, headersTimeoutMs: 1000, connectionsPerAddress: PER_ADDRESS },
  });
  app.post('/echo', { schema: { body: Type.Object({ text: Type.String() }) } }, async (request) => request.body);
  await app.listen({ host: '127.0.0.1', port: 0 });
  port = (app.server.address() as net.AddressInfo).port;
});

afterAll(async () => {
  await app?.close();
});

/** A slow client of this app: given up on (and failing the test) if still open after `giveUpMs`. */
async function slowly(head: string, dripMs: number, giveUpMs = 15_000) {
  const dripped = await drip(`http://127.0.0.1:${port}`, head, dripMs, giveUpMs);
  if (dripped.afterMs >= giveUpMs) throw new Error(`still open after ${giveUpMs} ms`);
  return { closedAfterMs: dripped.afterMs, received: dripped.said };
}

describe('slow and numerous clients', () => {
  it('closes a body sent a byte at a time once the request time is over, answering 408', async () => {
    const head = 'POST /echo HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100000\r\n\r\n';
    const outcome = await slowly(head, 300);
    expect(outcome.closedAfterMs).toBeGreaterThanOrEqual(REQUEST_TIMEOUT_MS - 100);
    // Node looks for late requests once a second at the shortest (connection-limits.ts).
    expect(outcome.closedAfterMs).toBeLessThan(REQUEST_TIMEOUT_MS + 1500);
    expect(outcome.received).toMatch(/^HTTP\/1\.1 408/);
  });

  it('closes headers sent a byte at a time once the headers time is over', async () => {
    const outcome = await slowly('GET /healthz HTTP/1.1\r\nHost: x\r\nX-Slow: ', 200);
    expect(outcome.closedAfterMs).toBeLessThan(REQUEST_TIMEOUT_MS + 1500);
    expect(outcome.received).toMatch(/^HTTP\/1\.1 408/);
  });

  it('refuses headers larger than the limit with 431', async () => {
    const response = await fetch(`http://127.0.0.1:${port}/healthz`, { headers: { 'x-big': 'a'.repeat(20_000) } });
    expect(response.status).toBe(431);
  });

  it('answers a connection over the per-address limit 429 and closes it, and takes new ones once others close', async () => {
    const held: net.Socket[] = [];
    for (let i = 0; i < PER_ADDRESS; i++) {
      const socket = net.connect(port, '127.0.0.1');
      await new Promise((resolve) => socket.once('connect', resolve));
      held.push(socket);
    }
    const over = await slowly('', 60_000, 5_000);
    expect(over.received).toMatch(/^HTTP\/1\.1 429/);
    for (const socket of held) socket.destroy();
    await new Promise((resolve) => setTimeout(resolve, 100));
    const healthy = await fetch(`http://127.0.0.1:${port}/healthz`);
    expect(healthy.status).toBe(200);
  });

  it('still takes a body that arrives whole in time', async () => {
    const response = await fetch(`http://127.0.0.1:${port}/echo`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ text: 'hello' }),
    });
    expect(await response.json()).toEqual({ text: 'hello' });
  });
});
