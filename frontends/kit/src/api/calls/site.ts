import type { LanguageOption } from '@agora/contracts/i18n/languages';
import { ApiError } from '../api-error';
import { api } from '../client';
import type { LegalInfo, RenderConfig, SidebarConfig, SiteInfo, UserCenterAgentResp } from '../wire';

export const siteApi = {
  siteInfo: () => api.get<SiteInfo>('siteinfo'),
  /** The terms of service or the privacy policy, as the admin wrote them. */
  legal: (info_type: 'tos' | 'privacy') => api.get<LegalInfo>('siteinfo/legal', { params: { info_type } }),
  languageOptions: () => api.get<LanguageOption[]>('language/options'),
  /** The sidebar plugin's tags and links; empty while the plugin is off (docs/adr/0073-built-in-plugins.md). */
  sidebarConfig: () => api.get<SidebarConfig>('sidebar/config', { silent: true }),
  /** The code highlighting plugin's theme; empty while the plugin is off. */
  renderConfig: () => api.get<RenderConfig>('render/config', { silent: true }),
  /** The user-center agent; a deployment without the route has none. */
  userCenterAgent: async (): Promise<UserCenterAgentResp> => {
    try {
      return (await api.get<UserCenterAgentResp | null>('user-center/agent', { silent: true })) ?? { enabled: false };
    } catch (error) {
      if (error instanceof ApiError && error.status === 404) return { enabled: false };
      throw error;
    }
  },
};
