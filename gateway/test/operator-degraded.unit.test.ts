import { createHttpApp } from '@agora/platform';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { createOperatorApp, degradedWhenAny, readyWhenAll } from '../src/operator';

const log = pino({ level: 'silent' });

describe('operator readiness of the embedded process', () => {
  it('answers 200 "degraded" with each service\'s set-aside events, and "ready" once there are none', async () => {
    let parked = 3;
    const notifications = await createHttpApp({
      name: 'notifications',
      log,
      degraded: async () => (parked > 0 ? { parkedEvents: parked, parked: { 'inbox-from-posts': parked } } : null),
    });
    const posts = await createHttpApp({ name: 'posts', log });
    const services = [
      { name: 'notifications', app: notifications },
      { name: 'posts', app: posts },
    ];
    const operator = await createOperatorApp({
      log,
      ready: readyWhenAll(services.map((s) => s.app)),
      degraded: degradedWhenAny(services),
    });
    const degraded = await operator.inject({ method: 'GET', url: '/readyz' });
    expect(degraded.statusCode).toBe(200);
    expect(degraded.json()).toEqual({
      status: 'degraded',
      services: { notifications: { parkedEvents: 3, parked: { 'inbox-from-posts': 3 } } },
    });
    parked = 0;
    expect((await operator.inject({ method: 'GET', url: '/readyz' })).json()).toEqual({ status: 'ready' });
    await Promise.all([operator.close(), notifications.close(), posts.close()]);
  });
});
