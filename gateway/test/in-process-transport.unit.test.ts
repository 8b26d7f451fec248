import { Readable } from 'node:stream';
import { createHttpApp } from '@agora/platform';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { InProcessTransport } from '../src/transports';

let transport: InProcessTransport;
const big = Buffer.alloc(200_000, 'abcdefghij');

beforeAll(async () => {
  const app = await createHttpApp({ name: 'echo', log: pino({ level: 'silent' }), openapi: false });
  app.get('/one-piece', async (_request, reply) => reply.type('application/octet-stream').send(big));
  app.get('/in-chunks', async (_request, reply) =>
    reply.type('text/plain').send(Readable.from(['first chunk, ', 'second chunk, ', 'third chunk'])),
  );
  app.post('/echo', async (request, reply) => reply.code(201).send({ got: request.body }));
  transport = new InProcessTransport(app);
});

afterAll(async () => {
  await transport.close();
});

describe('in-process transport', () => {
  it('passes a body written in one piece through whole', async () => {
    const response = await transport.forward({ method: 'GET', url: '/one-piece', headers: {}, body: undefined });
    expect(response.status).toBe(200);
    expect(response.body.equals(big)).toBe(true);
    expect(response.headers['content-type']).toBe('application/octet-stream');
  });

  it('joins a streamed body in order', async () => {
    const response = await transport.forward({ method: 'GET', url: '/in-chunks', headers: {}, body: undefined });
    expect(response.body.toString()).toBe('first chunk, second chunk, third chunk');
  });

  it('sends the request body and answers with the status and JSON the app sent', async () => {
    const response = await transport.forward({
      method: 'POST',
      url: '/echo',
      headers: { 'content-type': 'application/json' },
      body: Buffer.from(JSON.stringify({ a: 1 })),
    });
    expect(response.status).toBe(201);
    expect(JSON.parse(response.body.toString())).toEqual({ got: { a: 1 } });
  });
});
