import pino from 'pino';
import { Type } from 'typebox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHttpApp, type HttpApp } from '../src/http/app';
import { MAX_INPUT_DEPTH } from '../src/http/validation';

const BODY_LIMIT = 1024 * 1024;
let app: HttpApp;
const errorsLogged: unknown[] = [];

beforeAll(async () => {
  const log = pino({ level: 'error' }, { write: (line: string) => errorsLogged.push(line) });
  app = await createHttpApp({ name: 'deep-input', log, openapi: false, bodyLimit: BODY_LIMIT });
  const Login = Type.Object({ e_mail: Type.String(), pass: Type.String(), extra: Type.Optional(Type.Unknown()) });
  app.post('/login', { schema: { body: Login } }, async () => ({ ok: true }));
});

afterAll(async () => {
  await app?.close();
});

const nestedObjects = (depth: number) => `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;
const nestedArrays = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;
const post = (payload: string) =>
  app.inject({ method: 'POST', url: '/login', headers: { 'content-type': 'application/json' }, payload });

describe('deeply nested input', () => {
  it.each([
    ['4,000 levels of objects (10 KB) as the whole body', nestedObjects(4000)],
    [
      '4,000 levels of objects under a field the schema leaves open',
      `{"e_mail":"a","pass":"b","extra":${nestedObjects(4000)}}`,
    ],
    ['as many levels of arrays as the body limit holds', nestedArrays(Math.floor((BODY_LIMIT - 64) / 2))],
    [
      'as many levels of objects as the body limit holds, under an open field',
      `{"e_mail":"a","pass":"b","extra":${nestedObjects(Math.floor((BODY_LIMIT - 64) / 6))}}`,
    ],
  ])('answers %s with 400 naming the body, and logs no error', async (_name, payload) => {
    expect(payload.length).toBeLessThanOrEqual(BODY_LIMIT);
    const response = await post(payload);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 400, reason: 'base.request_format_error' });
    expect(response.json().data).toContainEqual(expect.objectContaining({ error_field: 'body' }));
    expect(errorsLogged).toEqual([]);
  });

  it(`takes input nested up to ${MAX_INPUT_DEPTH} levels`, async () => {
    const extra = nestedObjects(MAX_INPUT_DEPTH - 2);
    const response = await post(`{"e_mail":"a","pass":"b","extra":${extra}}`);
    expect(response.statusCode).toBe(200);
  });
});
