import type { FastifyInstance, FastifySchema } from 'fastify';
import type { AuthLevel } from '../auth/levels';

/** One route as it was registered: what the fuzz and authorisation tests are generated from. */
export interface RegisteredRoute {
  method: string;
  url: string;
  /** The route's declared level (`config.auth`); undefined when it declared none. */
  auth: AuthLevel | undefined;
  schema: FastifySchema | undefined;
  /** Operator routes (`schema.hide`): health, readiness, metrics, the OpenAPI document. */
  hidden: boolean;
}

const registries = new WeakMap<object, RegisteredRoute[]>();

/** Records every route registered on the app from now on; read them back with `registeredRoutes`. */
export function recordRoutes(app: FastifyInstance): void {
  const routes: RegisteredRoute[] = [];
  registries.set(app, routes);
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    const schema = route.schema as (FastifySchema & { hide?: boolean }) | undefined;
    for (const method of methods) {
      // Fastify adds a HEAD twin to every GET; it is the GET's route.
      if (method === 'HEAD') continue;
      routes.push({
        method,
        url: route.url,
        auth: (route.config as { auth?: AuthLevel } | undefined)?.auth,
        schema,
        hidden: schema?.hide === true,
      });
    }
  });
}

/** Every route of an app made by `createHttpApp`, in registration order. */
export function registeredRoutes(app: object): readonly RegisteredRoute[] {
  return registries.get(app) ?? [];
}
