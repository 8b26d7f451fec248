import { AssistantEvents } from '@agora/contracts';
import { partsOf, type RunningService, type ServiceModule } from '@agora/platform';
import { AiConfigCommands } from './commands/ai-config';
import { AssistantCommands } from './commands/api-keys';
import { ConversationCommands } from './commands/conversations';
import { SseSessions } from './mcp/sessions';
import { assistantMigrations } from './migrations';
import { libraryFromPosts } from './projections/library/from-posts';
import { libraryFromTags } from './projections/library/from-tags';
import { libraryFromVotes } from './projections/library/from-votes';
import { adminRoutes } from './routes/admin';
import { aiAdminRoutes } from './routes/ai-admin';
import { chatRoute } from './routes/chat';
import { conversationRoutes } from './routes/conversations';
import { mcpRoutes } from './routes/mcp';
import { semanticRoutes } from './routes/semantic';
import { Embedder } from './semantic/embedder';
import { SEMANTIC_INDEX_TOPIC, SemanticIndex } from './semantic/semantic-index';
import { semanticSearch } from './semantic/semantic-search';
import { type VectorStore, VectorStores } from './semantic/vector-store';
import type { ToolContext } from './tools/catalogue';

/** One assistant instance's parts. */
export interface AssistantParts {
  commands: AssistantCommands;
  aiConfig: AiConfigCommands;
  conversations: ConversationCommands;
  sessions: SseSessions;
  /** The clustered index of the vectors in PostgreSQL (the embedded default's store). */
  semantic: SemanticIndex;
  /** Where the vectors are kept and searched: PostgreSQL, or OpenSearch's k-NN index scaled out. */
  vectors(): Promise<VectorStore>;
  closeVectors(): Promise<void>;
  embedder: Embedder;
  tools(): Promise<ToolContext>;
}

/**
 * The assistant (docs/adr/0096-the-assistant-service.md): API keys, the MCP server and the tools it offers, over
 * its library of the community's posts and tags (projected from posts', tags' and votes' events); the AI assistant
 * that answers members from the same tools, its settings and members' conversations.
 */
export const assistantService: ServiceModule<AssistantParts> = {
  name: 'assistant',
  migrations: assistantMigrations,
  events: AssistantEvents,
  setup: (context) => {
    const db = context.database.db;
    const semantic = new SemanticIndex(db, context.changes.topic(SEMANTIC_INDEX_TOPIC));
    const stores = new VectorStores(context.config, db, semantic);
    const vectors = () => stores.get();
    return {
      commands: new AssistantCommands(context),
      aiConfig: new AiConfigCommands(context),
      conversations: new ConversationCommands(context),
      sessions: new SseSessions(context),
      semantic,
      vectors,
      closeVectors: () => stores.close(),
      embedder: new Embedder(context, vectors),
      tools: async () => {
        const settings = await context.siteSettings();
        return {
          db,
          settings,
          // The provider is looked up only when semantic_search is called, not on every MCP request.
          semantic: async (query: string, topK: number) => semanticSearch(db, await vectors(), settings, query, topK),
        };
      },
    };
  },
  async routes(app, context, parts) {
    await adminRoutes(app, context, parts.commands);
    await mcpRoutes(app, context, parts.sessions, parts.tools);
    await aiAdminRoutes(app, context, parts.aiConfig, () => parts.embedder.nudge());
    await chatRoute(app, context, parts.conversations, parts.tools);
    await conversationRoutes(app, context, parts.conversations);
    await semanticRoutes(app, context, parts.vectors);
  },
  projections: () => [libraryFromPosts, libraryFromTags, libraryFromVotes],
  async background(_context, { sessions, embedder, semantic, closeVectors }) {
    sessions.listen();
    embedder.start();
    return {
      async stop() {
        await embedder.stop();
        await closeVectors();
        await semantic.close();
        await sessions.closeAll();
      },
    };
  },
};

/** A running assistant instance's parts. */
export function assistantFor(service: RunningService): AssistantParts {
  return partsOf(service, assistantService);
}
