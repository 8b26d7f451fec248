import { AGORA_VERSION } from '@agora/contracts';
import pino from 'pino';
import { Type } from 'typebox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHttpApp, type HttpApp } from '../src/http/app';
import { ok } from '../src/http/envelope';
import { errors } from '../src/http/errors';

let app: HttpApp;

beforeAll(async () => {
  app = await createHttpApp({ name: 'test', log: pino({ level: 'silent' }), ready: async () => true });
  app.post(
    '/answer/api/v1/thing',
    {
      schema: {
        body: Type.Object({
          title: Type.String({ minLength: 1, maxLength: 5 }),
          count: Type.Integer({ minimum: 1, maximum: 3 }),
          email: Type.Optional(Type.String({ format: 'email' })),
        }),
      },
    },
    async (request) => ok(request, { echoed: request.body.title }),
  );
  app.get('/answer/api/v1/boom', async () => {
    throw new Error('secret connection string postgres://u:p@db');
  });
  app.get('/answer/api/v1/refuse', async () => {
    throw errors.fields({ field: 'captcha_code', key: 'validation.required' });
  });
  app.get('/answer/api/v1/inactive', async () => {
    throw errors.forbidden('inactive');
  });
  // Levels as the auth plugin reads them (not registered here): only the OpenAPI document shows them.
  app.get('/answer/api/v1/mine', { config: { auth: 'login' } }, async (request) => ok(request, null));
  app.get('/answer/api/v1/maybe', { config: { auth: 'optional' } }, async (request) => ok(request, null));
  await app.ready();
});

afterAll(() => app.close());

const post = (payload: unknown, headers: Record<string, string> = {}) =>
  app.inject({ method: 'POST', url: '/answer/api/v1/thing', payload: payload as object, headers });

describe('service HTTP host', () => {
  it('wraps success in the envelope and echoes a request id', async () => {
    const response = await post({ title: 'ok', count: 2 });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ code: 200, reason: 'base.success', msg: 'Success.', data: { echoed: 'ok' } });
    expect(response.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    const traced = await post({ title: 'ok', count: 2 }, { 'x-request-id': 'abc-123' });
    expect(traced.headers['x-request-id']).toBe('abc-123');
  });

  it('answers schema failures with 400 and one message per field, before the handler runs', async () => {
    const response = await post({ title: 'too long!', count: 9, email: 'not-mail' });
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body.reason).toBe('base.request_format_error');
    expect(body.data).toEqual([
      { error_field: 'title', error_msg: 'Title must be at most 5 characters.' },
      { error_field: 'count', error_msg: 'Count must be at most 3.' },
      { error_field: 'email', error_msg: 'Email is invalid.' },
    ]);
    expect(body.msg).toBe('Title must be at most 5 characters.');
  });

  it('says a missing or empty field cannot be empty, in the asked language', async () => {
    const missing = await post({ count: 1 });
    expect(missing.json().data).toEqual([{ error_field: 'title', error_msg: 'Title cannot be empty.' }]);
    const empty = await post({ title: '', count: 1 }, { 'accept-language': 'zh-CN' });
    expect(empty.json().data).toEqual([{ error_field: 'title', error_msg: '标题不能为空。' }]);
  });

  it('answers a malformed body with 400 and no internals', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/answer/api/v1/thing',
      headers: { 'content-type': 'application/json' },
      payload: '{"title": ',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: 400,
      reason: 'base.request_format_error',
      data: [{ error_field: 'body', error_msg: 'Request body is invalid.' }],
    });
    expect(response.body).not.toMatch(/SyntaxError|JSON at position|FST_/);
  });

  it('never leaks an internal error', async () => {
    const response = await app.inject({ method: 'GET', url: '/answer/api/v1/boom' });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ code: 500, reason: 'base.unknown', msg: 'Unknown error.', data: null });
    expect(response.body).not.toContain('postgres://');
  });

  it('answers field errors raised by handlers and 403 types in the envelope', async () => {
    const refused = await app.inject({ method: 'GET', url: '/answer/api/v1/refuse' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().data).toEqual([{ error_field: 'captcha_code', error_msg: 'Captcha cannot be empty.' }]);
    const inactive = await app.inject({ method: 'GET', url: '/answer/api/v1/inactive' });
    expect(inactive.statusCode).toBe(403);
    expect(inactive.json()).toMatchObject({ reason: 'base.forbidden_error', data: { type: 'inactive' } });
  });

  it('answers unknown routes with 404 in the envelope', async () => {
    const response = await app.inject({ method: 'GET', url: '/answer/api/v1/nothing-here' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ code: 404, reason: 'base.not_found', data: null });
  });

  it('serves health, readiness, metrics and an OpenAPI document', async () => {
    expect((await app.inject({ url: '/healthz' })).json()).toEqual({ status: 'ok' });
    expect((await app.inject({ url: '/readyz' })).statusCode).toBe(200);
    const metrics = await app.inject({ url: '/metrics' });
    expect(metrics.body).toContain('agora_http_request_duration_seconds');
    const openapi = (await app.inject({ url: '/openapi.json' })).json();
    expect(openapi.openapi).toBe('3.1.0');
    expect(openapi.info.version).toBe(AGORA_VERSION);
    expect(openapi.paths['/answer/api/v1/thing'].post.requestBody).toBeDefined();
    expect(openapi.paths['/answer/api/v1/thing'].post.security).toBeUndefined();
    expect(openapi.paths['/answer/api/v1/mine'].get).toMatchObject({
      security: [{ accessToken: [] }],
      'x-agora-auth': 'login',
    });
    expect(openapi.paths['/answer/api/v1/maybe'].get.security).toEqual([{}, { accessToken: [] }]);
    expect(openapi.components.securitySchemes.accessToken).toMatchObject({ in: 'header', name: 'Authorization' });
    for (const hidden of ['/openapi.json', '/healthz', '/readyz', '/metrics'])
      expect(openapi.paths[hidden]).toBeUndefined();
  });
});
