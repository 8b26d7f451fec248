import { AGORA_VERSION } from '@agora/contracts';
import type { SwaggerOptions } from '@fastify/swagger';
import type { FastifySchema } from 'fastify';
import type { AuthLevel } from '../auth/levels';

/** The security scheme every service's document declares: the access token in the `Authorization` header. */
export const ACCESS_TOKEN_SCHEME = 'accessToken';

/** The scheme of the routes that take an API key instead of a session (the MCP server's). */
export const API_KEY_SCHEME = 'apiKey';

/** Where a service serves its own OpenAPI document (hidden from it, as an operator route is). */
export const OPENAPI_PATH = '/openapi.json';

/**
 * What a route's declared level (`config.auth`) asks of the caller, as OpenAPI security requirements:
 * nothing (`none`, or no level), a token if the caller has one (`optional`), or a token.
 */
function securityOf(level: AuthLevel | undefined): Array<Record<string, string[]>> | undefined {
  if (level === undefined || level === 'none') return undefined;
  if (level === 'optional') return [{}, { [ACCESS_TOKEN_SCHEME]: [] }];
  if (level === 'key') return [{ [API_KEY_SCHEME]: [] }];
  return [{ [ACCESS_TOKEN_SCHEME]: [] }];
}

/**
 * The options of `@fastify/swagger` for a service's document (docs/adr/0009-api-reference.md): OpenAPI 3.1 (the
 * TypeBox route schemas are JSON Schema 2020-12, which 3.1 takes as they are), the access token scheme,
 * and each route's level as its security and `x-agora-auth`. The route schema is copied, never changed:
 * Fastify validates with it.
 */
export function openApiOptions(name: string): SwaggerOptions {
  return {
    openapi: {
      openapi: '3.1.0',
      info: { title: `Agora ${name} API`, version: AGORA_VERSION },
      components: {
        securitySchemes: {
          [ACCESS_TOKEN_SCHEME]: {
            type: 'apiKey',
            in: 'header',
            name: 'Authorization',
            description: 'The access token a login answers with (a `Bearer ` prefix is tolerated).',
          },
          [API_KEY_SCHEME]: {
            type: 'apiKey',
            in: 'header',
            name: 'Authorization',
            description: 'An API key an admin made (`sk_…`, a `Bearer ` prefix is tolerated): the MCP server takes it.',
          },
        },
      },
    },
    transform: ({ schema, url, route }) => {
      const level = (route.config as { auth?: AuthLevel } | undefined)?.auth;
      const security = securityOf(level);
      if (!security) return { schema, url };
      const documented: FastifySchema & Record<string, unknown> = { ...schema, security, 'x-agora-auth': level };
      return { schema: documented, url };
    },
  };
}
