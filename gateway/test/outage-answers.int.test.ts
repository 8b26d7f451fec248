import net from 'node:net';
import type { HttpApp } from '@agora/platform';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGateway } from '../src/gateway';
import { HttpTransport } from '../src/transports';

let gateway: HttpApp;
let posts: HttpTransport;
let votes: HttpTransport;
/** A service that takes each request and dies before it answers (kill -9 mid-request). */
const dying = net.createServer((socket) => socket.once('data', () => socket.destroy()));

/** A port nothing listens on: the owning service is down. */
async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

beforeAll(async () => {
  posts = new HttpTransport(`http://127.0.0.1:${await closedPort()}`);
  await new Promise<void>((resolve) => dying.listen(0, '127.0.0.1', resolve));
  votes = new HttpTransport(`http://127.0.0.1:${(dying.address() as net.AddressInfo).port}`);
  gateway = await createGateway({ log: pino({ level: 'silent' }), transports: { posts, votes } });
});

afterAll(async () => {
  await gateway?.close();
  await posts?.close();
  await votes?.close();
  await new Promise((resolve) => dying.close(resolve));
});

describe('a service that does not answer (docs/adr/0092-ready-when-caught-up.md)', () => {
  it('answers 503 to try again when the service could not be reached, for reads and writes alike', async () => {
    const read = await gateway.inject({ method: 'GET', url: '/answer/api/v1/question/info?id=1' });
    expect(read.statusCode).toBe(503);
    expect(read.headers['retry-after']).toBeDefined();
    expect(read.json().msg).toMatch(/temporarily unavailable/);

    const refused = await gateway.inject({
      method: 'POST',
      url: '/answer/api/v1/answer',
      headers: { 'content-type': 'application/json' },
      payload: { question_id: '1', content: 'An answer never sent.' },
    });
    expect(refused.statusCode).toBe(503);
    expect(refused.json().msg).toMatch(/temporarily unavailable/);
  });

  it('answers a write cut off mid-way 503 saying its outcome is unknown, in the reader language', async () => {
    const write = await gateway.inject({
      method: 'POST',
      url: '/answer/api/v1/vote/up',
      headers: { 'content-type': 'application/json' },
      payload: { object_id: '1', is_cancel: false },
    });
    expect(write.statusCode).toBe(503);
    expect(write.json()).toMatchObject({ code: 503, reason: 'base.service_unavailable' });
    expect(write.json().msg).toMatch(/may or may not have been saved/);

    const inChinese = await gateway.inject({
      method: 'POST',
      url: '/answer/api/v1/vote/down',
      headers: { 'content-type': 'application/json', 'accept-language': 'zh-CN' },
      payload: {},
    });
    expect(inChinese.json().msg).toMatch(/可能已保存/);
    const read = await gateway.inject({ method: 'GET', url: '/answer/api/v1/personal/vote/page' });
    expect(read.json().msg).toMatch(/temporarily unavailable/);
  });
});
