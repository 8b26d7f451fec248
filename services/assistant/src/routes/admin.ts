import {
  ApiKeyCreateBody,
  ApiKeyCreatedSchema,
  ApiKeyDeleteBody,
  ApiKeyItemSchema,
  ApiKeyUpdateBody,
  EnvelopeSchema,
  McpConfigSchema,
  McpConfigUpdateBody,
  siteRoot,
} from '@agora/contracts';
import { type HttpApp, ok, type ServiceContext } from '@agora/platform';
import { Type } from 'typebox';
import type { AssistantCommands } from '../commands/api-keys';
import { listApiKeys, mcpEnabled } from '../queries/api-keys';
import { MCP_SSE_PATH } from './mcp';

const ADMIN = { auth: 'admin' as const };

/** `{admin}/api-key*` and `{admin}/mcp-config`: admins' keys (shown once, listed masked) and the MCP switch. */
export async function adminRoutes(app: HttpApp, context: ServiceContext, commands: AssistantCommands) {
  const db = context.database.db;

  app.get(
    '/answer/admin/api/api-key/all',
    { config: ADMIN, schema: { response: { 200: EnvelopeSchema(Type.Array(ApiKeyItemSchema)) } } },
    async (request) => ok(request, await listApiKeys(db)),
  );
  app.post(
    '/answer/admin/api/api-key',
    {
      config: ADMIN,
      schema: { body: ApiKeyCreateBody, response: { 200: EnvelopeSchema(ApiKeyCreatedSchema) } },
    },
    async (request) =>
      ok(request, await commands.createKey(request.actor, request.body.description, request.body.scope)),
  );
  app.put(
    '/answer/admin/api/api-key',
    { config: ADMIN, schema: { body: ApiKeyUpdateBody, response: { 200: EnvelopeSchema(Type.Null()) } } },
    async (request) => {
      await commands.describeKey(request.actor, request.body.id, request.body.description);
      return ok(request, null);
    },
  );
  app.delete(
    '/answer/admin/api/api-key',
    { config: ADMIN, schema: { body: ApiKeyDeleteBody, response: { 200: EnvelopeSchema(Type.Null()) } } },
    async (request) => {
      await commands.revokeKey(request.actor, request.body.id);
      return ok(request, null);
    },
  );

  app.get(
    '/answer/admin/api/mcp-config',
    { config: ADMIN, schema: { response: { 200: EnvelopeSchema(McpConfigSchema) } } },
    async (request) => {
      const siteUrl = siteRoot((await context.siteSettings()).general.site_url);
      return ok(request, {
        enabled: await mcpEnabled(db),
        type: 'Server-Sent Event (SSE)',
        url: `${siteUrl}${MCP_SSE_PATH}`,
        http_header: 'Authorization={key}',
      });
    },
  );
  app.put(
    '/answer/admin/api/mcp-config',
    {
      config: ADMIN,
      schema: { body: McpConfigUpdateBody, response: { 200: EnvelopeSchema(Type.Null()) } },
    },
    async (request) => {
      await commands.switchMcp(request.actor, request.body.enabled);
      return ok(request, null);
    },
  );
}
