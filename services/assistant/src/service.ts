import { AssistantEvents } from '@agora/contracts';
import { partsOf, type RunningService, type ServiceModule } from '@agora/platform';
import { AssistantCommands } from './commands/api-keys';
import { SseSessions } from './mcp/sessions';
import { assistantMigrations } from './migrations';
import { libraryFromPosts } from './projections/library/from-posts';
import { libraryFromTags } from './projections/library/from-tags';
import { libraryFromVotes } from './projections/library/from-votes';
import { adminRoutes } from './routes/admin';
import { mcpRoutes } from './routes/mcp';
import type { ToolContext } from './tools/catalogue';

/** One assistant instance's parts. */
export interface AssistantParts {
  commands: AssistantCommands;
  sessions: SseSessions;
  tools(): Promise<ToolContext>;
}

/**
 * The assistant (docs/adr/0096-the-assistant-service.md): API keys, the MCP server and the tools it offers, over
 * its library of the community's posts and tags (projected from posts', tags' and votes' events).
 */
export const assistantService: ServiceModule<AssistantParts> = {
  name: 'assistant',
  migrations: assistantMigrations,
  events: AssistantEvents,
  setup: (context) => ({
    commands: new AssistantCommands(context),
    sessions: new SseSessions(),
    tools: async () => ({ db: context.database.db, settings: await context.siteSettings(), semantic: null }),
  }),
  async routes(app, context, parts) {
    await adminRoutes(app, context, parts.commands);
    await mcpRoutes(app, context, parts.sessions, parts.tools);
  },
  projections: () => [libraryFromPosts, libraryFromTags, libraryFromVotes],
  async background(_context, { sessions }) {
    return { stop: () => sessions.closeAll() };
  },
};

/** A running assistant instance's parts. */
export function assistantFor(service: RunningService): AssistantParts {
  return partsOf(service, assistantService);
}
