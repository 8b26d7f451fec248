import { describe, expectTypeOf, it } from 'vitest';
import type { Actor, ActorOf, HttpApp, SessionIdOf } from '../src';

/*
 * Typed signed-in requests (docs/adr/0053-typed-signed-in-requests.md): a route's `config.auth` decides the type of `request.actor`.
 * These are type assertions: `npm run typecheck` fails when one breaks (vitest only runs the shell).
 */

function memberRoutes(app: HttpApp) {
  for (const auth of ['login', 'user', 'staff', 'admin'] as const) {
    app.get(`/${auth}`, { config: { auth } }, async (request) => {
      expectTypeOf(request.actor).toEqualTypeOf<Actor>();
      expectTypeOf(request.sessionId).toEqualTypeOf<string>();
      return request.actor.id;
    });
  }
  app.route({
    method: 'POST',
    url: '/route-form',
    config: { auth: 'user' },
    handler: async (request) => {
      expectTypeOf(request.actor).toEqualTypeOf<Actor>();
      return null;
    },
  });
}

function openRoutes(app: HttpApp) {
  app.get('/optional', { config: { auth: 'optional' } }, async (request) => {
    expectTypeOf(request.actor).toEqualTypeOf<Actor | null>();
    expectTypeOf(request.sessionId).toEqualTypeOf<string | null>();
    return null;
  });
  app.get('/no-config', async (request) => {
    expectTypeOf(request.actor).toEqualTypeOf<Actor | null>();
    return null;
  });
  app.addHook('onRequest', async (request) => {
    // Hooks see every route: the actor may be missing.
    expectTypeOf(request.actor).toEqualTypeOf<Actor | null>();
  });
}

describe('typed signed-in requests', () => {
  it('give member routes an actor and every other route an actor or null', () => {
    expectTypeOf<ActorOf<{ auth: 'user' }>>().toEqualTypeOf<Actor>();
    expectTypeOf<ActorOf<{ auth: 'admin'; captcha: string }>>().toEqualTypeOf<Actor>();
    expectTypeOf<ActorOf<{ auth: 'none' }>>().toEqualTypeOf<Actor | null>();
    // A level not known while typing (a union) could be an open one.
    expectTypeOf<ActorOf<{ auth: 'user' | 'optional' }>>().toEqualTypeOf<Actor | null>();
    expectTypeOf<ActorOf<unknown>>().toEqualTypeOf<Actor | null>();
    expectTypeOf<SessionIdOf<{ auth: 'login' }>>().toEqualTypeOf<string>();
    expectTypeOf(memberRoutes).toBeFunction();
    expectTypeOf(openRoutes).toBeFunction();
  });
});
