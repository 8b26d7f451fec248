import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { createHttpApp } from '../src/http/app';
import { errors } from '../src/http/errors';
import { ProjectionBehindError } from '../src/http/unavailable';

/** An app whose routes fail each way a 503 can come about, with its log lines kept. */
async function failingApp() {
  const lines: Array<Record<string, unknown>> = [];
  const log = pino({ level: 'warn' }, { write: (line: string) => lines.push(JSON.parse(line)) });
  const app = await createHttpApp({ name: 'outages', log, openapi: false });
  app.post('/vote', async () => {
    throw new ProjectionBehindError('post-facts', '10070000000000000001', 42);
  });
  app.get('/read', async () => {
    throw Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
  });
  app.get('/forward', async () => {
    throw Object.assign(errors.unavailable(), { cause: new Error('socket hang up'), service: 'votes' });
  });
  return { app, lines };
}

describe('what a 503 is logged as (docs/adr/0092-ready-when-caught-up.md)', () => {
  it('names a projection behind with its lag, not a database outage; each kind its own line', async () => {
    const { app, lines } = await failingApp();
    const vote = await app.inject({ method: 'POST', url: '/vote' });
    expect(vote.statusCode).toBe(503);
    expect(vote.headers['retry-after']).toBeDefined();
    await app.inject({ method: 'GET', url: '/read' });
    await app.inject({ method: 'GET', url: '/forward' });
    await app.inject({ method: 'POST', url: '/vote' });
    const said = lines.map((line) => [line.msg, line.projection ?? line.unreachable ?? null, line.lag ?? null]);
    expect(said).toEqual([
      [expect.stringMatching(/^projection behind/), 'post-facts', 42],
      [expect.stringMatching(/^database unreachable/), null, null],
      [expect.stringMatching(/^service unreachable/), 'votes', null],
    ]);
    expect(lines[0]?.waitingFor).toBe('10070000000000000001');
    await app.close();
  });
});
