import { Limits } from '@agora/contracts/limits';
import { ADMIN_API_BASE, api } from '../client';
import type {
  AdminAiConversation,
  AdminAiConversationItem,
  AiConfig,
  AiConfigInput,
  AiModel,
  AiProviderInfo,
  ApiKeyCreatedResp,
  ApiKeyItem,
  ApiKeyScope,
  McpConfig,
  Page,
} from '../wire';

const admin = (path: string) => `${ADMIN_API_BASE}/${path}`;
/** Admin calls: a 403 shows the 403 page. */
const ADMIN = { admin: true } as const;

/**
 * The admin's API keys and the MCP server's switch (`{base}/admin/api/api-key*`, `mcp-config`), the AI assistant's
 * settings (`ai-config`, `ai-provider`, `ai-models`) and the members' conversations with it (`ai/conversation*`).
 */
export const assistantAdminApi = {
  /** Every live key, masked. */
  apiKeys: () => api.get<ApiKeyItem[]>(admin('api-key/all'), ADMIN),
  /** A new key: the answer holds the whole key, the only time it is ever shown. */
  createApiKey: (body: { description: string; scope: ApiKeyScope }) =>
    api.post<ApiKeyCreatedResp>(admin('api-key'), body, ADMIN),
  describeApiKey: (id: ApiKeyItem['id'], description: string) =>
    api.put<null>(admin('api-key'), { id, description }, ADMIN),
  revokeApiKey: (id: ApiKeyItem['id']) => api.delete<null>(admin('api-key'), { id }, ADMIN),
  mcpConfig: () => api.get<McpConfig>(admin('mcp-config'), ADMIN),
  switchMcp: (enabled: boolean) => api.put<null>(admin('mcp-config'), { enabled }, ADMIN),

  /** The assistant's settings; each provider's key only as stars. */
  aiConfig: () => api.get<AiConfig>(admin('ai-config'), ADMIN),
  /** A key sent back as stars keeps the stored one. */
  saveAiConfig: (body: AiConfigInput) => api.put<null>(admin('ai-config'), body, ADMIN),
  aiProviders: () => api.get<AiProviderInfo[]>(admin('ai-provider'), ADMIN),
  /** The models a provider lists for this host and key (stars: the stored key); its refusal is shown as a toast. */
  aiModels: (body: { api_host: string; api_key: string }) =>
    api.post<AiModel[]>(admin('ai-models'), body, { ...ADMIN, timeoutMs: 20_000 }),
  aiConversations: (page: number) =>
    api.get<Page<AdminAiConversationItem>>(admin('ai/conversation/page'), {
      ...ADMIN,
      params: { page, page_size: Limits.ai.adminConversationsPageSize },
    }),
  aiConversation: (conversation_id: string) =>
    api.get<AdminAiConversation>(admin('ai/conversation'), { ...ADMIN, params: { conversation_id } }),
  /** Deletes the conversation for good: its words are purged from the log too. */
  deleteAiConversation: (conversation_id: string) =>
    api.delete<null>(admin('ai/conversation'), { conversation_id }, ADMIN),
};
