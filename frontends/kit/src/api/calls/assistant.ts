import { ADMIN_API_BASE, api } from '../client';
import type { ApiKeyCreatedResp, ApiKeyItem, ApiKeyScope, McpConfig } from '../wire';

const admin = (path: string) => `${ADMIN_API_BASE}/${path}`;
/** Admin calls: a 403 shows the 403 page. */
const ADMIN = { admin: true } as const;

/** The admin's API keys and the MCP server's switch (`{base}/admin/api/api-key*`, `mcp-config`). */
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
};
