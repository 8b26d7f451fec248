import type { ApiKeyScope } from '@agora/contracts';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { CallToolRequestSchema, ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { AjvJsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/ajv';
import { callTool } from '../tools/calls';
import { TOOLS, type ToolContext } from '../tools/catalogue';

/** The server's name and version as the reference announces them, so clients set up for it recognise Agora's. */
export const MCP_SERVER_INFO = { name: 'Answer Enterprise MCP Server', version: '1.0.0' };

/**
 * One JSON Schema validator for every server: by default the SDK builds a new Ajv with its formats for each server,
 * that is for each Streamable HTTP request: half a millisecond to a millisecond of CPU each, on every tool call.
 */
const VALIDATOR = new AjvJsonSchemaValidator();

/**
 * One MCP server for one connection (an SSE session, or one Streamable HTTP request): the tools of the catalogue,
 * listed with their JSON Schemas (the same the assistant gives the model) and called through the one door,
 * `callTool`, with the connection's key scope. The tool context is read per call, so a revoked key or a change of
 * settings counts at once.
 */
export function mcpServer(contextOf: () => Promise<ToolContext>, scope: () => ApiKeyScope): Server {
  // The low-level server: the tools are described by JSON Schema already (shared with the assistant), not zod.
  const server = new Server(MCP_SERVER_INFO, { capabilities: { tools: {} }, jsonSchemaValidator: VALIDATOR });
  server.setRequestHandler(ListToolsRequestSchema, async () => ({
    tools: TOOLS.map((tool) => ({
      name: tool.name,
      description: tool.description,
      inputSchema: tool.parameters as never,
      annotations: { readOnlyHint: tool.readOnly },
    })),
  }));
  server.setRequestHandler(CallToolRequestSchema, async (request) => {
    const outcome = await callTool(request.params.name, request.params.arguments, await contextOf(), scope());
    return { content: [{ type: 'text', text: outcome.text }], isError: outcome.isError };
  });
  return server;
}
