import { BUILT_IN_PLUGINS } from '@agora/contracts/site/plugins';

/** The admin area's side menu: groups of pages, each a path below `/admin` and a label key. */
export interface MenuItem {
  path: string;
  label: string;
}
export interface MenuGroup {
  label?: string;
  items: MenuItem[];
}

export const ADMIN_MENU: MenuGroup[] = [
  { items: [{ path: '/admin', label: 'ui.admin.menu.dashboard' }] },
  {
    label: 'ui.admin.menu.contents',
    items: [
      { path: '/admin/questions', label: 'ui.admin.menu.questions' },
      { path: '/admin/answers', label: 'ui.admin.menu.answers' },
      { path: '/admin/flags', label: 'ui.admin.menu.flags' },
    ],
  },
  {
    items: [
      { path: '/admin/users', label: 'ui.admin.menu.users' },
      { path: '/admin/roles', label: 'ui.admin.menu.roles' },
      { path: '/admin/reasons', label: 'ui.admin.menu.reasons' },
    ],
  },
  {
    label: 'ui.admin.menu.customize',
    items: [
      { path: '/admin/themes', label: 'ui.admin.menu.themes' },
      { path: '/admin/css-html', label: 'ui.admin.menu.css_html' },
    ],
  },
  {
    label: 'ui.admin.menu.plugins',
    items: [{ path: '/admin/installed-plugins', label: 'ui.admin.menu.installed_plugins' }],
  },
  {
    label: 'ui.admin.menu.settings',
    items: [
      { path: '/admin/general', label: 'ui.admin.menu.general' },
      { path: '/admin/interface', label: 'ui.admin.menu.interface' },
      { path: '/admin/branding', label: 'ui.admin.menu.branding' },
      { path: '/admin/smtp', label: 'ui.admin.menu.smtp' },
      { path: '/admin/legal', label: 'ui.admin.menu.legal' },
      { path: '/admin/security', label: 'ui.admin.menu.security' },
      { path: '/admin/write', label: 'ui.admin.menu.write' },
      { path: '/admin/seo', label: 'ui.admin.menu.seo' },
      { path: '/admin/login', label: 'ui.admin.menu.login' },
      { path: '/admin/connectors', label: 'ui.admin.menu.connectors' },
      { path: '/admin/settings-users', label: 'ui.admin.menu.settings_users' },
      { path: '/admin/privileges', label: 'ui.admin.menu.privileges' },
    ],
  },
  {
    label: 'ui.admin.menu.advanced',
    items: [
      { path: '/admin/api-keys', label: 'ui.admin.menu.api_keys' },
      { path: '/admin/mcp', label: 'ui.admin.menu.mcp' },
      { path: '/admin/ai-settings', label: 'ui.admin.menu.ai_settings' },
      { path: '/admin/ai-conversations', label: 'ui.admin.menu.ai_conversations' },
    ],
  },
];

/** A plugin's settings page belongs under the plugin list. */
const isPluginPage = (path: string) => BUILT_IN_PLUGINS.some((plugin) => path === `/admin/${plugin.slug_name}`);

/** The menu item of a path (`/admin/dashboard` is the dashboard's). */
export function activeItem(pathname: string): MenuItem | undefined {
  const trimmed = pathname.replace(/\/+$/, '');
  const path =
    trimmed === '/admin/dashboard'
      ? '/admin'
      : isPluginPage(trimmed)
        ? '/admin/installed-plugins'
        : /^\/admin\/users\/[^/]+$/.test(trimmed)
          ? '/admin/users'
          : trimmed;
  return ADMIN_MENU.flatMap((group) => group.items).find((item) => item.path === path);
}
