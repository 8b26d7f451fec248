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
    items: [
      { path: '/admin/users', label: 'ui.admin.menu.users' },
      { path: '/admin/roles', label: 'ui.admin.menu.roles' },
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
      { path: '/admin/settings-users', label: 'ui.admin.menu.settings_users' },
      { path: '/admin/privileges', label: 'ui.admin.menu.privileges' },
    ],
  },
];

/** The menu item of a path (`/admin/dashboard` is the dashboard's). */
export function activeItem(pathname: string): MenuItem | undefined {
  const path = pathname.replace(/\/+$/, '') === '/admin/dashboard' ? '/admin' : pathname.replace(/\/+$/, '');
  return ADMIN_MENU.flatMap((group) => group.items).find((item) => item.path === path);
}
