import type { LanguageOption } from '@agora/contracts/i18n/languages';
import type { SiteInfo } from '@agora/contracts/site/siteinfo';
import { ApiError } from '../api-error';
import { api } from '../client';

export type { SiteInfo };

export interface UserCenterAgent {
  enabled: boolean;
  agent_info?: {
    name?: string;
    display_name?: string;
    icon?: string;
    url?: string;
    login_redirect_url?: string;
    sign_up_redirect_url?: string;
    control_center?: { name: string; label: string; url: string }[];
    enabled_original_user_system?: boolean;
  };
}

export const siteApi = {
  siteInfo: () => api.get<SiteInfo>('siteinfo'),
  languageOptions: () => api.get<LanguageOption[]>('language/options'),
  /** The user-center agent; a deployment without the route has none. */
  userCenterAgent: async (): Promise<UserCenterAgent> => {
    try {
      return (await api.get<UserCenterAgent | null>('user-center/agent', { silent: true })) ?? { enabled: false };
    } catch (error) {
      if (error instanceof ApiError && error.status === 404) return { enabled: false };
      throw error;
    }
  },
};
