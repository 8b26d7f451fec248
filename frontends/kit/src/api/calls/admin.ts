import { ADMIN_API_BASE, api } from '../client';
import type {
  AdminUserOverview,
  AdminUserPageItem,
  DashboardResp,
  Page,
  PluginConfigResp,
  PluginListItem,
  PrivilegesResp,
  ReasonItem,
  RoleItem,
  SmtpSettingsResp,
  UserActivationResp,
} from '../wire';

const admin = (path: string) => `${ADMIN_API_BASE}/${path}`;
/** Admin calls: a 403 shows the 403 page. */
const ADMIN = { admin: true } as const;

/** The user list's filters: everyone normal, or one status, or staff. */
export type AdminUserFilter = 'normal' | 'suspended' | 'deleted' | 'inactive' | 'staff';

export interface AdminUserQuery {
  page: number;
  page_size: number;
  query?: string;
  filter: AdminUserFilter;
}

/** How long a suspension lasts (`forever` has no end). */
export const SUSPEND_DURATIONS = ['24h', '48h', '72h', '7d', '14d', '1m', '2m', '3m', '6m', '1y', 'forever'] as const;
export type SuspendDuration = (typeof SUSPEND_DURATIONS)[number];

export type AdminUserStatusChange =
  | { status: 'normal' | 'inactive' }
  | { status: 'suspended'; suspend_duration: SuspendDuration }
  | { status: 'deleted'; remove_all_content: boolean };

/** The admin area's calls (`{base}/admin/api`). */
export const adminApi = {
  dashboard: () => api.get<DashboardResp>(admin('dashboard'), ADMIN),
  /** A settings page's values (`siteinfo/*`, `setting/*`). */
  settings: <T>(path: string) => api.get<T>(admin(path), ADMIN),
  saveSettings: (path: string, values: unknown) => api.put<unknown>(admin(path), values, ADMIN),
  smtp: () => api.get<SmtpSettingsResp>(admin('setting/smtp'), ADMIN),
  privileges: () => api.get<PrivilegesResp>(admin('setting/privileges'), ADMIN),
  users: ({ filter, ...query }: AdminUserQuery) =>
    api.get<Page<AdminUserPageItem>>(admin('users/page'), {
      ...ADMIN,
      params: {
        ...query,
        query: query.query?.trim() || undefined,
        ...(filter === 'staff' ? { staff: true } : { status: filter }),
      },
    }),
  /** One member's overview (`/admin/users/{user_id}`). */
  user: (user_id: string) => api.get<AdminUserOverview>(admin('user'), { ...ADMIN, params: { user_id } }),
  roles: () => api.get<RoleItem[]>(admin('roles'), ADMIN),
  changeRole: (user_id: string, role_id: number) => api.put<null>(admin('user/role'), { user_id, role_id }, ADMIN),
  changeStatus: (user_id: string, change: AdminUserStatusChange) =>
    api.put<null>(admin('user/status'), { user_id, ...change }, ADMIN),
  changePassword: (user_id: string, password: string) =>
    api.put<null>(admin('user/password'), { user_id, password }, ADMIN),
  activationLink: (user_id: string) =>
    api.get<UserActivationResp>(admin('user/activation'), { ...ADMIN, params: { user_id } }),
  resendActivation: (user_id: string) => api.post<null>(admin('user/activation'), { user_id }, ADMIN),
  addUser: (body: { display_name: string; email: string; password: string }) =>
    api.post<null>(admin('user'), body, ADMIN),
  addUsers: (users: string) => api.post<null>(admin('users'), { users }, ADMIN),
  /** The plugins, of one status or all (docs/adr/0073-built-in-plugins.md). */
  plugins: (status?: string) =>
    api.get<PluginListItem[]>(admin('plugins'), { ...ADMIN, params: { status: status || undefined } }),
  setPluginStatus: (plugin_slug_name: string, enabled: boolean) =>
    api.put<null>(admin('plugin/status'), { plugin_slug_name, enabled }, ADMIN),
  pluginConfig: (plugin_slug_name: string) =>
    api.get<PluginConfigResp>(admin('plugin/config'), { ...ADMIN, params: { plugin_slug_name } }),
  savePluginConfig: (plugin_slug_name: string, config_fields: Record<string, unknown>) =>
    api.put<null>(admin('plugin/config'), { plugin_slug_name, config_fields }, ADMIN),
  /** The reasons offered for an action on an object type, as the admin manages them. */
  reasons: (object_type: string, action: string) =>
    api.get<ReasonItem[]>(admin('reasons'), { ...ADMIN, params: { object_type, action } }),
  /** A branding image (logo, icon) uploaded through `file`: its URL. */
  uploadBranding: (file: File) => {
    const form = new FormData();
    form.append('source', 'branding');
    form.append('file', file);
    return api.upload<string>('file', form);
  },
};
