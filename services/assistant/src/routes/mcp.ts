import { errors, type HttpApp, type ServiceContext } from '@agora/platform';
import { SSEServerTransport } from '@modelcontextprotocol/sdk/server/sse.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { Type } from 'typebox';
import { keyCaller } from '../mcp/key-auth';
import { mcpServer } from '../mcp/server';
import type { SseSessions } from '../mcp/sessions';
import type { ToolContext } from '../tools/catalogue';

export const MCP_SSE_PATH = '/answer/api/v1/mcp/sse';
export const MCP_MESSAGE_PATH = '/answer/api/v1/mcp/message';
/** The current transport (Streamable HTTP), beside the reference's SSE pair. */
export const MCP_STREAMABLE_PATH = '/answer/api/v1/mcp';

const KEY = { auth: 'key' as const };

/**
 * The MCP server's routes, authenticated by API key on every request (docs/adr/0096-the-assistant-service.md): the
 * reference's HTTP+SSE transport (a stream opened by GET, messages POSTed with its session id and answered on
 * the stream) and Streamable HTTP, stateless (each POST a whole exchange, answered as JSON), which any replica can
 * answer.
 */
export async function mcpRoutes(
  app: HttpApp,
  context: ServiceContext,
  sessions: SseSessions,
  tools: () => Promise<ToolContext>,
) {
  const db = context.database.db;
  // An SSE channel never ends by itself: closing the service ends them, instead of waiting for them.
  app.addHook('preClose', () => sessions.closeAll());

  app.get(MCP_SSE_PATH, { config: KEY, schema: { hide: true } }, async (request, reply) => {
    const caller = await keyCaller(db, request);
    reply.hijack();
    const transport = new SSEServerTransport(MCP_MESSAGE_PATH, reply.raw);
    await sessions.add({ transport, keyId: caller.keyId });
    await mcpServer(tools, () => caller.scope).connect(transport);
  });

  app.post(
    MCP_MESSAGE_PATH,
    {
      config: KEY,
      schema: {
        hide: true,
        // Optional here so that a caller without a key hears 401 first, as on every key route.
        querystring: Type.Object({ sessionId: Type.Optional(Type.String({ maxLength: 64 })) }),
      },
    },
    async (request, reply) => {
      const caller = await keyCaller(db, request);
      const { sessionId } = request.query;
      if (!sessionId) throw errors.fields({ field: 'sessionId', key: 'validation.required' });
      const transport = sessions.find(sessionId, caller.keyId);
      if (!transport) {
        // Held by another replica: sent on to it, and accepted here as the holder would (202); the answer comes on
        // the session's stream.
        const delivery = await sessions.relay(sessionId, caller.keyId, request.body);
        if (delivery === 'unknown') throw errors.notFound();
        if (delivery === 'too-large') throw errors.fields({ field: 'body', key: 'validation.invalid' });
        return reply.code(202).type('text/plain').send('Accepted');
      }
      reply.hijack();
      await transport.handlePostMessage(request.raw, reply.raw, request.body);
    },
  );

  app.post(MCP_STREAMABLE_PATH, { config: KEY, schema: { hide: true } }, async (request, reply) => {
    const caller = await keyCaller(db, request);
    reply.hijack();
    const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
    const server = mcpServer(tools, () => caller.scope);
    reply.raw.on('close', () => {
      void transport.close();
      void server.close();
    });
    await server.connect(transport);
    await transport.handleRequest(request.raw, reply.raw, request.body);
  });
  // Stateless: no stream to open and no session to end.
  for (const method of ['GET', 'DELETE'] as const) {
    app.route({
      method,
      url: MCP_STREAMABLE_PATH,
      config: KEY,
      schema: { hide: true },
      handler: async (request, reply) => {
        await keyCaller(db, request);
        return reply
          .code(405)
          .header('allow', 'POST')
          .send({ jsonrpc: '2.0', error: { code: -32000, message: 'Method not allowed.' }, id: null });
      },
    });
  }
}
