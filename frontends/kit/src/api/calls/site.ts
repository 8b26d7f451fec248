import type { LanguageOption } from '@agora/contracts/i18n/languages';
import { ApiError } from '../api-error';
import { api } from '../client';
import type { SiteInfo, UserCenterAgentResp } from '../wire';

export const siteApi = {
  siteInfo: () => api.get<SiteInfo>('siteinfo'),
  languageOptions: () => api.get<LanguageOption[]>('language/options'),
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
